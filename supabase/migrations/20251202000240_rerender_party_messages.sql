-- ---------------------------------------------------------------------------
-- Messages to parties are never stale (issue 55, part B): when what a queued
-- message says or who it goes to changes — a key date moved or removed
-- (an amendment, a date set by hand), a party added, changed or removed, the
-- listing's address, price or people, the contract's facts, the coordinator's
-- or agent's name, phone or e-mail — every held, waiting or approved message
-- of the listings concerned is re-rendered at once
-- (private.refresh_party_message(): old → new kept in `previous`, changed_at
-- set; held ↔ waiting/approved follows what is missing; a key-date message's
-- send_at follows its key date). One trigger function, statement-level with
-- transition tables, so a statement touching many rows re-renders each
-- listing once.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.rerender_party_messages(listing_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  pending_id uuid;
  refreshed integer := 0;
begin
  for pending_id in
    select m.id from public.party_messages m
    where m.listing_id = rerender_party_messages.listing_id and m.status in ('held', 'waiting', 'approved')
    order by m.id
  loop
    perform private.refresh_party_message(pending_id);
    refreshed := refreshed + 1;
  end loop;
  return refreshed;
end;
$$;

comment on function private.rerender_party_messages(listing_id uuid) is
  'Re-renders every held, waiting or approved message of a listing from the listing as it is now (private.refresh_party_message(): text, recipients, a key date''s send_at; changed_at and previous when something changed; held follows what is missing). Returns how many it looked at. Called by the triggers of the tables messages read.';

revoke execute on function private.rerender_party_messages(listing_id uuid) from public;

grant execute on function private.rerender_party_messages(listing_id uuid) to service_role;

create function private.rerender_party_messages_after_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  olds jsonb[] := '{}';
  news jsonb[] := '{}';
  -- The columns a message reads, per table (null: every column but updated_at).
  watched text[] := case tg_table_name
    when 'listings' then array['address', 'listing_price', 'state', 'tc_id', 'agent_id']
    when 'users' then array['first_name', 'last_name', 'phone', 'email']
    when 'contacts' then array['name', 'display_name', 'email', 'phone', 'company'] end;
  changed_ids uuid[];
  listing_ids uuid[];
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select coalesce(array_agg(to_jsonb(o)), '{}') into olds from changed_old o;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select coalesce(array_agg(to_jsonb(n)), '{}') into news from changed_new n;
  end if;
  -- Rows whose watched columns differ (inserted and deleted rows always do).
  select coalesce(array_agg(distinct coalesce(n ->> 'id', o ->> 'id')::uuid), '{}') into changed_ids
  from unnest(olds) o full join unnest(news) n on n ->> 'id' = o ->> 'id'
  where o is null or n is null
    or case when watched is null then (o - 'updated_at') is distinct from (n - 'updated_at')
      else exists (select 1 from unnest(watched) c where o -> c is distinct from n -> c) end;
  if cardinality(changed_ids) = 0 then
    return null;
  end if;

  listing_ids := case tg_table_name
    when 'listings' then changed_ids
    when 'contacts' then array(select distinct p.listing_id from public.listing_parties p where p.contact_id = any (changed_ids))
    when 'users' then array(
      select distinct m.listing_id from public.party_messages m
      where (m.listing_tc_id = any (changed_ids) or m.listing_agent_id = any (changed_ids))
        and m.status in ('held', 'waiting', 'approved'))
    else array(
      select distinct (r ->> 'listing_id')::uuid from unnest(olds || news) r
      where coalesce(r ->> 'id', '')::uuid = any (changed_ids)) end;
  perform private.rerender_party_messages(l) from unnest(listing_ids) l where l is not null order by l;
  return null;
end;
$$;

comment on function private.rerender_party_messages_after_change() is
  'Trigger (after insert, update or delete, for each statement, transition tables changed_old / changed_new) on contract_deadlines, contracts, listings, listing_parties, contacts and users: re-renders the queued messages (private.rerender_party_messages()) of each listing a changed row concerns, once per listing. Only the columns a message reads count (listings: address, listing_price, state, tc_id, agent_id; users: name, phone, e-mail; contacts: name, display name, e-mail, phone, company; the others: any column but updated_at).';

revoke execute on function private.rerender_party_messages_after_change() from public;

grant execute on function private.rerender_party_messages_after_change() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

-- A transition table cannot be declared for several events at once: one
-- trigger per event, one function.
create trigger contract_deadlines_rerender_party_messages_on_insert after insert on public.contract_deadlines
  referencing new table as changed_new for each statement execute function private.rerender_party_messages_after_change();

create trigger contract_deadlines_rerender_party_messages_on_update after update on public.contract_deadlines
  referencing old table as changed_old new table as changed_new
  for each statement execute function private.rerender_party_messages_after_change();

create trigger contract_deadlines_rerender_party_messages_on_delete after delete on public.contract_deadlines
  referencing old table as changed_old for each statement execute function private.rerender_party_messages_after_change();

create trigger contracts_rerender_party_messages_on_insert after insert on public.contracts
  referencing new table as changed_new for each statement execute function private.rerender_party_messages_after_change();

create trigger contracts_rerender_party_messages_on_update after update on public.contracts
  referencing old table as changed_old new table as changed_new
  for each statement execute function private.rerender_party_messages_after_change();

create trigger listings_rerender_party_messages after update on public.listings
  referencing old table as changed_old new table as changed_new
  for each statement execute function private.rerender_party_messages_after_change();

create trigger listing_parties_rerender_party_messages_on_insert after insert on public.listing_parties
  referencing new table as changed_new for each statement execute function private.rerender_party_messages_after_change();

create trigger listing_parties_rerender_party_messages_on_update after update on public.listing_parties
  referencing old table as changed_old new table as changed_new
  for each statement execute function private.rerender_party_messages_after_change();

create trigger listing_parties_rerender_party_messages_on_delete after delete on public.listing_parties
  referencing old table as changed_old for each statement execute function private.rerender_party_messages_after_change();

create trigger contacts_rerender_party_messages after update on public.contacts
  referencing old table as changed_old new table as changed_new
  for each statement execute function private.rerender_party_messages_after_change();

create trigger users_rerender_party_messages after update on public.users
  referencing old table as changed_old new table as changed_new
  for each statement execute function private.rerender_party_messages_after_change();
