-- ---------------------------------------------------------------------------
-- AI: assistant conversations, interaction log (rate limits), workflow patterns
-- and insights, property research and listing descriptions. Coordinators and
-- super admins use them; every row is scoped to the caller or their listings.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- AI assistant (coordinators and super admins): assistant settings, chat
-- history, logged interactions and general insights. Every row belongs to one
-- account and is private to it; super admins may read and delete.

create table public.ai_assistant (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  assistant_type text not null default 'general' check (char_length(assistant_type) <= 50),
  context jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.ai_assistant is
  'A coordinator''s AI assistant configuration and context.';

comment on column public.ai_assistant.id is 'Configuration id.';

comment on column public.ai_assistant.tc_id is 'The coordinator owning it (set by trigger).';

comment on column public.ai_assistant.assistant_type is 'Kind of assistant, default general.';

comment on column public.ai_assistant.context is 'Context given to the assistant (JSON object).';

comment on column public.ai_assistant.metadata is 'Further settings (JSON object).';

comment on column public.ai_assistant.is_active is 'Whether this configuration is in use.';

comment on column public.ai_assistant.created_at is 'When it was created. Set by trigger.';

comment on column public.ai_assistant.updated_at is 'When it last changed. Set by trigger.';

create table public.ai_conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  content text not null check (char_length(content) <= 50000),
  "timestamp" timestamptz not null default now()
);

comment on table public.ai_conversations is
  'AI chat history of an account (entries by the user or the assistant); Clear Chat deletes them.';

comment on column public.ai_conversations.id is 'Entry id.';

comment on column public.ai_conversations.user_id is 'The account whose chat this is (set by trigger).';

comment on column public.ai_conversations.role is 'Who wrote the entry: user or assistant.';

comment on column public.ai_conversations.content is 'Text of the entry (up to 50,000 characters).';

comment on column public.ai_conversations.timestamp is 'When the entry was written (chat order).';

create table public.ai_interactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  type text not null check (char_length(type) <= 50),
  input text,
  output text,
  confidence numeric(4, 3) check (confidence between 0 and 1),
  created_at timestamptz not null default now(),
  model text check (char_length(model) <= 100),
  input_chars integer not null default 0 check (input_chars >= 0),
  output_chars integer check (output_chars >= 0),
  latency_ms integer check (latency_ms >= 0),
  status text not null default 'started' check (status in ('started', 'ok', 'error')),
  error_code text check (char_length(error_code) <= 50),
  finished_at timestamptz
);

comment on table public.ai_interactions is
  'Log of AI calls of an account (input, output, confidence 0-1).';

comment on column public.ai_interactions.id is 'Entry id.';

comment on column public.ai_interactions.user_id is 'The account that called the AI (set by trigger).';

comment on column public.ai_interactions.type is 'Kind of AI call: chat, listing_descriptions, workflow_insights or smart_reminders (up to 50 characters).';

comment on column public.ai_interactions.input is 'The start of the caller''s own request (at most 1,000 characters; never keys or tokens).';

comment on column public.ai_interactions.output is 'The start of the answer (at most 1,000 characters); null until the call ends or when it failed.';

comment on column public.ai_interactions.confidence is 'Confidence of the answer, 0 to 1.';

comment on column public.ai_interactions.created_at is 'When the call was made. Set by trigger.';

comment on column public.ai_interactions.model is 'Model the call used (the functions'' OPENAI_MODEL).';

comment on column public.ai_interactions.input_chars is 'Size of everything sent to the model, in characters (prompt, history and tool results).';

comment on column public.ai_interactions.output_chars is 'Size of what the model answered, in characters; null until the call ends.';

comment on column public.ai_interactions.latency_ms is 'Milliseconds from the start of the call to its end; null until then.';

comment on column public.ai_interactions.status is 'started while the call runs, then ok or error.';

comment on column public.ai_interactions.error_code is 'Why the call failed (for example ai_provider_auth, ai_timeout); null unless status is error.';

comment on column public.ai_interactions.finished_at is 'When the call ended; null while it runs.';

create table public.ai_insights (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  category text not null check (char_length(category) <= 50),
  title text not null check (char_length(title) <= 255),
  description text,
  priority varchar(20) not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

comment on table public.ai_insights is
  'General AI insights shown to an account.';

comment on column public.ai_insights.id is 'Insight id.';

comment on column public.ai_insights.user_id is 'The account it is shown to (set by trigger).';

comment on column public.ai_insights.category is 'Grouping of the insight (up to 50 characters).';

comment on column public.ai_insights.title is 'Headline (up to 255 characters).';

comment on column public.ai_insights.description is 'Explanation of the insight.';

comment on column public.ai_insights.priority is 'low, medium, high or urgent.';

comment on column public.ai_insights.is_active is 'Whether it is still shown.';

comment on column public.ai_insights.created_at is 'When it was generated. Set by trigger.';

-- AI workflow learning: task patterns (written by triggers on tasks), the
-- insights generated from them, and learned data. Private to the coordinator.

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

comment on column public.ai_workflow_patterns.id is 'Event id.';

comment on column public.ai_workflow_patterns.tc_id is 'The coordinator whose workflow it records.';

comment on column public.ai_workflow_patterns.agent_id is 'The agent involved, when there is one.';

comment on column public.ai_workflow_patterns.pattern_type is 'Grouping of the pattern, e.g. task_assignment, task_completion, task_response_time.';

comment on column public.ai_workflow_patterns.action_type is 'task_assigned, task_responded, task_completed or reminder_sent.';

comment on column public.ai_workflow_patterns.listing_id is 'The listing involved; null once deleted.';

comment on column public.ai_workflow_patterns.task_id is 'The task involved; null once deleted.';

comment on column public.ai_workflow_patterns.metadata is 'Details (JSON object: taskTitle, responseTimeHours for responses).';

comment on column public.ai_workflow_patterns.timestamp is 'When the event happened.';

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

comment on table public.ai_learning_insights is
  'Workflow insights generated for a coordinator (confidence 0-1, default 0.7).';

comment on column public.ai_learning_insights.id is 'Insight id.';

comment on column public.ai_learning_insights.tc_id is 'The coordinator it is for (set by trigger).';

comment on column public.ai_learning_insights.agent_id is 'The agent it is about (one of the coordinator''s), or null for all.';

comment on column public.ai_learning_insights.insight_type is 'reminder_optimization, task_prediction, efficiency_pattern or other.';

comment on column public.ai_learning_insights.title is 'Headline (up to 255 characters).';

comment on column public.ai_learning_insights.description is 'What was observed.';

comment on column public.ai_learning_insights.recommendation is 'What the coordinator could do about it.';

comment on column public.ai_learning_insights.confidence is 'Confidence 0 to 1 (default 0.7).';

comment on column public.ai_learning_insights.trigger_condition is 'When the insight applies, e.g. reminder timing (JSON object).';

comment on column public.ai_learning_insights.metadata is 'Further details (JSON object).';

comment on column public.ai_learning_insights.is_active is 'Whether it is still shown.';

comment on column public.ai_learning_insights.last_triggered is 'When it last applied (e.g. a reminder was raised from it).';

comment on column public.ai_learning_insights.created_at is 'When it was generated. Set by trigger.';

comment on column public.ai_learning_insights.updated_at is 'When it last changed. Set by trigger.';

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

comment on table public.ai_learning_data is
  'Learned patterns of a coordinator (confidence 0-1, default 0; usage count).';

comment on column public.ai_learning_data.id is 'Entry id.';

comment on column public.ai_learning_data.tc_id is 'The coordinator it was learned for (set by trigger).';

comment on column public.ai_learning_data.data_type is 'Kind of learned data (up to 50 characters).';

comment on column public.ai_learning_data.pattern is 'The learned pattern (JSON object).';

comment on column public.ai_learning_data.confidence is 'Confidence 0 to 1 (default 0).';

comment on column public.ai_learning_data.usage_count is 'How often it has been used.';

comment on column public.ai_learning_data.last_used is 'When it was last used; null if never.';

comment on column public.ai_learning_data.created_at is 'When it was learned. Set by trigger.';

-- AI listing descriptions and the property research cache they draw on.
create table public.property_research (
  id uuid primary key default gen_random_uuid(),
  address text not null check (char_length(btrim(address)) between 1 and 500),
  research_data jsonb not null default '{}'::jsonb,
  last_updated timestamptz not null default now(),
  -- One research per listing; the address follows the listing's (sync_property_research_address).
  listing_id uuid not null references public.listings (id) on delete cascade,
  constraint property_research_listing_id_key unique (listing_id)
);

comment on table public.property_research is
  'Facts about one listing gathered for AI listing descriptions (address, price, status, short note excerpts; no seller contact details). Readable by the listing''s coordinators and super admins only.';

comment on column public.property_research.id is 'Research id.';

comment on column public.property_research.address is 'The listing''s address, copied by the database (whatever a client sends is replaced).';

comment on column public.property_research.research_data is 'Research results: public-record style facts about the property (JSON object).';

comment on column public.property_research.last_updated is 'When the research was last written (set by the database).';

comment on column public.property_research.listing_id is 'The listing the research describes; decides who may read it (its coordinators, super admins). Fixed once written.';

create table public.ai_listing_descriptions (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid references public.listings (id) on delete cascade,
  tc_id uuid not null references public.users (id) on delete cascade,
  style text not null check (char_length(style) <= 100),
  description text not null check (char_length(description) <= 5000),
  highlights text[] not null default '{}',
  research_used boolean not null default false,
  created_at timestamptz not null default now()
);

comment on table public.ai_listing_descriptions is
  'Generated listing descriptions (one row per style, ~800 characters each) of a coordinator, optionally for a listing.';

comment on column public.ai_listing_descriptions.id is 'Description id.';

comment on column public.ai_listing_descriptions.listing_id is 'The listing it was written for, optional.';

comment on column public.ai_listing_descriptions.tc_id is 'The coordinator who generated it (set by trigger).';

comment on column public.ai_listing_descriptions.style is 'Writing style asked for, e.g. Classic (one row per style).';

comment on column public.ai_listing_descriptions.description is 'Generated text (up to 5,000 characters).';

comment on column public.ai_listing_descriptions.highlights is 'Key selling points picked out for the listing.';

comment on column public.ai_listing_descriptions.research_used is 'Whether property research fed the description.';

comment on column public.ai_listing_descriptions.created_at is 'When it was generated. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.ai_assistant enable row level security;

alter table public.ai_conversations enable row level security;

alter table public.ai_interactions enable row level security;

alter table public.ai_insights enable row level security;

alter table public.ai_workflow_patterns enable row level security;

alter table public.ai_learning_insights enable row level security;

alter table public.ai_learning_data enable row level security;

alter table public.property_research enable row level security;

alter table public.ai_listing_descriptions enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Workflow patterns recorded from the task lifecycle for the AI workflow
-- insights: task_assigned, task_responded (with responseTimeHours),
-- task_completed and reminder_sent.
create function private.record_task_pattern()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  coordinator uuid := coalesce(new.created_by_id, (select l.tc_id from public.listings l where l.id = new.listing_id));
  base jsonb := jsonb_build_object('taskTitle', new.title, 'priority', new.priority);
begin
  if coordinator is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.ai_workflow_patterns (tc_id, agent_id, pattern_type, action_type, listing_id, task_id, metadata)
    values (coordinator, new.assigned_to_id, 'task_assignment', 'task_assigned', new.listing_id, new.id, base);
    return null;
  end if;
  if new.agent_response is not null and old.agent_response is null then
    insert into public.ai_workflow_patterns (tc_id, agent_id, pattern_type, action_type, listing_id, task_id, metadata)
    values (coordinator, new.assigned_to_id, 'task_response_time', 'task_responded', new.listing_id, new.id,
      base || jsonb_build_object('responseTimeHours',
        round((extract(epoch from (coalesce(new.responded_at, now()) - new.created_at)) / 3600)::numeric, 2)));
  end if;
  if new.status = 'completed' and old.status <> 'completed' then
    insert into public.ai_workflow_patterns (tc_id, agent_id, pattern_type, action_type, listing_id, task_id, metadata)
    values (coordinator, new.assigned_to_id, 'task_completion', 'task_completed', new.listing_id, new.id, base);
  end if;
  if new.last_reminded_at is distinct from old.last_reminded_at and new.last_reminded_at is not null then
    insert into public.ai_workflow_patterns (tc_id, agent_id, pattern_type, action_type, listing_id, task_id, metadata)
    values (coordinator, new.assigned_to_id, 'reminder', 'reminder_sent', new.listing_id, new.id, base);
  end if;
  return null;
end;
$$;

comment on function private.record_task_pattern() is
  'Trigger: appends ai_workflow_patterns rows for task lifecycle events.';

revoke execute on function private.record_task_pattern() from public;

grant execute on function private.record_task_pattern() to service_role;

-- ---------------------------------------------------------------------------
-- Opening and closing an entry (Edge Functions, service role)
-- ---------------------------------------------------------------------------
create function public.begin_ai_interaction(
  auth_user_id uuid,
  interaction_type text,
  input_text text,
  input_chars integer,
  model text,
  requests_per_minute integer
)
returns table (interaction_id uuid, account_id uuid, account_role text, may_use_ai boolean, retry_after_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  account public.users%rowtype;
  used integer;
  oldest timestamptz;
  opened uuid;
begin
  -- The account the person acts as, exactly as private.current_account_id() decides for their JWT.
  select u.* into account from public.users u
  where u.id = coalesce(
    (select a.user_id from public.active_accounts a where a.auth_user_id = begin_ai_interaction.auth_user_id),
    (select u2.id from public.users u2 where u2.auth_user_id = begin_ai_interaction.auth_user_id order by u2.created_at, u2.id limit 1)
  );
  if account.id is null then
    raise exception 'This sign-in has no account' using errcode = '42501';
  end if;
  if not coalesce(account.role = 'tc' or 'super_admin' in (account.role, account.original_role), false) then
    return query select null::uuid, account.id, account.role, false, 0;
    return;
  end if;
  if requests_per_minute is null or requests_per_minute < 1 then
    raise exception 'requests_per_minute must be at least 1' using errcode = '22023';
  end if;

  -- One person's concurrent calls queue here, so a burst cannot slip past the count.
  perform pg_advisory_xact_lock(hashtextextended('ai_rate_limit:' || begin_ai_interaction.auth_user_id::text, 0));
  -- Every account of the sign-in shares one budget (switching accounts does not reset it).
  select count(*), min(i.created_at) into used, oldest
  from public.ai_interactions i
  where i.user_id in (select u.id from public.users u where u.auth_user_id = begin_ai_interaction.auth_user_id)
    and i.created_at > now() - interval '1 minute';
  if used >= requests_per_minute then
    return query select null::uuid, account.id, account.role, true,
      greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - now())))::integer);
    return;
  end if;

  insert into public.ai_interactions (user_id, type, input, input_chars, model)
  values (account.id, interaction_type, left(input_text, 1000), greatest(coalesce(begin_ai_interaction.input_chars, 0), 0), begin_ai_interaction.model)
  returning id into opened;
  return query select opened, account.id, account.role, true, 0;
end;
$$;

comment on function public.begin_ai_interaction(auth_user_id uuid, interaction_type text, input_text text, input_chars integer, model text, requests_per_minute integer) is
  'Edge Functions (service role): opens an ai_interactions entry for the account a sign-in acts as, or refuses: may_use_ai false for agents, interaction_id null with retry_after_seconds when the sign-in made requests_per_minute calls in the last minute.';

revoke execute on function public.begin_ai_interaction(auth_user_id uuid, interaction_type text, input_text text, input_chars integer, model text, requests_per_minute integer) from public, anon, authenticated;

create function public.finish_ai_interaction(
  interaction_id uuid,
  output_text text,
  output_chars integer,
  error_code text default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.ai_interactions i set
    output = case when finish_ai_interaction.error_code is null then left(output_text, 1000) end,
    output_chars = greatest(coalesce(finish_ai_interaction.output_chars, 0), 0),
    status = case when finish_ai_interaction.error_code is null then 'ok' else 'error' end,
    error_code = finish_ai_interaction.error_code,
    finished_at = now(),
    latency_ms = greatest(0, round(extract(epoch from (now() - i.created_at)) * 1000))::integer
  where i.id = finish_ai_interaction.interaction_id and i.finished_at is null
$$;

comment on function public.finish_ai_interaction(interaction_id uuid, output_text text, output_chars integer, error_code text) is
  'Edge Functions (service role): closes an open ai_interactions entry with the answer''s size and start, the latency, and ok or the error code.';

revoke execute on function public.finish_ai_interaction(interaction_id uuid, output_text text, output_chars integer, error_code text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Trigger: the address is the listing's; the listing never changes
-- ---------------------------------------------------------------------------
create function private.derive_property_research()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.listing_id is distinct from old.listing_id then
    raise exception 'listing_id is fixed when the research is created' using errcode = '42501';
  end if;
  -- Security definer: the policies already decided the caller may see the listing.
  select l.address into new.address from public.listings l where l.id = new.listing_id;
  if new.address is null then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  new.last_updated := now();
  return new;
end;
$$;

comment on function private.derive_property_research() is
  'Trigger (before insert or update on property_research): copies the listing''s address, stamps last_updated, refuses moving a row to another listing (403) and an unknown listing (404).';

revoke execute on function private.derive_property_research() from public;

grant execute on function private.derive_property_research() to service_role;

-- A listing's new address reaches its research (agents may edit the address but cannot read research).
create function private.sync_property_research_address()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.property_research r set address = new.address where r.listing_id = new.id;
  return null;
end;
$$;

comment on function private.sync_property_research_address() is
  'Trigger (after update of address on listings): keeps property_research.address equal to the listing''s address.';

revoke execute on function private.sync_property_research_address() from public;

grant execute on function private.sync_property_research_address() to service_role;

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

comment on function private.check_workflow_scope(agent_id uuid) is
  'Refuses a workflow-insights request outside the caller''s scope: not a tc or super admin (42501), an unknown agent (PT404), another coordinator''s agent (42501; super admins may name any agent).';

revoke execute on function private.check_workflow_scope(agent_id uuid) from public;

grant execute on function private.check_workflow_scope(agent_id uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Workflow statistics over a coordinator's whole scope
-- ---------------------------------------------------------------------------
-- A coordinator's scope is "tasks whose listing they coordinate": tc_id is
-- theirs, or the agent is one of theirs. Both functions below name it through
-- the copies, so the rule is written the same way in each: workflow_tasks()
-- for the rows (insight candidates, one agent's statistics), and
-- workflow_scope_totals() for the whole scope's counts, from the indexes only.
create function private.workflow_tasks(agent_id uuid)
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

comment on function private.workflow_tasks(agent_id uuid) is
  'Tasks of a workflow-insights scope: on listings the caller coordinates (listing_tc_id is theirs or listing_agent_id one of their agents; a super admin: all), optionally only those assigned to one agent; nothing for callers who are neither coordinators nor super admins. Security definer: the scope is the filter (each of its tasks is one the tasks policy lets the caller read). Call private.check_workflow_scope first.';

revoke execute on function private.workflow_tasks(agent_id uuid) from public;

grant execute on function private.workflow_tasks(agent_id uuid) to authenticated, service_role;

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

comment on function public.workflow_stats(agent_id uuid) is
  'Stat cards of AI Workflow Insights as one row: total_patterns (ai_workflow_patterns of the caller, a super admin all; of one agent when agent_id is given), avg_response_hours (mean of responded_at - created_at over the scope''s answered tasks, hours, 1 decimal; null without answers), completion_rate (completed / all tasks of the scope, percent, 1 decimal; null without tasks), active_insights (the caller''s active ai_learning_insights generated for this scope, metadata.scope = agent id or ''all''). Tasks of the scope: on listings the caller coordinates (super admin: all). Security invoker; 403 for agents or another coordinator''s agent, 404 unknown agent.';

revoke execute on function public.workflow_stats(agent_id uuid) from public, anon;

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

comment on function private.insight_confidence(samples bigint, effect numeric) is
  'Confidence of a statistical insight: 0.40 + 0.30 x min(1, samples / 10) + 0.25 x clamp(effect, 0, 1), 2 decimals (0.40-0.95). Effect per rule: slowdown (ratio - 1) / 2; late tasks and completion (share - 0.5) x 2; reminders the difference of the two shares.';

revoke execute on function private.insight_confidence(samples bigint, effect numeric) from public;

grant execute on function private.insight_confidence(samples bigint, effect numeric) to authenticated, service_role;

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

comment on function public.workflow_insight_candidates(agent_id uuid) is
  'Workflow insights computed from the scope''s tasks (scope and refusals as workflow_stats): slowed-down agents and reliable agents (efficiency_pattern), task kinds usually completed late (task_prediction), reminders that get answers (reminder_optimization); each with the agent it is about (subject_agent_id; for task kinds and reminders the requested agent or null), a plain statistical title, description, recommendation, confidence (private.insight_confidence) and its facts in trigger_condition. Rules in migration 20250628000200. Security invoker; ordered by confidence.';

revoke execute on function public.workflow_insight_candidates(agent_id uuid) from public, anon;

-- Storing a generation of workflow insights: the scope's previous active
-- insights are retired and the new ones inserted in one transaction, so a
-- failed insert never leaves the screen without insights. Security invoker:
-- the insert and update policies of ai_learning_insights apply and the
-- owner (tc_id) is set by the database (private.set_owner).
create function public.replace_workflow_insights(agent_id uuid, insights jsonb, phrased_by_model boolean default false)
returns setof public.ai_learning_insights
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  scope text := coalesce(replace_workflow_insights.agent_id::text, 'all');
begin
  perform private.check_workflow_scope(replace_workflow_insights.agent_id);
  if jsonb_typeof(insights) is distinct from 'array' then
    raise exception 'insights must be a JSON array' using errcode = '22023';
  end if;
  update public.ai_learning_insights i set is_active = false
  where i.tc_id = private.current_account_id() and i.is_active and i.metadata ->> 'scope' = scope;
  return query
    insert into public.ai_learning_insights
      (tc_id, agent_id, insight_type, title, description, recommendation, confidence, trigger_condition, metadata, last_triggered)
    select private.current_account_id(), (e.item ->> 'subject_agent_id')::uuid, e.item ->> 'insight_type', e.item ->> 'title',
      e.item ->> 'description', e.item ->> 'recommendation', (e.item ->> 'confidence')::numeric,
      coalesce(e.item -> 'trigger_condition', '{}'::jsonb),
      jsonb_build_object('scope', scope, 'source', 'statistics', 'phrasedByModel', coalesce(phrased_by_model, false)), now()
    from jsonb_array_elements(insights) with ordinality as e(item, position)
    order by e.position
    returning *;
end;
$$;

comment on function public.replace_workflow_insights(agent_id uuid, insights jsonb, phrased_by_model boolean) is
  'Stores a generation of workflow insights for a scope (agent_id, null = all agents; refusals as workflow_stats): retires the caller''s active insights of that scope (metadata.scope) and inserts the given ones (objects shaped like workflow_insight_candidates rows) with metadata {scope, source, phrasedByModel}, returning them in order. Security invoker: the table''s policies apply; 400 unless insights is an array.';

revoke execute on function public.replace_workflow_insights(agent_id uuid, insights jsonb, phrased_by_model boolean) from public, anon;

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

revoke execute on function private.workflow_scope_totals() from public;

grant execute on function private.workflow_scope_totals() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Coordinators can read their assistant"
on public.ai_assistant for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can create their assistant"
on public.ai_assistant for insert to authenticated
with check (tc_id = (select private.current_account_id()) and (select private.is_coordinator()));

create policy "Coordinators can update their assistant"
on public.ai_assistant for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));

create policy "Coordinators can delete their assistant"
on public.ai_assistant for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Users can read their AI chat"
on public.ai_conversations for select to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can add to their AI chat"
on public.ai_conversations for insert to authenticated
with check (user_id = (select private.current_account_id()) and (select private.is_coordinator()));

create policy "Nobody but super admins can rewrite AI chat entries"
on public.ai_conversations for update to authenticated
using ((select private.is_super_admin()))
with check ((select private.is_super_admin()));

create policy "Users can clear their AI chat"
on public.ai_conversations for delete to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Users can read their AI interactions"
on public.ai_interactions for select to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Users can read their AI insights"
on public.ai_insights for select to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can add their AI insights"
on public.ai_insights for insert to authenticated
with check (user_id = (select private.current_account_id()) and (select private.is_coordinator()));

create policy "Users can update their AI insights"
on public.ai_insights for update to authenticated
using (user_id = (select private.current_account_id()))
with check (user_id = (select private.current_account_id()));

create policy "Users can delete their AI insights"
on public.ai_insights for delete to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

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

create policy "Super admins can delete property research"
on public.property_research for delete to authenticated
using ((select private.is_super_admin()));

create policy "Coordinators can read their listing descriptions"
on public.ai_listing_descriptions for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can save descriptions for listings they coordinate"
on public.ai_listing_descriptions for insert to authenticated
with check (
  tc_id = (select private.current_account_id()) and (select private.is_coordinator())
  and (listing_id is null or listing_id in (select private.coordinated_listing_ids()) or (select private.is_super_admin()))
);

create policy "Coordinators can edit their listing descriptions"
on public.ai_listing_descriptions for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));

create policy "Coordinators can delete their listing descriptions"
on public.ai_listing_descriptions for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can add learning insights about their agents"
on public.ai_learning_insights for insert to authenticated
with check (
  tc_id = (select private.current_account_id()) and (select private.is_coordinator())
  and (agent_id is null or agent_id in (select private.coordinated_agent_ids()) or (select private.is_super_admin()))
);

create policy "Super admins can delete AI interactions"
on public.ai_interactions for delete to authenticated
using ((select private.is_super_admin()));

create policy "Coordinators can read research of listings they coordinate"
on public.property_research for select to authenticated
using (
  private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
  or (select private.is_super_admin())
);

create policy "Coordinators can add research of listings they coordinate"
on public.property_research for insert to authenticated
with check ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()));

create policy "Coordinators can refresh research of listings they coordinate"
on public.property_research for update to authenticated
using ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()))
with check ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.ai_assistant from anon, authenticated;

grant select, insert, update, delete on public.ai_assistant to authenticated;

revoke all on public.ai_conversations from anon, authenticated;

grant select, insert, update, delete on public.ai_conversations to authenticated;

revoke all on public.ai_interactions from anon, authenticated;

grant select, delete on public.ai_interactions to authenticated;

revoke all on public.ai_insights from anon, authenticated;

grant select, insert, update, delete on public.ai_insights to authenticated;

revoke all on public.ai_workflow_patterns from anon, authenticated;

grant select, insert, update, delete on public.ai_workflow_patterns to authenticated;

revoke all on public.ai_learning_insights from anon, authenticated;

grant select, insert, update, delete on public.ai_learning_insights to authenticated;

revoke all on public.ai_learning_data from anon, authenticated;

grant select, insert, update, delete on public.ai_learning_data to authenticated;

revoke all on public.property_research from anon, authenticated;

grant select, insert, update, delete on public.property_research to authenticated;

revoke all on public.ai_listing_descriptions from anon, authenticated;

grant select, insert, update, delete on public.ai_listing_descriptions to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger ai_assistant_set_timestamps before insert or update on public.ai_assistant
  for each row execute function private.set_timestamps();

create trigger ai_interactions_set_timestamps before insert or update on public.ai_interactions
  for each row execute function private.set_timestamps('created_only');

create trigger ai_insights_set_timestamps before insert or update on public.ai_insights
  for each row execute function private.set_timestamps('created_only');

create trigger ai_learning_insights_set_timestamps before insert or update on public.ai_learning_insights
  for each row execute function private.set_timestamps();

create trigger ai_learning_data_set_timestamps before insert or update on public.ai_learning_data
  for each row execute function private.set_timestamps('created_only');

create trigger ai_listing_descriptions_set_timestamps before insert or update on public.ai_listing_descriptions
  for each row execute function private.set_timestamps('created_only');

create trigger tasks_record_pattern after insert or update of agent_response, status, last_reminded_at on public.tasks
  for each row execute function private.record_task_pattern();

create trigger ai_assistant_set_owner before insert on public.ai_assistant
  for each row execute function private.set_owner('tc_id');

create trigger ai_conversations_set_owner before insert on public.ai_conversations
  for each row execute function private.set_owner('user_id');

create trigger ai_interactions_set_owner before insert on public.ai_interactions
  for each row execute function private.set_owner('user_id');

create trigger ai_insights_set_owner before insert on public.ai_insights
  for each row execute function private.set_owner('user_id');

create trigger ai_workflow_patterns_set_owner before insert on public.ai_workflow_patterns
  for each row execute function private.set_owner('tc_id');

create trigger ai_learning_insights_set_owner before insert on public.ai_learning_insights
  for each row execute function private.set_owner('tc_id');

create trigger ai_learning_data_set_owner before insert on public.ai_learning_data
  for each row execute function private.set_owner('tc_id');

create trigger ai_listing_descriptions_set_owner before insert on public.ai_listing_descriptions
  for each row execute function private.set_owner('tc_id');

create trigger ai_assistant_keep_scope before update on public.ai_assistant
  for each row execute function private.keep_columns('tc_id');

create trigger ai_conversations_keep_scope before update on public.ai_conversations
  for each row execute function private.keep_columns('user_id');

create trigger ai_interactions_keep_scope before update on public.ai_interactions
  for each row execute function private.keep_columns('user_id');

create trigger ai_insights_keep_scope before update on public.ai_insights
  for each row execute function private.keep_columns('user_id');

create trigger ai_workflow_patterns_keep_scope before update on public.ai_workflow_patterns
  for each row execute function private.keep_columns('tc_id', 'agent_id', 'listing_id', 'task_id');

create trigger ai_learning_insights_keep_scope before update on public.ai_learning_insights
  for each row execute function private.keep_columns('tc_id', 'agent_id');

create trigger ai_learning_data_keep_scope before update on public.ai_learning_data
  for each row execute function private.keep_columns('tc_id');

create trigger ai_listing_descriptions_keep_scope before update on public.ai_listing_descriptions
  for each row execute function private.keep_columns('tc_id', 'listing_id');

create trigger property_research_derive before insert or update on public.property_research
  for each row execute function private.derive_property_research();

create trigger listings_sync_property_research after update of address on public.listings
  for each row when (new.address is distinct from old.address)
  execute function private.sync_property_research_address();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index ai_assistant_tc_id_idx on public.ai_assistant (tc_id);

create index ai_conversations_user_id_timestamp_idx on public.ai_conversations (user_id, "timestamp");

create index ai_insights_user_id_idx on public.ai_insights (user_id);

create index ai_workflow_patterns_tc_id_timestamp_idx on public.ai_workflow_patterns (tc_id, "timestamp" desc);

create index ai_workflow_patterns_agent_id_idx on public.ai_workflow_patterns (agent_id);

create index ai_workflow_patterns_listing_id_idx on public.ai_workflow_patterns (listing_id);

create index ai_workflow_patterns_task_id_idx on public.ai_workflow_patterns (task_id);

create index ai_learning_insights_tc_id_idx on public.ai_learning_insights (tc_id);

create index ai_learning_insights_agent_id_idx on public.ai_learning_insights (agent_id);

create index ai_learning_data_tc_id_idx on public.ai_learning_data (tc_id);

create index ai_listing_descriptions_listing_id_idx on public.ai_listing_descriptions (listing_id);

create index ai_listing_descriptions_tc_id_idx on public.ai_listing_descriptions (tc_id);

-- The rate limit counts a person's calls of the last minute.
create index ai_interactions_user_id_created_at_idx on public.ai_interactions (user_id, created_at desc);
