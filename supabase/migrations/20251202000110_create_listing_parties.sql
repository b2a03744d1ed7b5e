-- ---------------------------------------------------------------------------
-- The parties on a deal (issue 55): who is on a listing, each a contact of
-- the contact book in a role (seller, buyer, the agents, lender, title,
-- inspector, appraiser, HOA, attorney, other). A role may hold several
-- contacts (position orders them), a contact several roles; the same contact
-- twice in one role is a 409.
--
-- Read and written by the people on the listing like its other records (the
-- copies listing_agent_id / listing_tc_id and private.is_on_listing()); the
-- copies trigger also puts the table in the catalogue of
-- private.copy_listing_people_to_items(), which keeps them when the listing's
-- agent or coordinator changes. The contact must be one the caller reads, of
-- the listing team's book or the caller's own (else 404 "contact not found"),
-- and the people on a listing read the contacts its parties name. A contact
-- that is a party somewhere is not deleted (409).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions the table uses
-- ---------------------------------------------------------------------------

create function private.party_roles()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['seller', 'buyer', 'listing_agent', 'buyers_agent', 'lender', 'title_escrow', 'inspector',
    'appraiser', 'hoa', 'attorney', 'other']
$$;

comment on function private.party_roles() is
  'The roles a listing party may hold, in the order screens and messages list them.';

revoke execute on function private.party_roles() from public;

grant execute on function private.party_roles() to authenticated, service_role;

create function private.party_role_label(role text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case role
    when 'seller' then 'Seller'
    when 'buyer' then 'Buyer'
    when 'listing_agent' then 'Listing agent'
    when 'buyers_agent' then 'Buyer''s agent'
    when 'lender' then 'Lender / loan officer'
    when 'title_escrow' then 'Title / escrow officer'
    when 'inspector' then 'Inspector'
    when 'appraiser' then 'Appraiser'
    when 'hoa' then 'HOA'
    when 'attorney' then 'Attorney'
    when 'other' then 'Other'
  end
$$;

comment on function private.party_role_label(role text) is
  'The label people read for a party role (Buyer''s agent, Title / escrow officer …); null for an unknown role.';

revoke execute on function private.party_role_label(role text) from public;

grant execute on function private.party_role_label(role text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.listing_parties (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  contact_id uuid not null references public.contacts (id) on delete restrict,
  role text not null check (role = any (private.party_roles())),
  position integer not null default 0 check (position between 0 and 1000),
  notes text check (char_length(notes) <= 500),
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  listing_agent_id uuid,
  listing_tc_id uuid,
  constraint listing_parties_listing_id_role_contact_id_key unique (listing_id, role, contact_id)
);

comment on table public.listing_parties is
  'Who is on a listing''s deal (issue 55): a contact of the contact book in a role, ordered by position within the role. Read and written by the people on the listing; one contact once per role (409).';
comment on column public.listing_parties.id is 'Party id.';
comment on column public.listing_parties.listing_id is 'The listing; fixed when the party is added (403).';
comment on column public.listing_parties.contact_id is 'The contact (contacts.id): one the caller reads, of the listing team''s book or the caller''s (else 404). A contact named here is not deleted.';
comment on column public.listing_parties.role is 'seller, buyer, listing_agent, buyers_agent, lender, title_escrow, inspector, appraiser, hoa, attorney or other (private.party_roles(); another value 400).';
comment on column public.listing_parties.position is 'Order within the role, from 0 (the seller fields'' party is 0).';
comment on column public.listing_parties.notes is 'Notes about this party on this deal, at most 500 characters.';
comment on column public.listing_parties.created_by is 'Who added the party (set by the database); null once deleted or when added by the database.';
comment on column public.listing_parties.created_at is 'When the party was added. Set by trigger.';
comment on column public.listing_parties.updated_at is 'When the party last changed. Set by trigger.';
comment on column public.listing_parties.listing_agent_id is 'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); decides with listing_tc_id who reads the party. Whatever a client sends is replaced.';
comment on column public.listing_parties.listing_tc_id is 'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.listing_parties enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Security invoker: current_user is the API role for direct requests (and
-- inside add_listing_party()), the owner inside the seller sync.
create function private.guard_listing_party()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  team_book uuid;
  contact public.contacts;
begin
  if new.role is null or not (new.role = any (private.party_roles())) then
    raise exception 'unknown role "%"; a party is one of %', new.role, array_to_string(private.party_roles(), ', ')
      using errcode = '22023';
  end if;
  new.notes := private.trim_text(new.notes);
  if current_user in ('authenticated', 'anon')
     and (tg_op = 'INSERT' or new.contact_id is distinct from old.contact_id) then
    -- The caller's reads decide: an unseen listing or contact is not found.
    select coalesce(l.tc_id, l.agent_id) into team_book from public.listings l where l.id = new.listing_id;
    if not found then
      raise exception 'listing not found' using errcode = 'PT404';
    end if;
    select c.* into contact from public.contacts c where c.id = new.contact_id;
    if contact.id is null
       or contact.book_id is distinct from team_book and contact.book_id is distinct from private.contact_book_id() then
      raise exception 'contact not found' using errcode = 'PT404';
    end if;
  end if;
  if tg_op = 'INSERT' or (new.role, new.contact_id) is distinct from (old.role, old.contact_id) then
    if exists (
      select 1 from public.listing_parties p
      where p.listing_id = new.listing_id and p.role = new.role and p.contact_id = new.contact_id and p.id <> new.id
    ) then
      select c.* into contact from public.contacts c where c.id = new.contact_id;
      raise exception '% is already the % on this listing', coalesce(contact.name, 'this contact'),
        private.party_role_label(new.role) using errcode = 'PT409';
    end if;
  end if;
  return new;
end;
$$;

comment on function private.guard_listing_party() is
  'Trigger (before insert or update on listing_parties, after the copies are set): unknown role 400 naming it; notes trimmed. API callers: a listing they do not read 404 "listing not found"; a contact they do not read, or of neither the listing team''s book (tc_id, else agent_id) nor their own, 404 "contact not found". The same contact twice in one role: 409 "<name> is already the <role label> on this listing".';

revoke execute on function private.guard_listing_party() from public;

grant execute on function private.guard_listing_party() to service_role;

create function private.contact_party_listing_count(contact_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(distinct p.listing_id)::integer from public.listing_parties p where p.contact_id = contact_party_listing_count.contact_id
$$;

comment on function private.contact_party_listing_count(contact_id uuid) is
  'On how many listings a contact is a party, whoever may read them (for the 409 of deleting it).';

revoke execute on function private.contact_party_listing_count(contact_id uuid) from public;

grant execute on function private.contact_party_listing_count(contact_id uuid) to authenticated, service_role;

create function private.guard_contact_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  listings integer := private.contact_party_listing_count(old.id);
begin
  if listings > 0 then
    raise exception 'this contact is a party on % %; remove it there first', listings,
      case when listings = 1 then 'listing' else 'listings' end using errcode = 'PT409';
  end if;
  return old;
end;
$$;

comment on function private.guard_contact_delete() is
  'Trigger (before delete on contacts): a contact that is a party on a listing is not deleted, 409 "this contact is a party on N listings; remove it there first" (the foreign key would answer without the count).';

revoke execute on function private.guard_contact_delete() from public;

grant execute on function private.guard_contact_delete() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "People on a listing can read its parties"
on public.listing_parties for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

create policy "People on a listing can add its parties"
on public.listing_parties for insert to authenticated
with check (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

create policy "People on a listing can update its parties"
on public.listing_parties for update to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

create policy "People on a listing can remove its parties"
on public.listing_parties for delete to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- The contacts' read policy gains a route, replaced whole (one permissive
-- policy per command): the listing's people see its parties' details even
-- when the contact is in another book (the coordinator's book on a listing
-- whose agent changed teams). The subquery reads listing_parties under its
-- own policy, which does not read contacts.
drop policy "Members of a contact book can read its contacts" on public.contacts;

create policy "Book members and people on its listings can read a contact"
on public.contacts for select to authenticated
using (
  book_id = (select private.contact_book_id())
  or (select private.is_super_admin())
  or exists (select 1 from public.listing_parties p where p.contact_id = contacts.id)
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.listing_parties from anon, authenticated;

grant select, delete on public.listing_parties to authenticated;

-- listing_id and the copies are granted so that the triggers answer with a
-- message (403 fixed column, copies replaced) instead of a bare refusal.
grant insert (id, listing_id, contact_id, role, position, notes, listing_agent_id, listing_tc_id),
  update (listing_id, contact_id, role, position, notes, listing_agent_id, listing_tc_id)
  on public.listing_parties to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

-- Named so that it runs after listing_parties_scope_listing_people (before
-- triggers run in name order).
create trigger listing_parties_verify before insert or update on public.listing_parties
  for each row execute function private.guard_listing_party();

create trigger listing_parties_keep_columns before update on public.listing_parties
  for each row execute function private.keep_columns('listing_id', 'created_by');

create trigger listing_parties_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.listing_parties
for each row execute function private.copy_listing_people();

create trigger listing_parties_set_owner before insert on public.listing_parties
  for each row execute function private.set_owner('created_by');

create trigger listing_parties_set_timestamps before insert or update on public.listing_parties
  for each row execute function private.set_timestamps();

create trigger contacts_guard_delete before delete on public.contacts
  for each row execute function private.guard_contact_delete();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index listing_parties_contact_id_idx on public.listing_parties (contact_id);

create index listing_parties_listing_agent_id_idx on public.listing_parties (listing_agent_id);

create index listing_parties_listing_tc_id_idx on public.listing_parties (listing_tc_id);

create index listing_parties_created_by_idx on public.listing_parties (created_by);
