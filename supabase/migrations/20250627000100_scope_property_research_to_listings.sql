-- Property research is now the facts of one listing (address, price, status,
-- short excerpts of its notes) that the listing-descriptions function gathered
-- with the caller's rights. Until now every coordinator read every row, which
-- would leak one team's notes to every other team. Each row now belongs to a
-- listing and is visible only to the coordinators of that listing and to super
-- admins (the AI tools are theirs; agents do not use them). The address stored
-- is always the listing's, written by the database.
--
-- Rows from before (an address only) are attached to the listing at the same
-- address when exactly one listing has it (case and spaces ignored); the rest
-- are a cache nobody can scope, so they are deleted: the next generation for a
-- listing gathers its facts again.

-- ---------------------------------------------------------------------------
-- Column
-- ---------------------------------------------------------------------------
alter table public.property_research
  add column listing_id uuid references public.listings (id) on delete cascade;
comment on column public.property_research.listing_id is
  'The listing the research describes; decides who may read it (its coordinators, super admins). Fixed once written.';

with normalized as (
  select l.id, lower(regexp_replace(btrim(l.address), '\s+', ' ', 'g')) as key from public.listings l
), unique_keys as (
  select key, min(id::text)::uuid as listing_id from normalized group by key having count(*) = 1
)
update public.property_research r set listing_id = u.listing_id
from unique_keys u
where u.key = lower(regexp_replace(btrim(r.address), '\s+', ' ', 'g'));

delete from public.property_research where listing_id is null;

-- Two teams may well list the same address: research is per listing, not per address.
alter table public.property_research
  drop constraint property_research_address_key,
  alter column listing_id set not null,
  add constraint property_research_listing_id_key unique (listing_id);

comment on table public.property_research is
  'Facts about one listing gathered for AI listing descriptions (address, price, status, short note excerpts; no seller contact details). Readable by the listing''s coordinators and super admins only.';
comment on column public.property_research.address is 'The listing''s address, copied by the database (whatever a client sends is replaced).';
comment on column public.property_research.last_updated is 'When the research was last written (set by the database).';

-- ---------------------------------------------------------------------------
-- Trigger: the address is the listing's; the listing never changes
-- ---------------------------------------------------------------------------
create function private.derive_property_research()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.listing_id is distinct from old.listing_id then
    raise exception 'listing_id is fixed when the research is created' using errcode = '42501';
  end if;
  -- Security definer: the policies already decided the caller may see the listing.
  select l.address into new.address from public.listings l where l.id = new.listing_id;
  if new.address is null then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  new.last_updated := now();
  return new;
end;
$$;
comment on function private.derive_property_research() is
  'Trigger (before insert or update on property_research): copies the listing''s address, stamps last_updated, refuses moving a row to another listing (403) and an unknown listing (404).';

create trigger property_research_derive before insert or update on public.property_research
  for each row execute function private.derive_property_research();

-- A listing's new address reaches its research (agents may edit the address but cannot read research).
create function private.sync_property_research_address()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.property_research r set address = new.address where r.listing_id = new.id;
  return null;
end;
$$;
comment on function private.sync_property_research_address() is
  'Trigger (after update of address on listings): keeps property_research.address equal to the listing''s address.';

create trigger listings_sync_property_research after update of address on public.listings
  for each row when (new.address is distinct from old.address)
  execute function private.sync_property_research_address();

revoke execute on function private.derive_property_research(), private.sync_property_research_address() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Row-level security: the listing's coordinators and super admins
-- ---------------------------------------------------------------------------
drop policy "Coordinators can read property research" on public.property_research;
drop policy "Coordinators can add property research" on public.property_research;
drop policy "Coordinators can refresh property research" on public.property_research;

create policy "Coordinators can read research of listings they coordinate"
on public.property_research for select to authenticated
using ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()));

create policy "Coordinators can add research of listings they coordinate"
on public.property_research for insert to authenticated
with check ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()));

create policy "Coordinators can refresh research of listings they coordinate"
on public.property_research for update to authenticated
using ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()))
with check ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()));
