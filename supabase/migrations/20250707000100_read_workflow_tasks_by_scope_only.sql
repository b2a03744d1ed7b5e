-- ---------------------------------------------------------------------------
-- AI Workflow Insights read the tasks of their scope without checking each
-- task against the tasks policy again (issue: Scale).
--
-- private.workflow_tasks() already names its scope row by row: the tasks of
-- the listings the caller coordinates, or one agent's tasks on such listings
-- (a super admin: all). Every task in it is one the tasks policy lets the
-- caller read (a listing the caller coordinates makes listing_relation()
-- answer 'coordinator'), so the policy changed nothing about the answer, but
-- as security invoker it was evaluated once more for each of a coordinator's
-- ~10,000 tasks: workflow_stats() answered at 0.84-0.88x the throughput of
-- the same call as service role, ~1 ms per request. As security definer the
-- function reads the tables as their owner and keeps only its own scope.
-- It refuses (returns nothing for) callers who are neither coordinators nor
-- super admins, so it cannot widen what anyone reads even if called without
-- private.check_workflow_scope() first; the private schema is not exposed
-- by the API, so clients cannot call it directly.
-- ---------------------------------------------------------------------------

create or replace function private.workflow_tasks(agent_id uuid)
returns setof public.tasks
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  everyone boolean := private.is_super_admin();
begin
  if not coalesce(private.is_coordinator(), false) then
    return;
  end if;
  if workflow_tasks.agent_id is not null then
    return query
      select t.* from public.tasks t
      join public.listings l on l.id = t.listing_id
      where t.assigned_to_id = workflow_tasks.agent_id
        and (everyone or l.tc_id = me or l.agent_id in (select private.coordinated_agent_ids()));
  elsif everyone then
    return query select t.* from public.tasks t;
  else
    return query select t.* from public.tasks t where t.listing_id in (select private.coordinated_listing_ids());
  end if;
end;
$$;
comment on function private.workflow_tasks(uuid) is
  'Tasks of a workflow-insights scope: on listings the caller coordinates (a super admin: all), optionally only those assigned to one agent; nothing for callers who are neither coordinators nor super admins. Security definer: the scope is the filter (each of its tasks is one the tasks policy lets the caller read), so the policy is not evaluated again per task. Call private.check_workflow_scope first. Uses tasks_listing_id_idx / tasks_assigned_to_id_status_idx.';
