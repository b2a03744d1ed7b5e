-- ---------------------------------------------------------------------------
-- Required party roles per stage (issue 55): which roles a listing should
-- have filled in each status, so the Parties tab can say "Still needed for
-- Under contract: Buyer's agent, Title / escrow officer". Data, like the
-- statuses: a new requirement is a row. Only the listing's current status
-- counts (a closed listing is asked for what closing needs, which repeats
-- under_contract's roles).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.party_role_requirements (
  status text not null references public.listing_statuses (key) on delete cascade,
  role text not null check (role = any (private.party_roles())),
  primary key (status, role)
);

comment on table public.party_role_requirements is
  'Party roles a listing needs in a status (issue 55): listing_missing_party_roles() lists those without a party. Read by every signed-in user; written by migrations only.';
comment on column public.party_role_requirements.status is 'The listing status (listing_statuses.key) that needs the role.';
comment on column public.party_role_requirements.role is 'The party role needed (private.party_roles()).';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.party_role_requirements enable row level security;

create policy "Signed-in users can read party role requirements"
on public.party_role_requirements for select to authenticated
using (true);

revoke all on public.party_role_requirements from anon, authenticated;

grant select on public.party_role_requirements to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function public.listing_missing_party_roles(listing_id uuid)
returns text[]
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  listing_status text;
begin
  select l.status into listing_status from public.listings l where l.id = listing_missing_party_roles.listing_id;
  if not found then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  return array(
    select r.role
    from public.party_role_requirements r
    where r.status = listing_status
      and not exists (
        select 1 from public.listing_parties p
        where p.listing_id = listing_missing_party_roles.listing_id and p.role = r.role
      )
    order by array_position(private.party_roles(), r.role)
  );
end;
$$;

comment on function public.listing_missing_party_roles(listing_id uuid) is
  'The roles the listing''s current status requires (party_role_requirements) that no party of it holds, in role order; empty when none. Security invoker: a listing the caller does not read is 404 "listing not found".';

revoke execute on function public.listing_missing_party_roles(listing_id uuid) from public, anon;

grant execute on function public.listing_missing_party_roles(listing_id uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - Data
-- ---------------------------------------------------------------------------

insert into public.party_role_requirements (status, role) values
  ('live', 'seller'),
  ('under_contract', 'buyer'),
  ('under_contract', 'buyers_agent'),
  ('under_contract', 'title_escrow'),
  ('closed', 'buyer'),
  ('closed', 'buyers_agent'),
  ('closed', 'title_escrow');
