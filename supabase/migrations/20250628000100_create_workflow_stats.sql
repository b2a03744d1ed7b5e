-- AI Workflow Insights' stat cards (spec part 2 §2: Total Patterns, Avg
-- Response Time (hours), Completion Rate, Active Insights) in one request,
-- computed in SQL so they are right with or without an AI model.
--
-- Scope: a coordinator's own workflow (patterns with tc_id = them, tasks on
-- listings they coordinate), a super admin's everything; optionally one agent
-- (a coordinator only their own agents: someone else's is 403, an unknown id
-- 404). Everything is security invoker, so the tables' RLS still decides
-- which rows are counted; the explicit filters only name the scope.

-- ---------------------------------------------------------------------------
-- Helper: who may ask about which agent.
-- ---------------------------------------------------------------------------
create function private.check_workflow_scope(agent_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.is_coordinator(), false) then
    raise exception 'AI Workflow Insights are for coordinators and super admins' using errcode = '42501';
  end if;
  if check_workflow_scope.agent_id is null then
    return;
  end if;
  if not private.account_exists(check_workflow_scope.agent_id) then
    raise exception 'agent not found' using errcode = 'PT404';
  end if;
  if not private.is_super_admin() and check_workflow_scope.agent_id not in (select private.coordinated_agent_ids()) then
    raise exception 'this agent is not one of your agents' using errcode = '42501';
  end if;
end;
$$;
comment on function private.check_workflow_scope(uuid) is
  'Refuses a workflow-insights request outside the caller''s scope: not a tc or super admin (42501), an unknown agent (PT404), another coordinator''s agent (42501; super admins may name any agent).';

-- ---------------------------------------------------------------------------
-- Helper: the tasks of a scope (security invoker: tasks RLS applies too).
-- ---------------------------------------------------------------------------
create function private.workflow_tasks(agent_id uuid)
returns setof public.tasks
language sql
stable
security invoker
set search_path = ''
as $$
  select t.* from public.tasks t
  where (private.is_super_admin() or t.listing_id in (select private.coordinated_listing_ids()))
    and (workflow_tasks.agent_id is null or t.assigned_to_id = workflow_tasks.agent_id)
$$;
comment on function private.workflow_tasks(uuid) is
  'Tasks of a workflow-insights scope: on listings the caller coordinates (a super admin: all), optionally only those assigned to one agent. Security invoker; call private.check_workflow_scope first. Uses tasks_listing_id_idx / tasks_assigned_to_id_status_idx.';

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.workflow_stats(agent_id uuid default null)
returns table (total_patterns integer, avg_response_hours numeric, completion_rate numeric, active_insights integer)
language plpgsql
stable
security invoker
set search_path = ''
rows 1
as $$
declare
  me uuid := private.current_account_id();
  everyone boolean := private.is_super_admin();
  scope text := coalesce(workflow_stats.agent_id::text, 'all');
begin
  perform private.check_workflow_scope(workflow_stats.agent_id);
  return query
    with scoped as (select * from private.workflow_tasks(workflow_stats.agent_id))
    select
      (select count(*)::integer from public.ai_workflow_patterns p
        where (everyone or p.tc_id = me)
          and (workflow_stats.agent_id is null or p.agent_id = workflow_stats.agent_id)),
      (select round((avg(extract(epoch from (s.responded_at - s.created_at))) / 3600)::numeric, 1)
        from scoped s where s.responded_at is not null),
      (select case when count(*) = 0 then null
                   else round(100.0 * count(*) filter (where s.status = 'completed') / count(*), 1) end
        from scoped s),
      (select count(*)::integer from public.ai_learning_insights i
        where i.tc_id = me and i.is_active and i.metadata ->> 'scope' = scope);
end;
$$;
comment on function public.workflow_stats(uuid) is
  'Stat cards of AI Workflow Insights as one row: total_patterns (ai_workflow_patterns of the caller, a super admin all; of one agent when agent_id is given), avg_response_hours (mean of responded_at - created_at over the scope''s answered tasks, hours, 1 decimal; null without answers), completion_rate (completed / all tasks of the scope, percent, 1 decimal; null without tasks), active_insights (the caller''s active ai_learning_insights generated for this scope, metadata.scope = agent id or ''all''). Tasks of the scope: on listings the caller coordinates (super admin: all). Security invoker; 403 for agents or another coordinator''s agent, 404 unknown agent.';

grant execute on function private.check_workflow_scope(uuid), private.workflow_tasks(uuid), public.workflow_stats(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.check_workflow_scope(uuid),
  private.workflow_tasks(uuid),
  public.workflow_stats(uuid)
from public, anon;
