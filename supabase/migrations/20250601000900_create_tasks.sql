-- Requirement tasks: a coordinator asks the listing's agent for something.
-- Coordinators create, edit, toggle and resend; the agent only answers and
-- marks read, through functions that touch just those columns.

-- ---------------------------------------------------------------------------
-- Table
-- ---------------------------------------------------------------------------
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
  constraint tasks_completed_at_check check ((status = 'completed') = (completed_at is not null))
);
comment on table public.tasks is
  'Requirement tasks from a coordinator to the listing''s agent. Agents answer through respond_to_task()/mark_task_read(); coordinators resend through resend_task().';

create index tasks_listing_id_idx on public.tasks (listing_id);
create index tasks_assigned_to_id_status_idx on public.tasks (assigned_to_id, status);
create index tasks_created_by_id_idx on public.tasks (created_by_id);
create index tasks_created_at_idx on public.tasks (created_at desc);

create trigger tasks_set_timestamps before insert or update on public.tasks
  for each row execute function private.set_timestamps();

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
comment on function private.is_listing_agent(uuid, uuid) is 'True when the account is the listing''s agent. Evaluated per inserted row.';
grant execute on function private.is_listing_agent(uuid, uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
alter table public.tasks enable row level security;

create policy "Agents can read tasks assigned to them and coordinators their listings' tasks"
on public.tasks for select to authenticated
using (
  (select private.is_super_admin())
  or assigned_to_id = (select private.current_account_id())
  or listing_id in (select private.coordinated_listing_ids())
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

revoke all on public.tasks from anon, authenticated;
grant select, insert, delete on public.tasks to authenticated;
-- Never the listing, the assignee or the creator; agents have no update policy at all.
grant update (title, description, priority, status, due_date, completed_at) on public.tasks to authenticated;

-- ---------------------------------------------------------------------------
-- Agent side
-- ---------------------------------------------------------------------------
create function public.respond_to_task(task_id uuid, response text, mark_completed boolean default true)
returns public.tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks;
begin
  if coalesce(btrim(response), '') = '' then
    raise exception 'a response is required' using errcode = '22023';
  end if;
  update public.tasks t
  set agent_response = btrim(response), responded_at = now(), is_read_by_agent = true,
      status = case when mark_completed then 'completed' else t.status end,
      completed_at = case when mark_completed then coalesce(t.completed_at, now()) else t.completed_at end
  where t.id = task_id and t.assigned_to_id = private.current_account_id()
  returning * into task;
  if task.id is null then
    raise exception 'not your task' using errcode = '42501';
  end if;
  return task;
end;
$$;
comment on function public.respond_to_task(uuid, text, boolean) is
  'The assigned agent answers a task: sets agent_response, responded_at, is_read_by_agent and (by default) status completed with completed_at.';

create function public.mark_task_read(task_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.tasks t set is_read_by_agent = true
  where t.id = task_id and t.assigned_to_id = private.current_account_id();
  if not found then
    raise exception 'not your task' using errcode = '42501';
  end if;
end;
$$;
comment on function public.mark_task_read(uuid) is 'The assigned agent marks a task read (clears the NEW badge).';

-- ---------------------------------------------------------------------------
-- Coordinator side
-- ---------------------------------------------------------------------------
create function public.set_task_completed(task_id uuid, completed boolean)
returns public.tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks;
begin
  update public.tasks t
  set status = case when completed then 'completed' else 'pending' end,
      completed_at = case when completed then coalesce(t.completed_at, now()) end
  where t.id = task_id
    and (private.is_super_admin() or t.listing_id in (select private.coordinated_listing_ids()))
  returning * into task;
  if task.id is null then
    raise exception 'only the listing''s coordinator toggles its tasks' using errcode = '42501';
  end if;
  return task;
end;
$$;
comment on function public.set_task_completed(uuid, boolean) is 'Coordinator toggles a task between completed and pending.';

create function public.resend_task(task_id uuid)
returns public.tasks
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks;
begin
  update public.tasks t set last_reminded_at = now(), is_read_by_agent = false
  where t.id = task_id
    and t.agent_response is not null and t.status <> 'completed'
    and (private.is_super_admin() or t.listing_id in (select private.coordinated_listing_ids()))
  returning * into task;
  if task.id is null then
    raise exception 'only the coordinator resends a responded, open task' using errcode = '42501';
  end if;
  return task;
end;
$$;
comment on function public.resend_task(uuid) is
  'Coordinator resends a task that has a response and is not completed: marks it unread; triggers notify the agent and log reminder_sent.';

grant execute on function public.respond_to_task(uuid, text, boolean), public.mark_task_read(uuid),
  public.set_task_completed(uuid, boolean), public.resend_task(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.is_listing_agent(uuid, uuid),
  public.respond_to_task(uuid, text, boolean),
  public.mark_task_read(uuid),
  public.set_task_completed(uuid, boolean),
  public.resend_task(uuid)
from public, anon;
