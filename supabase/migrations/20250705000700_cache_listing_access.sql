-- ---------------------------------------------------------------------------
-- The per-row listing checks remember their last answer for the transaction
-- (issue: Scale). A listing's notes, messages or documents all belong to the
-- same listing, so a page of 30 rows asked the same question 30 times, each
-- a lookup of the listing and possibly its agent; now the first row asks and
-- the rest read the transaction-local setting listingdesk.listing_access
-- (keyed by listing, caller account and role). Any change to listings or users in
-- the transaction forgets it, like the caller context. Its lookup is planned
-- once per connection (force_generic_plan, as for the caller context).
-- ---------------------------------------------------------------------------

create or replace function private.listing_relation(listing uuid, caller uuid, caller_role text)
returns text
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  key text;
  cached text;
  listing_agent uuid;
  listing_tc uuid;
  relation text;
begin
  if caller is null or listing is null then
    return null;
  end if;
  -- The role is part of the key: a role switch in the transaction changes the answer.
  key := listing::text || '/' || caller::text || '/' || coalesce(caller_role, '') || '/';
  cached := current_setting('listingdesk.listing_access', true);
  if starts_with(cached, key) then
    return nullif(substr(cached, length(key) + 1), '');
  end if;
  select l.agent_id, l.tc_id into listing_agent, listing_tc from public.listings l where l.id = listing;
  if caller_role = 'tc' and (listing_tc = caller or exists (select 1 from public.users a where a.id = listing_agent and a.assigned_tc_id = caller)) then
    relation := 'coordinator';
  elsif listing_agent = caller then
    relation := 'agent';
  end if;
  perform set_config('listingdesk.listing_access', key || coalesce(relation, ''), true);
  return relation;
end;
$$;
comment on function private.listing_relation(uuid, uuid, text) is
  'How an account works on a listing: coordinator (acting as tc: its tc_id, or the coordinator of its agent), agent (its agent), or null. For per-row policies, which pass the caller from (select private.current_account_id()) and (select private.current_role()); the private schema is not exposed by the API. Remembers the last answer for the transaction (listingdesk.listing_access).';

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
    perform set_config('listingdesk.caller_claims', chr(1), true);
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
