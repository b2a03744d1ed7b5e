-- ---------------------------------------------------------------------------
-- Reading a listing's notes, messages, documents, tasks, activity, research
-- and received mail checks the one listing each row belongs to, instead of
-- building the set of every listing the caller may see (issue: Scale).
--
-- `listing_id in (select private.accessible_listing_ids())` made every such
-- request collect all of the caller's listings first: 100 for an agent, 2,000
-- index entries for a coordinator of 10 agents, on each request, while the
-- screen shows one listing's ten notes. private.listing_relation() looks up
-- the row's listing by primary key, so the cost follows the rows read. The
-- cheap column tests stay first in each policy, so most rows never reach it.
-- Who may read what is unchanged: the set helpers remain for writes and other
-- callers.
--
-- The policies hand the caller to the function from their own InitPlans
-- ((select private.current_account_id()) runs once per query): working the
-- caller out inside the function, once per row, cost more than the lookup
-- (about 12 µs per row for reading the request's JWT claims back).
--
-- A listing's notes, messages or documents all belong to the same listing, so
-- the function remembers its last answer for the transaction (the setting
-- listingdesk.listing_access, keyed by listing, caller and role): a page of 30
-- rows looks the listing up once. Any change to listings or users in the
-- transaction forgets it. Its lookup is planned once per connection
-- (force_generic_plan, as for the caller context).
-- ---------------------------------------------------------------------------

create function private.listing_relation(listing uuid, caller uuid, caller_role text)
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
  'How an account works on a listing: coordinator (acting as tc: its tc_id, or the coordinator of its agent), agent (its agent), or null. One listing''s answer of private.accessible_listing_ids() / coordinated_listing_ids(), for per-row policies, which pass the caller from (select private.current_account_id()) and (select private.current_role()); the private schema is not exposed by the API, so clients cannot ask it about another account. Remembers the last answer for the transaction (listingdesk.listing_access).';

create function private.forget_listing_access()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('listingdesk.listing_access', '', true);
  return null;
end;
$$;
comment on function private.forget_listing_access() is
  'Statement trigger on users and listings: a change in this transaction (an assignment, a listing''s agent or coordinator) drops the remembered listing_relation() answer.';

create trigger forget_listing_access
after update or delete on public.users
for each statement execute function private.forget_listing_access();

create trigger forget_listing_access
after update or delete on public.listings
for each statement execute function private.forget_listing_access();

revoke execute on function private.listing_relation(uuid, uuid, text) from public, anon;
grant execute on function private.listing_relation(uuid, uuid, text) to authenticated, service_role;

alter policy "People on a listing can read its notes" on public.notes
using ((select private.is_super_admin()) or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null);

alter policy "People on a listing or team can read its documents" on public.documents
using (
  (select private.is_super_admin())
  or team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
);

alter policy "People on a listing or team can read its messages" on public.messages
using (
  (select private.is_super_admin())
  or team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
);

alter policy "People on a listing can read its received mail" on public.inbound_emails
using ((select private.is_super_admin()) or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null);

-- Tasks: a coordinator also reads the tasks assigned to their agents (as the
-- activity policy already does for activity). A task is assigned to its
-- listing's agent, so this is the same rows in practice, but it is a set of ten
-- agents checked in a hash instead of a listing lookup per task: counting an
-- agent's 1,000 tasks no longer calls a function 1,000 times.
alter policy "Agents can read tasks assigned to them and coordinators their listings' tasks" on public.tasks
using (
  (select private.is_super_admin())
  or assigned_to_id = (select private.current_account_id())
  or assigned_to_id in (select private.coordinated_agent_ids())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
);

alter policy "Users can read their activity and coordinators their agents' activity" on public.activity_log
using (
  (select private.is_super_admin())
  or user_id = (select private.current_account_id())
  or user_id in (select private.coordinated_agent_ids())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
);

alter policy "Coordinators can read research of listings they coordinate" on public.property_research
using ((select private.is_super_admin()) or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator');
