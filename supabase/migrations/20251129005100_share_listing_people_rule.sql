-- ---------------------------------------------------------------------------
-- One rule in one place (issue 51, item 13), part 2: who the people on a
-- listing are, written once.
--
-- The policies of notes, messages, contracts, contract_deadlines,
-- listing_checklist_items and documents each spelled out the same three
-- routes on the row's copies of the listing's people (its agent; acting as tc,
-- its tc_id or the coordinator of its agent; super admins). They now call
-- private.is_on_listing() (the three routes) or private.coordinates_listing()
-- (the coordinator routes alone, for the checklist's coordinator-only writes),
-- plain SQL functions with SQL-standard bodies that Postgres inlines into each
-- policy, so the comparisons stay column tests the planner sees.
--
-- Postgres inlines a function only when its body has no subquery, so the
-- helpers cannot ask for the caller themselves (an `(select ...)` inside would
-- stop the inlining, and a plain call inside would run once per row). The
-- policy hands them the caller's values as `(select private.fn())` arguments,
-- each an InitPlan run once per statement as before; each argument is used
-- once in the body (an argument used twice that holds a subquery also stops
-- the inlining). Acting as tc is passed as private.acting_tc_id() (the
-- caller's id while their role is tc, else null); coordinated_agents() is
-- already empty unless acting as tc. Who may read and write is unchanged:
--
--   agent_id = me or (role = 'tc' and (tc_id = me or agent_id = any(agents))) or super
--   == agent_id = me or tc_id = acting_tc or agent_id = any(agents) or super
--
-- The documents read policy keeps its team and listing_relation() routes; the
-- helper adds the coordinated-agent route before them, which
-- listing_relation() already granted. The other policies of these tables (and
-- tasks', which test listing_relation() and the assignee) are left as they are.
-- Policies dropped and re-created under the same names.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.acting_tc_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  return case when context[2] = 'tc' then nullif(context[1], '')::uuid end;
end;
$$;

comment on function private.acting_tc_id() is
  'The caller''s account while its role is tc (also a super admin switched to tc), null otherwise: the account a listing''s tc_id must name for the caller to coordinate it. Call as (select private.acting_tc_id()).';

revoke execute on function private.acting_tc_id() from public;

grant execute on function private.acting_tc_id() to authenticated, service_role;

-- Not security definer, no SET clause, no subquery: Postgres inlines it. The
-- SQL-standard body is bound when the function is created, so the caller's
-- search_path cannot change what it calls (no search_path setting needed).
create function private.coordinates_listing(listing_agent_id uuid, listing_tc_id uuid, acting_tc_id uuid, coordinated_agents uuid[])
returns boolean
language sql
immutable
parallel safe
return listing_tc_id = acting_tc_id
  or listing_agent_id = any (coordinated_agents);

comment on function private.coordinates_listing(listing_agent_id uuid, listing_tc_id uuid, acting_tc_id uuid, coordinated_agents uuid[]) is
  'Whether the caller coordinates a listing, from the listing''s agent and tc_id (or a row''s copies of them) and the caller''s (select private.acting_tc_id()) and (select private.coordinated_agents()): acting as tc, the listing''s tc_id or the coordinator of its agent. Inlined into the policies that call it (plain SQL, no subquery, not security definer).';

revoke execute on function private.coordinates_listing(listing_agent_id uuid, listing_tc_id uuid, acting_tc_id uuid, coordinated_agents uuid[]) from public;

grant execute on function private.coordinates_listing(listing_agent_id uuid, listing_tc_id uuid, acting_tc_id uuid, coordinated_agents uuid[]) to authenticated, service_role;

create function private.is_on_listing(listing_agent_id uuid, listing_tc_id uuid, caller uuid, acting_tc_id uuid, coordinated_agents uuid[], is_super_admin boolean)
returns boolean
language sql
immutable
parallel safe
return listing_agent_id = caller
  or private.coordinates_listing(listing_agent_id, listing_tc_id, acting_tc_id, coordinated_agents)
  or is_super_admin;

comment on function private.is_on_listing(listing_agent_id uuid, listing_tc_id uuid, caller uuid, acting_tc_id uuid, coordinated_agents uuid[], is_super_admin boolean) is
  'The read rule of everything that belongs to a listing: whether the caller is one of the people on it, from the listing''s agent and tc_id (a row''s copies of them) and the caller''s values, each passed as an InitPlan: (select private.current_account_id()), (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()). Its agent, its coordinators (private.coordinates_listing()), super admins. Inlined into the policies that call it (plain SQL, no subquery, not security definer).';

revoke execute on function private.is_on_listing(listing_agent_id uuid, listing_tc_id uuid, caller uuid, acting_tc_id uuid, coordinated_agents uuid[], is_super_admin boolean) from public;

grant execute on function private.is_on_listing(listing_agent_id uuid, listing_tc_id uuid, caller uuid, acting_tc_id uuid, coordinated_agents uuid[], is_super_admin boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- notes

drop policy "People on a listing can read its notes" on public.notes;

create policy "People on a listing can read its notes"
on public.notes for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- messages: the team's general thread, or a listing's thread

drop policy "People on a listing or team can read its messages" on public.messages;

create policy "People on a listing or team can read its messages"
on public.messages for select to authenticated
using (
  team_tc_id = (select private.current_team_id())
  or private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- documents: also the team's documents, and listing_relation() for rows whose
-- copies are not (yet) the listing's

drop policy "People on a listing or team can read its documents" on public.documents;

create policy "People on a listing or team can read its documents"
on public.documents for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
  or team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
);

-- contracts

drop policy "People on a listing can read its contracts" on public.contracts;

create policy "People on a listing can read its contracts"
on public.contracts for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- Without WITH CHECK, USING also checks the new row: an update cannot hand
-- the contract to people who are not on the listing.
drop policy "People on a listing can amend its contracts" on public.contracts;

create policy "People on a listing can amend its contracts"
on public.contracts for update to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- contract_deadlines

drop policy "People on a listing can read its contract deadlines" on public.contract_deadlines;

create policy "People on a listing can read its contract deadlines"
on public.contract_deadlines for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

drop policy "People on a listing can add custom deadlines to its active contract" on public.contract_deadlines;

create policy "People on a listing can add custom deadlines to its active contract"
on public.contract_deadlines for insert to authenticated
with check (
  contract_status = 'active'
  and private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- The contract must be active: private.guard_contract_deadline() answers 409
-- otherwise, which a policy could not (it would change 0 rows silently).
drop policy "People on a listing can update its contract deadlines" on public.contract_deadlines;

create policy "People on a listing can update its contract deadlines"
on public.contract_deadlines for update to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

drop policy "People on a listing can delete its custom contract deadlines" on public.contract_deadlines;

create policy "People on a listing can delete its custom contract deadlines"
on public.contract_deadlines for delete to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- listing_checklist_items: read by the people on the listing, worked on by its
-- coordinators and super admins

drop policy "People on a listing can read its checklist" on public.listing_checklist_items;

create policy "People on a listing can read its checklist"
on public.listing_checklist_items for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

drop policy "Coordinators can mark their listings' to-dos done, super admins all" on public.listing_checklist_items;

create policy "Coordinators can mark their listings' to-dos done, super admins all"
on public.listing_checklist_items for update to authenticated
using (
  private.coordinates_listing(listing_agent_id, listing_tc_id, (select private.acting_tc_id()), (select private.coordinated_agents()))
  or (select private.is_super_admin())
);

drop policy "Coordinators can remove items of their listings' checklists, super admins all" on public.listing_checklist_items;

create policy "Coordinators can remove items of their listings' checklists, super admins all"
on public.listing_checklist_items for delete to authenticated
using (
  private.coordinates_listing(listing_agent_id, listing_tc_id, (select private.acting_tc_id()), (select private.coordinated_agents()))
  or (select private.is_super_admin())
);
