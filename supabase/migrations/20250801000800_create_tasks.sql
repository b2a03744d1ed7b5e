-- ---------------------------------------------------------------------------
-- Tasks (requirements) a coordinator sets for the agent of a listing, the
-- agent's answers, and the coordinator's responses (tc_responses).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Requirement tasks: a coordinator asks the listing's agent for something.
-- Coordinators create, edit, toggle and resend; the agent only answers and
-- marks read, through functions that touch just those columns.

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  -- People may be deleted; the task stays on the listing as a record.
  assigned_to_id uuid references public.users (id) on delete set null,
  created_by_id uuid references public.users (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 1 and 255),
  description text check (char_length(description) <= 10000),
  priority varchar(20) not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
  status varchar(20) not null default 'pending' check (status in ('pending', 'completed')),
  agent_response text check (char_length(agent_response) <= 10000),
  is_read_by_agent boolean not null default false,
  responded_at timestamptz,
  due_date date,
  completed_at timestamptz,
  last_reminded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Copies of the listing's agent and coordinator (copy_listing_people), so the read rule needs no join.
  listing_agent_id uuid,
  listing_tc_id uuid,
  constraint tasks_completed_at_check check ((status = 'completed') = (completed_at is not null))
);

comment on table public.tasks is
  'Requirement tasks from a coordinator to the listing''s agent. Agents answer through respond_to_task()/mark_task_read(); coordinators resend through resend_task().';

comment on column public.tasks.id is 'Task id.';

comment on column public.tasks.listing_id is 'The listing the requirement is about.';

comment on column public.tasks.assigned_to_id is 'The agent who must answer (the listing''s agent); null once deleted.';

comment on column public.tasks.created_by_id is 'The coordinator who assigned it (set by trigger); null once deleted.';

comment on column public.tasks.title is 'What is required (1 to 255 characters after trimming).';

comment on column public.tasks.description is 'Details of the requirement.';

comment on column public.tasks.priority is 'low, medium, high or urgent (new tasks from the app: high).';

comment on column public.tasks.status is 'pending or completed.';

comment on column public.tasks.agent_response is 'The agent''s answer; written only through respond_to_task().';

comment on column public.tasks.is_read_by_agent is 'Whether the agent has seen the task (unread badges); set through mark_task_read(), cleared by resend_task().';

comment on column public.tasks.responded_at is 'When the agent answered; null before.';

comment on column public.tasks.due_date is 'Date the requirement is due.';

comment on column public.tasks.completed_at is 'When it was completed; null while pending.';

comment on column public.tasks.last_reminded_at is 'When the coordinator last resent it (resend_task()); null if never.';

comment on column public.tasks.created_at is 'When the task was assigned. Set by trigger.';

comment on column public.tasks.updated_at is 'When the task last changed. Set by trigger.';

comment on column public.tasks.listing_agent_id is 'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); with listing_tc_id it puts a coordinator''s tasks in index ranges (workflow statistics). Whatever a client sends is replaced.';

comment on column public.tasks.listing_tc_id is 'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

-- Coordinator responses: a tc's reply to the listing's agent (note, document,
-- photo or task), shown to that agent.
create table public.tc_responses (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  tc_id uuid references public.users (id) on delete set null,
  agent_id uuid references public.users (id) on delete set null,
  response_type varchar(50) not null check (response_type in ('note', 'document', 'photo', 'task')),
  related_item_id uuid,
  content text not null check (char_length(btrim(content)) between 1 and 10000),
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);

comment on table public.tc_responses is
  'A coordinator''s response to a listing''s agent. related_item_id points at the note, document or task it concerns (polymorphic, so no foreign key).';

comment on column public.tc_responses.id is 'Response id.';

comment on column public.tc_responses.listing_id is 'The listing it concerns.';

comment on column public.tc_responses.tc_id is 'The coordinator who wrote it (set by trigger); null once deleted.';

comment on column public.tc_responses.agent_id is 'The agent it is addressed to; null once deleted.';

comment on column public.tc_responses.response_type is 'What it answers: note, document, photo or task.';

comment on column public.tc_responses.related_item_id is 'Id of the note, document or task it answers (polymorphic, so no foreign key); null when none.';

comment on column public.tc_responses.content is 'Text of the response (1 to 10,000 characters after trimming).';

comment on column public.tc_responses.is_read is 'Whether the agent has read it; the only column the agent may update.';

comment on column public.tc_responses.created_at is 'When it was sent. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.tasks enable row level security;

alter table public.tc_responses enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Helper: a task goes to the listing's own agent.
-- ---------------------------------------------------------------------------
create function private.is_listing_agent(listing_id uuid, account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.listings l where l.id = listing_id and l.agent_id = account_id)
$$;

comment on function private.is_listing_agent(listing_id uuid, account_id uuid) is
  'True when the account is the listing''s agent. Evaluated per inserted row.';

revoke execute on function private.is_listing_agent(listing_id uuid, account_id uuid) from public;

grant execute on function private.is_listing_agent(listing_id uuid, account_id uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Tasks: agent side
-- ---------------------------------------------------------------------------
create function public.respond_to_task(task_id uuid, response text, mark_completed boolean default true)
returns public.tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks := private.task_by_id(task_id);
begin
  if task.id is null then
    raise exception 'task not found' using errcode = 'PT404';
  end if;
  if task.assigned_to_id is distinct from private.current_account_id() then
    raise exception 'not your task' using errcode = '42501';
  end if;
  if coalesce(btrim(response), '') = '' then
    raise exception 'a response is required' using errcode = '22023';
  end if;
  update public.tasks t
  set agent_response = btrim(response), responded_at = now(), is_read_by_agent = true,
      status = case when mark_completed then 'completed' else t.status end,
      completed_at = case when mark_completed then coalesce(t.completed_at, now()) else t.completed_at end
  where t.id = task.id
  returning * into task;
  return task;
end;
$$;

comment on function public.respond_to_task(task_id uuid, response text, mark_completed boolean) is
  'The assigned agent answers a task: sets agent_response, responded_at, is_read_by_agent and (by default) status completed with completed_at. 404 unknown task, 403 not assigned to the caller, 400 empty response.';

revoke execute on function public.respond_to_task(task_id uuid, response text, mark_completed boolean) from public, anon;

create function public.mark_task_read(task_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks := private.task_by_id(task_id);
begin
  if task.id is null then
    raise exception 'task not found' using errcode = 'PT404';
  end if;
  if task.assigned_to_id is distinct from private.current_account_id() then
    raise exception 'not your task' using errcode = '42501';
  end if;
  update public.tasks t set is_read_by_agent = true where t.id = task.id;
end;
$$;

comment on function public.mark_task_read(task_id uuid) is
  'The assigned agent marks a task read (clears the NEW badge). 404 unknown task, 403 not assigned to the caller.';

revoke execute on function public.mark_task_read(task_id uuid) from public, anon;

create function public.set_task_completed(task_id uuid, completed boolean)
returns public.tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks := private.require_coordinated_task(task_id);
begin
  if completed is null then
    raise exception 'completed must be true or false' using errcode = '22023';
  end if;
  update public.tasks t
  set status = case when completed then 'completed' else 'pending' end,
      completed_at = case when completed then coalesce(t.completed_at, now()) end
  where t.id = task.id
  returning * into task;
  return task;
end;
$$;

comment on function public.set_task_completed(task_id uuid, completed boolean) is
  'Coordinator toggles a task between completed and pending. 404 unknown task, 403 not its coordinator.';

revoke execute on function public.set_task_completed(task_id uuid, completed boolean) from public, anon;

create function public.resend_task(task_id uuid)
returns public.tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks := private.require_coordinated_task(task_id);
begin
  if task.agent_response is null or task.status = 'completed' then
    raise exception 'only a responded, open task can be resent' using errcode = 'PT409';
  end if;
  update public.tasks t set last_reminded_at = now(), is_read_by_agent = false
  where t.id = task.id
  returning * into task;
  return task;
end;
$$;

comment on function public.resend_task(task_id uuid) is
  'Coordinator resends a task that has a response and is not completed: marks it unread; triggers notify the agent and log reminder_sent. 404 unknown, 403 not its coordinator, 409 not responded or completed.';

revoke execute on function public.resend_task(task_id uuid) from public, anon;

create function private.task_by_id(task_id uuid)
returns public.tasks
language sql
stable
security definer
set search_path = ''
as $$
  select t from public.tasks t where t.id = task_id
$$;

comment on function private.task_by_id(task_id uuid) is
  'The task row with this id (null when unknown); for error statuses of functions.';

revoke execute on function private.task_by_id(task_id uuid) from public;

grant execute on function private.task_by_id(task_id uuid) to service_role;

-- ---------------------------------------------------------------------------
-- Tasks: coordinator side
-- ---------------------------------------------------------------------------
create function private.require_coordinated_task(task_id uuid)
returns public.tasks
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  task public.tasks := private.task_by_id(task_id);
begin
  if task.id is null then
    raise exception 'task not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or task.listing_id in (select private.coordinated_listing_ids())) then
    raise exception 'only the listing''s coordinator manages its tasks' using errcode = '42501';
  end if;
  return task;
end;
$$;

comment on function private.require_coordinated_task(task_id uuid) is
  'The task, when the caller coordinates its listing (or is super admin); raises 404 for an unknown task and 403 otherwise.';

revoke execute on function private.require_coordinated_task(task_id uuid) from public;

grant execute on function private.require_coordinated_task(task_id uuid) to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Agents can read tasks assigned to them and coordinators their listings' tasks"
on public.tasks for select to authenticated
using (
  assigned_to_id = (select private.current_account_id())
  or assigned_to_id = any ((select private.coordinated_agents())::uuid[])
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
  or (select private.is_super_admin())
);

create policy "Coordinators can create tasks for the agent of listings they coordinate"
on public.tasks for insert to authenticated
with check (
  created_by_id = (select private.current_account_id())
  and status = 'pending' and agent_response is null
  and ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()))
  and private.is_listing_agent(listing_id, assigned_to_id)
);

create policy "Coordinators can edit and toggle tasks of listings they coordinate"
on public.tasks for update to authenticated
using ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()))
with check ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()));

create policy "Coordinators can delete tasks of listings they coordinate"
on public.tasks for delete to authenticated
using ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()));

create policy "Coordinators and agents can read responses between them"
on public.tc_responses for select to authenticated
using (
  tc_id = (select private.current_account_id())
  or agent_id = (select private.current_account_id())
  or (select private.is_super_admin())
);

create policy "Coordinators can respond to the agent of listings they coordinate"
on public.tc_responses for insert to authenticated
with check (
  tc_id = (select private.current_account_id())
  and ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()))
  and private.is_listing_agent(listing_id, agent_id)
);

create policy "Recipients can mark responses read and authors edit them"
on public.tc_responses for update to authenticated
using (
  (select private.is_super_admin())
  or tc_id = (select private.current_account_id())
  or agent_id = (select private.current_account_id())
)
with check (
  (select private.is_super_admin())
  or tc_id = (select private.current_account_id())
  or agent_id = (select private.current_account_id())
);

create policy "Authors and super admins can delete responses"
on public.tc_responses for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.tasks from anon, authenticated;

grant select, insert, delete on public.tasks to authenticated;

grant update (title, description, priority, status, due_date, completed_at) on public.tasks to authenticated;

revoke all on public.tc_responses from anon, authenticated;

grant select, insert, delete on public.tc_responses to authenticated;

grant update (is_read) on public.tc_responses to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger tasks_set_timestamps
before insert or update of listing_id, assigned_to_id, created_by_id, title, description, priority, status, agent_response,
  is_read_by_agent, responded_at, due_date, completed_at, last_reminded_at, created_at, updated_at on public.tasks
for each row execute function private.set_timestamps();

create trigger tc_responses_set_timestamps before insert or update on public.tc_responses
  for each row execute function private.set_timestamps('created_only');

create trigger tasks_set_owner before insert on public.tasks
  for each row execute function private.set_owner('created_by_id');

create trigger tc_responses_set_owner before insert on public.tc_responses
  for each row execute function private.set_owner('tc_id');

-- Runs before tasks_set_owner and tasks_set_timestamps (triggers fire in name order).
create trigger tasks_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.tasks
for each row execute function private.copy_listing_people();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index tasks_listing_id_idx on public.tasks (listing_id);

create index tasks_assigned_to_id_status_idx on public.tasks (assigned_to_id, status);

create index tasks_created_by_id_idx on public.tasks (created_by_id);

create index tasks_created_at_idx on public.tasks (created_at desc);

create index tc_responses_listing_id_idx on public.tc_responses (listing_id);

create index tc_responses_tc_id_idx on public.tc_responses (tc_id);

create index tc_responses_agent_id_created_at_idx on public.tc_responses (agent_id, created_at desc);

-- An agent's task list (and the coordinator's view of one agent's tasks) is
-- `assigned_to_id = X order by created_at desc, id` paged: without this index
-- the planner walks every task by date looking for the agent's.
create index tasks_assigned_to_id_created_at_idx on public.tasks (assigned_to_id, created_at desc, id);

create index tasks_assigned_to_id_is_read_by_agent_idx on public.tasks (assigned_to_id, is_read_by_agent, listing_id);

comment on index public.tasks_assigned_to_id_is_read_by_agent_idx is 'An assignee''s read or unread tasks per listing: the agent''s unread task count and the unread badge of each listing card, with is_read_by_agent as a parameter.';

-- Each index holds what the statistics read, so they never visit the table.
create index tasks_listing_tc_id_idx on public.tasks (listing_tc_id)
  include (listing_agent_id, status, created_at, responded_at);

comment on index public.tasks_listing_tc_id_idx is 'Tasks of the listings a coordinator owns (tc_id copy), covering what private.workflow_scope_totals() reads.';

create index tasks_listing_agent_id_idx on public.tasks (listing_agent_id)
  include (listing_tc_id, status, created_at, responded_at);

comment on index public.tasks_listing_agent_id_idx is 'Tasks of an agent''s listings (agent_id copy), covering what private.workflow_scope_totals() reads.';
