-- ---------------------------------------------------------------------------
-- Reading a listing's notes, messages, documents, tasks, activity, research
-- and received mail checks the one listing each row belongs to, instead of
-- building the set of every listing the caller may see (issue: Scale).
--
-- `listing_id in (select private.accessible_listing_ids())` made every such
-- request collect all of the caller's listings first: 100 for an agent, 2,000
-- index entries for a coordinator of 10 agents, on each request, while the
-- screen shows one listing's ten notes. The functions below look up the row's
-- listing by primary key (the caller comes from the per-request context), so
-- the cost follows the rows read. The cheap column tests stay first in each
-- policy, so most rows never reach the function. Who may read what is
-- unchanged: the set helpers remain for writes and other callers.
-- ---------------------------------------------------------------------------

create function private.can_access_listing(listing uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  listing_agent uuid;
  listing_tc uuid;
begin
  if me is null or listing is null then
    return false;
  end if;
  select l.agent_id, l.tc_id into listing_agent, listing_tc from public.listings l where l.id = listing;
  if listing_agent = me then
    return true;
  end if;
  return context[2] = 'tc'
    and (listing_tc = me or exists (select 1 from public.users a where a.id = listing_agent and a.assigned_tc_id = me));
end;
$$;
comment on function private.can_access_listing(uuid) is
  'True when the caller works on the listing: its agent, or (acting as tc) its coordinator or the coordinator of its agent. One listing''s answer of private.accessible_listing_ids(), for per-row policies.';

create function private.coordinates_listing(listing uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  listing_agent uuid;
  listing_tc uuid;
begin
  if me is null or listing is null or context[2] is distinct from 'tc' then
    return false;
  end if;
  select l.agent_id, l.tc_id into listing_agent, listing_tc from public.listings l where l.id = listing;
  return listing_tc = me or exists (select 1 from public.users a where a.id = listing_agent and a.assigned_tc_id = me);
end;
$$;
comment on function private.coordinates_listing(uuid) is
  'True when the caller, acting as tc, coordinates the listing (its tc_id, or the coordinator of its agent). One listing''s answer of private.coordinated_listing_ids(), for per-row policies.';

revoke execute on function private.can_access_listing(uuid), private.coordinates_listing(uuid) from public, anon;
grant execute on function private.can_access_listing(uuid), private.coordinates_listing(uuid) to authenticated, service_role;

alter policy "People on a listing can read its notes" on public.notes
using ((select private.is_super_admin()) or private.can_access_listing(listing_id));

alter policy "People on a listing or team can read its documents" on public.documents
using (
  (select private.is_super_admin())
  or team_tc_id = (select private.current_team_id())
  or private.can_access_listing(listing_id)
);

alter policy "People on a listing or team can read its messages" on public.messages
using (
  (select private.is_super_admin())
  or team_tc_id = (select private.current_team_id())
  or private.can_access_listing(listing_id)
);

alter policy "People on a listing can read its received mail" on public.inbound_emails
using ((select private.is_super_admin()) or private.can_access_listing(listing_id));

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
  or private.coordinates_listing(listing_id)
);

alter policy "Users can read their activity and coordinators their agents' activity" on public.activity_log
using (
  (select private.is_super_admin())
  or user_id = (select private.current_account_id())
  or user_id in (select private.coordinated_agent_ids())
  or private.coordinates_listing(listing_id)
);

alter policy "Coordinators can read research of listings they coordinate" on public.property_research
using ((select private.is_super_admin()) or private.coordinates_listing(listing_id));
