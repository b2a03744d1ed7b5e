-- ---------------------------------------------------------------------------
-- Tasks carry their listing's agent and coordinator, so a coordinator's
-- workflow statistics read one index range per person instead of one lookup
-- per listing (issue: Scale).
--
-- workflow_stats() for a coordinator's whole scope read the ~10,000 tasks of
-- their ~1,000 listings through tasks_listing_id_idx, one lookup per listing,
-- and every task row from the heap. At 1,000 listings those tasks fill the
-- small table; at 100,000 they lie one per page among a hundred times more,
-- so the same answer cost ~13,000 buffers and its 1k-vs-100k growth moved
-- between 1.28 and 1.61 from run to run (the target is 1.5). With copies of
-- the listing's people on each task and an index on each copy that carries
-- what the statistics need, the scope is two index-only range scans (the
-- coordinator's own listings, then their agents' other listings): measured
-- with the scale bench's --setup-sql, 249 buffers and 491 instead of 134
-- requests per second at 100,000 listings, growth 0.74.
--
-- The copies are the database's, as on notes and messages (migration
-- 20250707000200, whose triggers this reuses): before insert, or an update
-- naming listing_id or a copy, private.copy_listing_people() reads them from
-- the listing under a share lock; after a listing's agent_id or tc_id
-- changes, private.copy_listing_people_to_items() writes them into its tasks
-- too. Clients cannot update either column (column grants), and what they
-- send on insert is replaced.
-- ---------------------------------------------------------------------------

alter table public.tasks
  add column listing_agent_id uuid,
  add column listing_tc_id uuid;
comment on column public.tasks.listing_agent_id is
  'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); with listing_tc_id it puts a coordinator''s tasks in index ranges (workflow statistics). Whatever a client sends is replaced.';
comment on column public.tasks.listing_tc_id is
  'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

update public.tasks t set listing_agent_id = l.agent_id, listing_tc_id = l.tc_id
from public.listings l where l.id = t.listing_id;

-- Runs before tasks_set_owner and tasks_set_timestamps (triggers fire in name order).
create trigger tasks_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.tasks
for each row execute function private.copy_listing_people();

create or replace function private.copy_listing_people_to_items()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notes n set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where n.listing_id = new.id;
  update public.messages m set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where m.listing_id = new.id;
  update public.tasks t set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where t.listing_id = new.id;
  return null;
end;
$$;
comment on function private.copy_listing_people_to_items() is
  'Trigger (after update of agent_id or tc_id on listings): writes the listing''s new agent and coordinator into the copies on its notes, messages and tasks.';
comment on function private.copy_listing_people() is
  'Trigger (before insert, or update of listing_id or the copies, on notes, messages and tasks): sets listing_agent_id / listing_tc_id from the listing (null without one), under a share lock on the listing row. Client values are replaced.';

-- A task's updated_at means "changed by someone": copying the listing's
-- people is not that, so the stamp runs only when one of the task's own
-- columns is named. (A new column of tasks belongs in this list.)
drop trigger tasks_set_timestamps on public.tasks;
create trigger tasks_set_timestamps
before insert or update of listing_id, assigned_to_id, created_by_id, title, description, priority, status, agent_response,
  is_read_by_agent, responded_at, due_date, completed_at, last_reminded_at, created_at, updated_at on public.tasks
for each row execute function private.set_timestamps();

-- Each index holds what the statistics read, so they never visit the table.
create index tasks_listing_tc_id_idx on public.tasks (listing_tc_id)
  include (listing_agent_id, status, created_at, responded_at);
comment on index public.tasks_listing_tc_id_idx is
  'Tasks of the listings a coordinator owns (tc_id copy), covering what private.workflow_scope_totals() reads.';
create index tasks_listing_agent_id_idx on public.tasks (listing_agent_id)
  include (listing_tc_id, status, created_at, responded_at);
comment on index public.tasks_listing_agent_id_idx is
  'Tasks of an agent''s listings (agent_id copy), covering what private.workflow_scope_totals() reads.';

-- ---------------------------------------------------------------------------
-- Workflow statistics over a coordinator's whole scope
-- ---------------------------------------------------------------------------
-- A coordinator's scope is "tasks whose listing they coordinate": tc_id is
-- theirs, or the agent is one of theirs. Both functions below name it through
-- the copies, so the rule is written the same way in each: workflow_tasks()
-- for the rows (insight candidates, one agent's statistics), and
-- workflow_scope_totals() for the whole scope's counts, from the indexes only.
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
  agents uuid[] := private.coordinated_agents();
begin
  if not coalesce(private.is_coordinator(), false) then
    return;
  end if;
  if everyone then
    return query select t.* from public.tasks t
      where workflow_tasks.agent_id is null or t.assigned_to_id = workflow_tasks.agent_id;
  elsif workflow_tasks.agent_id is not null then
    return query select t.* from public.tasks t
      where t.assigned_to_id = workflow_tasks.agent_id
        and (t.listing_tc_id = me or t.listing_agent_id = any (agents));
  else
    return query select t.* from public.tasks t
      where t.listing_tc_id = me or t.listing_agent_id = any (agents);
  end if;
end;
$$;
comment on function private.workflow_tasks(uuid) is
  'Tasks of a workflow-insights scope: on listings the caller coordinates (listing_tc_id is theirs or listing_agent_id one of their agents; a super admin: all), optionally only those assigned to one agent; nothing for callers who are neither coordinators nor super admins. Security definer: the scope is the filter (each of its tasks is one the tasks policy lets the caller read). Call private.check_workflow_scope first.';

create function private.workflow_scope_totals()
returns table (task_count bigint, completed_count bigint, answered_count bigint, answered_seconds numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  agents uuid[] := private.coordinated_agents();
begin
  -- The same tasks as private.workflow_tasks(null) for a coordinator, each
  -- once: the second range leaves out what the first counted. Nothing for
  -- anyone else.
  if not coalesce(private.current_role() = 'tc', false) then
    return query select 0::bigint, 0::bigint, 0::bigint, null::numeric;
    return;
  end if;
  return query
    select count(*), count(*) filter (where s.status = 'completed'), count(s.responded_at),
           sum(extract(epoch from (s.responded_at - s.created_at)))
    from (
      select t.status, t.created_at, t.responded_at from public.tasks t
      where t.listing_tc_id = me
      union all
      select t.status, t.created_at, t.responded_at from public.tasks t
      where t.listing_agent_id = any (agents) and t.listing_tc_id is distinct from me
    ) s;
end;
$$;
comment on function private.workflow_scope_totals() is
  'Totals of the tasks on listings the caller coordinates (acting as tc; zeros for anyone else): task_count, completed_count, answered_count (responded_at set) and answered_seconds (sum of responded_at - created_at). Read from the listing copies'' covering indexes, never from the table. Security definer: the scope is the filter. Used by workflow_stats() without an agent.';
revoke execute on function private.workflow_scope_totals() from public, anon;
grant execute on function private.workflow_scope_totals() to authenticated, service_role;

create or replace function public.workflow_stats(agent_id uuid default null)
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
  totals record;
begin
  perform private.check_workflow_scope(workflow_stats.agent_id);
  if workflow_stats.agent_id is null and not everyone then
    -- A coordinator's whole scope: totals from the covering indexes.
    select * into totals from private.workflow_scope_totals();
    return query select
      (select count(*)::integer from public.ai_workflow_patterns p where p.tc_id = me),
      case when totals.answered_count > 0 then round((totals.answered_seconds / totals.answered_count / 3600)::numeric, 1) end,
      case when totals.task_count > 0 then round(100.0 * totals.completed_count / totals.task_count, 1) end,
      (select count(*)::integer from public.ai_learning_insights i
        where i.tc_id = me and i.is_active and i.metadata ->> 'scope' = scope);
    return;
  end if;
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
