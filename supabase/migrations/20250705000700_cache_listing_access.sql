-- ---------------------------------------------------------------------------
-- The per-row listing checks remember their last answer for the transaction
-- (issue: Scale). A listing's notes, messages or documents all belong to the
-- same listing, so a page of 30 rows asked the same question 30 times, each
-- a lookup of the listing and possibly its agent; now the first row asks and
-- the rest read the transaction-local setting listingdesk.listing_access
-- (keyed by listing and caller account). Any change to listings or users in
-- the transaction forgets it, like the caller context.
-- ---------------------------------------------------------------------------

create function private.listing_relation(listing uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  key text;
  cached text := current_setting('listingdesk.listing_access', true);
  listing_agent uuid;
  listing_tc uuid;
  relation text;
begin
  if me is null or listing is null then
    return null;
  end if;
  key := listing::text || '/' || me::text || '/';
  if cached is not null and starts_with(cached, key) then
    return nullif(substr(cached, length(key) + 1), '');
  end if;
  select l.agent_id, l.tc_id into listing_agent, listing_tc from public.listings l where l.id = listing;
  if context[2] = 'tc' and (listing_tc = me or exists (select 1 from public.users a where a.id = listing_agent and a.assigned_tc_id = me)) then
    relation := 'coordinator';
  elsif listing_agent = me then
    relation := 'agent';
  end if;
  perform set_config('listingdesk.listing_access', key || coalesce(relation, ''), true);
  return relation;
end;
$$;
comment on function private.listing_relation(uuid) is
  'How the caller works on a listing: coordinator (acting as tc: its tc_id, or the coordinator of its agent), agent (its agent), or null. Remembers the last answer for the transaction (listingdesk.listing_access).';

create or replace function private.can_access_listing(listing uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.listing_relation(listing) is not null;
end;
$$;

create or replace function private.coordinates_listing(listing uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(private.listing_relation(listing) = 'coordinator', false);
end;
$$;

create or replace function private.forget_caller_context()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('listingdesk.listing_access', '', true);
  -- Who the caller is depends on accounts only, not on listings.
  if tg_table_name <> 'listings' then
    perform set_config('listingdesk.caller_context', '', true);
    -- Work the caller out again now, while this trigger sees the change. Left
    -- empty, the next statement's planner may fill it first: it evaluates stable
    -- functions to estimate selectivity, from a snapshot taken before the
    -- change is visible, and the stale answer would then be kept
    -- (ensure_account() answered no account right after creating it).
    perform private.caller_context();
  end if;
  return null;
end;
$$;
comment on function private.forget_caller_context() is
  'Statement trigger on users, active_accounts and listings: a change to accounts or listings in this transaction (role switch, assignment, a listing''s agent) drops the cached listing answer; a change to accounts also works the caller context out again from the changed rows.';

create trigger forget_caller_context
after update or delete on public.listings
for each statement execute function private.forget_caller_context();

revoke execute on function private.listing_relation(uuid) from public, anon;
grant execute on function private.listing_relation(uuid) to authenticated, service_role;
