-- AI listing descriptions and the property research cache they draw on.

create table public.property_research (
  id uuid primary key default gen_random_uuid(),
  address text not null check (char_length(btrim(address)) between 1 and 500),
  research_data jsonb not null default '{}'::jsonb,
  last_updated timestamptz not null default now(),
  constraint property_research_address_key unique (address)
);
comment on table public.property_research is 'Cache of research about an address, shared by coordinators (public-record style facts, no personal data).';

create table public.ai_listing_descriptions (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid references public.listings (id) on delete cascade,
  tc_id uuid not null references public.users (id) on delete cascade,
  style text not null check (char_length(style) <= 100),
  description text not null check (char_length(description) <= 5000),
  highlights text[] not null default '{}',
  research_used boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.ai_listing_descriptions is 'Generated listing descriptions (one row per style, ~800 characters each) of a coordinator, optionally for a listing.';

create index ai_listing_descriptions_listing_id_idx on public.ai_listing_descriptions (listing_id);
create index ai_listing_descriptions_tc_id_idx on public.ai_listing_descriptions (tc_id);

create trigger ai_listing_descriptions_set_timestamps before insert or update on public.ai_listing_descriptions
  for each row execute function private.set_timestamps('created_only');

alter table public.property_research enable row level security;
alter table public.ai_listing_descriptions enable row level security;

create policy "Coordinators can read property research"
on public.property_research for select to authenticated
using ((select private.is_coordinator()));
create policy "Coordinators can add property research"
on public.property_research for insert to authenticated
with check ((select private.is_coordinator()));
create policy "Coordinators can refresh property research"
on public.property_research for update to authenticated
using ((select private.is_coordinator()))
with check ((select private.is_coordinator()));
create policy "Super admins can delete property research"
on public.property_research for delete to authenticated
using ((select private.is_super_admin()));

create policy "Coordinators can read their listing descriptions"
on public.ai_listing_descriptions for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can save descriptions for listings they coordinate"
on public.ai_listing_descriptions for insert to authenticated
with check (
  tc_id = (select private.current_account_id()) and (select private.is_coordinator())
  and (listing_id is null or listing_id in (select private.coordinated_listing_ids()) or (select private.is_super_admin()))
);
create policy "Coordinators can edit their listing descriptions"
on public.ai_listing_descriptions for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));
create policy "Coordinators can delete their listing descriptions"
on public.ai_listing_descriptions for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.property_research, public.ai_listing_descriptions from anon, authenticated;
grant select, insert, update, delete on public.property_research, public.ai_listing_descriptions to authenticated;
