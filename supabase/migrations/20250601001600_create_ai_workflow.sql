-- AI workflow learning: task patterns (written by triggers on tasks), the
-- insights generated from them, and learned data. Private to the coordinator.

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------
create table public.ai_workflow_patterns (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  agent_id uuid references public.users (id) on delete cascade,
  pattern_type text not null check (char_length(pattern_type) <= 50),
  action_type text not null check (action_type in ('task_assigned', 'task_responded', 'task_completed', 'reminder_sent')),
  listing_id uuid references public.listings (id) on delete set null,
  task_id uuid references public.tasks (id) on delete set null,
  metadata jsonb not null default '{}'::jsonb,
  "timestamp" timestamptz not null default now()
);
comment on table public.ai_workflow_patterns is
  'Task lifecycle events per coordinator and agent (metadata: taskTitle, responseTimeHours), input of the workflow insights.';

create table public.ai_learning_insights (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  agent_id uuid references public.users (id) on delete cascade,
  insight_type text not null check (insight_type in ('reminder_optimization', 'task_prediction', 'efficiency_pattern', 'other')),
  title text not null check (char_length(title) <= 255),
  description text,
  recommendation text,
  confidence numeric(4, 3) not null default 0.7 check (confidence between 0 and 1),
  trigger_condition jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  is_active boolean not null default true,
  last_triggered timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.ai_learning_insights is 'Workflow insights generated for a coordinator (confidence 0-1, default 0.7).';

create table public.ai_learning_data (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  data_type text not null check (char_length(data_type) <= 50),
  pattern jsonb not null default '{}'::jsonb,
  confidence numeric(4, 3) not null default 0 check (confidence between 0 and 1),
  usage_count integer not null default 0 check (usage_count >= 0),
  last_used timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.ai_learning_data is 'Learned patterns of a coordinator (confidence 0-1, default 0; usage count).';

create index ai_workflow_patterns_tc_id_timestamp_idx on public.ai_workflow_patterns (tc_id, "timestamp" desc);
create index ai_workflow_patterns_agent_id_idx on public.ai_workflow_patterns (agent_id);
create index ai_workflow_patterns_listing_id_idx on public.ai_workflow_patterns (listing_id);
create index ai_workflow_patterns_task_id_idx on public.ai_workflow_patterns (task_id);
create index ai_learning_insights_tc_id_idx on public.ai_learning_insights (tc_id);
create index ai_learning_insights_agent_id_idx on public.ai_learning_insights (agent_id);
create index ai_learning_data_tc_id_idx on public.ai_learning_data (tc_id);

create trigger ai_learning_insights_set_timestamps before insert or update on public.ai_learning_insights
  for each row execute function private.set_timestamps();
create trigger ai_learning_data_set_timestamps before insert or update on public.ai_learning_data
  for each row execute function private.set_timestamps('created_only');

-- ---------------------------------------------------------------------------
-- Row-level security: the coordinator's own rows; super admins read and delete.
-- ---------------------------------------------------------------------------
alter table public.ai_workflow_patterns enable row level security;
alter table public.ai_learning_insights enable row level security;
alter table public.ai_learning_data enable row level security;

create policy "Coordinators can read their workflow patterns"
on public.ai_workflow_patterns for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can record workflow patterns of their agents"
on public.ai_workflow_patterns for insert to authenticated
with check (
  tc_id = (select private.current_account_id()) and (select private.is_coordinator())
  and (agent_id is null or agent_id in (select private.coordinated_agent_ids()) or (select private.is_super_admin()))
);
create policy "Super admins can correct workflow patterns"
on public.ai_workflow_patterns for update to authenticated
using ((select private.is_super_admin()))
with check ((select private.is_super_admin()));
create policy "Coordinators can delete their workflow patterns"
on public.ai_workflow_patterns for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can read their learning insights"
on public.ai_learning_insights for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can add their learning insights"
on public.ai_learning_insights for insert to authenticated
with check (tc_id = (select private.current_account_id()) and (select private.is_coordinator()));
create policy "Coordinators can update their learning insights"
on public.ai_learning_insights for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));
create policy "Coordinators can delete their learning insights"
on public.ai_learning_insights for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can read their learning data"
on public.ai_learning_data for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can add their learning data"
on public.ai_learning_data for insert to authenticated
with check (tc_id = (select private.current_account_id()) and (select private.is_coordinator()));
create policy "Coordinators can update their learning data"
on public.ai_learning_data for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));
create policy "Coordinators can delete their learning data"
on public.ai_learning_data for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.ai_workflow_patterns, public.ai_learning_insights, public.ai_learning_data from anon, authenticated;
grant select, insert, update, delete on public.ai_workflow_patterns, public.ai_learning_insights,
  public.ai_learning_data to authenticated;
