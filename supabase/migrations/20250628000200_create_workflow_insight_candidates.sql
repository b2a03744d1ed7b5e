-- Workflow insights computed from statistics (spec part 2 §2 'AI Workflow
-- Insights'): what the ai-workflow-insights function stores, and what an AI
-- model may only rephrase. Deterministic for a fixed data set and moment.
--
-- Rules (scope as in workflow_stats; response time = responded_at - created_at):
--   (a) efficiency_pattern, slowdown: an agent whose median response time of
--       tasks assigned in the last 30 days is at least twice that of the 30
--       days before (at least 3 answered tasks in each window).
--   (b) task_prediction: a kind of task (same title, trimmed, case and spaces
--       ignored) completed after its due date (UTC day of completed_at) in at
--       least 75% of at least 3 completed tasks with a due date; shown under its
--       most frequent title.
--   (c) reminder_optimization: the share of reminded tasks answered within
--       24 h after their last reminder, against the share of never-reminded
--       tasks answered within 24 h of being assigned, when it is at least 20
--       points higher (at least 3 tasks in each group, all at least 24 h old).
--   (d) efficiency_pattern, strength: an agent with at least 5 tasks, at least
--       80% of them completed, and a median response time of at most 24 h over
--       at least 3 answers.
-- Confidence = private.insight_confidence(samples, effect), see there.

-- ---------------------------------------------------------------------------
-- Helper: confidence from sample size and effect size.
-- ---------------------------------------------------------------------------
create function private.insight_confidence(samples bigint, effect numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select round(0.4 + 0.3 * least(1, samples / 10.0) + 0.25 * greatest(0, least(1, effect)), 2)
$$;
comment on function private.insight_confidence(bigint, numeric) is
  'Confidence of a statistical insight: 0.40 + 0.30 x min(1, samples / 10) + 0.25 x clamp(effect, 0, 1), 2 decimals (0.40-0.95). Effect per rule: slowdown (ratio - 1) / 2; late tasks and completion (share - 0.5) x 2; reminders the difference of the two shares.';

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.workflow_insight_candidates(agent_id uuid default null)
returns table (
  insight_type text, subject_agent_id uuid, title text, description text, recommendation text, confidence numeric, trigger_condition jsonb
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.check_workflow_scope(workflow_insight_candidates.agent_id);
  return query
    with scoped as (
      select t.*, extract(epoch from (t.responded_at - t.created_at)) / 3600 as hours
      from private.workflow_tasks(workflow_insight_candidates.agent_id) t
    ),
    names as (
      select u.id, coalesce(nullif(btrim(u.first_name), ''), 'This agent') as first_name
      from public.users u where u.id in (select s.assigned_to_id from scoped s)
    ),
    windows as (
      select s.assigned_to_id as agent,
        percentile_cont(0.5) within group (order by s.hours) filter (where s.created_at < now() - interval '30 days') as before,
        percentile_cont(0.5) within group (order by s.hours) filter (where s.created_at >= now() - interval '30 days') as recent,
        count(*) filter (where s.created_at < now() - interval '30 days') as n_before,
        count(*) filter (where s.created_at >= now() - interval '30 days') as n_recent
      from scoped s
      where s.responded_at is not null and s.assigned_to_id is not null and s.created_at >= now() - interval '60 days'
      group by s.assigned_to_id
    ),
    slowdown as (
      select w.agent, n.first_name, round(w.before::numeric, 1) as before, round(w.recent::numeric, 1) as recent,
        w.n_before, w.n_recent, round((w.recent / w.before)::numeric, 1) as ratio
      from windows w join names n on n.id = w.agent
      where w.n_before >= 3 and w.n_recent >= 3 and w.before > 0 and w.recent >= 2 * w.before
    ),
    kinds as (
      select lower(regexp_replace(btrim(s.title), '\s+', ' ', 'g')) as kind, mode() within group (order by btrim(s.title)) as title,
        count(*) as n,
        count(*) filter (where (s.completed_at at time zone 'UTC')::date > s.due_date) as late,
        round(avg((s.completed_at at time zone 'UTC')::date - s.due_date)
          filter (where (s.completed_at at time zone 'UTC')::date > s.due_date), 1) as days_late
      from scoped s
      where s.status = 'completed' and s.due_date is not null
      group by 1
    ),
    reminders as (
      select
        count(*) filter (where s.last_reminded_at <= now() - interval '24 hours') as n_reminded,
        count(*) filter (where s.last_reminded_at <= now() - interval '24 hours'
          and s.responded_at >= s.last_reminded_at and s.responded_at <= s.last_reminded_at + interval '24 hours') as answered_reminded,
        count(*) filter (where s.last_reminded_at is null and s.created_at <= now() - interval '24 hours') as n_plain,
        count(*) filter (where s.last_reminded_at is null and s.created_at <= now() - interval '24 hours'
          and s.responded_at <= s.created_at + interval '24 hours') as answered_plain
      from scoped s
    ),
    strengths as (
      select s.assigned_to_id as agent, count(*) as n, count(*) filter (where s.status = 'completed') as done,
        count(s.responded_at) as answers,
        round((percentile_cont(0.5) within group (order by s.hours) filter (where s.responded_at is not null))::numeric, 1) as median
      from scoped s where s.assigned_to_id is not null
      group by s.assigned_to_id
    ),
    found as (
      select 'efficiency_pattern'::text as insight_type, sd.agent as subject_agent_id,
        format('%s is answering tasks more slowly', sd.first_name) as title,
        format('%s''s median response time rose from %s hours (%s tasks assigned 31-60 days ago) to %s hours (%s tasks assigned in the last 30 days), %s times slower.',
          sd.first_name, sd.before, sd.n_before, sd.recent, sd.n_recent, sd.ratio) as description,
        format('Check in with %s about their workload, and remind them sooner while their answers are slow.', sd.first_name) as recommendation,
        private.insight_confidence(sd.n_before + sd.n_recent, (sd.ratio - 1) / 2) as confidence,
        jsonb_build_object('rule', 'response_slowdown', 'agentId', sd.agent, 'agentFirstName', sd.first_name,
          'medianBefore', sd.before, 'medianRecent', sd.recent, 'nBefore', sd.n_before, 'nRecent', sd.n_recent, 'ratio', sd.ratio) as trigger_condition
      from slowdown sd
      union all
      select 'task_prediction', workflow_insight_candidates.agent_id,
        format('"%s" is usually completed late', k.title),
        format('%s of %s completed "%s" tasks (%s%%) were finished after their due date, on average %s days late.',
          k.late, k.n, k.title, round(100.0 * k.late / k.n), k.days_late),
        format('Plan "%s" about %s days earlier: assign it sooner or remind the agent before it is due.', k.title, ceil(k.days_late)),
        private.insight_confidence(k.n, (k.late::numeric / k.n - 0.5) * 2),
        jsonb_build_object('rule', 'late_task_kind', 'taskKind', k.title, 'n', k.n, 'late', k.late,
          'latePercent', round(100.0 * k.late / k.n), 'avgDaysLate', k.days_late)
      from kinds k
      where k.n >= 3 and k.late >= 0.75 * k.n
      union all
      select 'reminder_optimization', workflow_insight_candidates.agent_id,
        'Reminders get tasks answered',
        format('%s of %s reminded tasks (%s%%) were answered within 24 hours of the reminder; without a reminder %s of %s tasks (%s%%) were answered within 24 hours of being assigned.',
          r.answered_reminded, r.n_reminded, round(100.0 * r.answered_reminded / r.n_reminded),
          r.answered_plain, r.n_plain, round(100.0 * r.answered_plain / r.n_plain)),
        'Send a reminder when a task has had no answer for a day.',
        private.insight_confidence(r.n_reminded + r.n_plain, r.answered_reminded::numeric / r.n_reminded - r.answered_plain::numeric / r.n_plain),
        jsonb_build_object('rule', 'reminder_effect', 'windowHours', 24, 'nReminded', r.n_reminded, 'answeredReminded', r.answered_reminded,
          'remindedPercent', round(100.0 * r.answered_reminded / r.n_reminded), 'nWithout', r.n_plain, 'answeredWithout', r.answered_plain,
          'withoutPercent', round(100.0 * r.answered_plain / r.n_plain))
      from reminders r
      where r.n_reminded >= 3 and r.n_plain >= 3
        and r.answered_reminded::numeric / r.n_reminded - r.answered_plain::numeric / r.n_plain >= 0.2
      union all
      select 'efficiency_pattern', st.agent,
        format('%s completes tasks reliably and answers fast', n.first_name),
        format('%s completed %s of %s tasks (%s%%) with a median response time of %s hours.',
          n.first_name, st.done, st.n, round(100.0 * st.done / st.n), st.median),
        format('Share %s''s way of working with the team, and trust them with urgent tasks.', n.first_name),
        private.insight_confidence(st.n, (st.done::numeric / st.n - 0.5) * 2),
        jsonb_build_object('rule', 'reliable_agent', 'agentId', st.agent, 'agentFirstName', n.first_name, 'n', st.n, 'completed', st.done,
          'completedPercent', round(100.0 * st.done / st.n), 'medianResponseHours', st.median, 'answers', st.answers)
      from strengths st join names n on n.id = st.agent
      where st.n >= 5 and st.done >= 0.8 * st.n and st.answers >= 3 and st.median <= 24
    )
    select f.insight_type, f.subject_agent_id, f.title, f.description, f.recommendation, f.confidence, f.trigger_condition
    from found f
    order by f.confidence desc, f.insight_type, f.title;
end;
$$;
comment on function public.workflow_insight_candidates(uuid) is
  'Workflow insights computed from the scope''s tasks (scope and refusals as workflow_stats): slowed-down agents and reliable agents (efficiency_pattern), task kinds usually completed late (task_prediction), reminders that get answers (reminder_optimization); each with the agent it is about (subject_agent_id; for task kinds and reminders the requested agent or null), a plain statistical title, description, recommendation, confidence (private.insight_confidence) and its facts in trigger_condition. Rules in migration 20250628000200. Security invoker; ordered by confidence.';

grant execute on function private.insight_confidence(bigint, numeric), public.workflow_insight_candidates(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.insight_confidence(bigint, numeric),
  public.workflow_insight_candidates(uuid)
from public, anon;
