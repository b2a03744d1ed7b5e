-- Refusals of the listing, message and task functions answer with a 4xx
-- status and a clear message through PostgREST: unknown id -> PT404 (404),
-- not allowed -> 42501 (403), bad input -> 22023 (400), wrong state -> PT409
-- (409). Before, an unknown listing raised P0002 (HTTP 500) and an unknown
-- task or a task in the wrong state answered 403. Same signatures and
-- behaviour otherwise; see docs/data-model.md "Errors".

-- ---------------------------------------------------------------------------
-- Lookups: existence checks that ignore the caller's RLS, so "unknown" (404)
-- and "not yours" (403) can be told apart.
-- ---------------------------------------------------------------------------
create function private.listing_exists(listing_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.listings l where l.id = listing_id)
$$;
comment on function private.listing_exists(uuid) is 'True when a listing with this id exists; for error statuses of functions.';

create function private.task_by_id(task_id uuid)
returns public.tasks
language sql
stable
security definer
set search_path = ''
as $$
  select t from public.tasks t where t.id = task_id
$$;
comment on function private.task_by_id(uuid) is 'The task row with this id (null when unknown); for error statuses of functions.';

-- ---------------------------------------------------------------------------
-- Listings
-- ---------------------------------------------------------------------------
create or replace function public.set_listing_status(listing_id uuid, new_status text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
begin
  if not private.listing_exists(listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or listing_id in (select private.coordinated_listing_ids())) then
    raise exception 'only the listing''s coordinator changes its status' using errcode = '42501';
  end if;
  if new_status is null or new_status not in ('incomplete', 'ready', 'live', 'under_contract') then
    raise exception 'status must be incomplete, ready, live or under_contract' using errcode = '22023';
  end if;
  update public.listings l set status = new_status where l.id = listing_id returning * into listing;
  return listing;
end;
$$;
comment on function public.set_listing_status(uuid, text) is
  'Coordinator (or super admin) sets a listing''s status to incomplete, ready, live or under_contract. 404 unknown listing, 403 not its coordinator, 400 unknown status.';

-- ---------------------------------------------------------------------------
-- Messages
-- ---------------------------------------------------------------------------
create or replace function public.mark_messages_read(listing_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if not private.listing_exists(listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or listing_id in (select private.accessible_listing_ids())) then
    raise exception 'not your listing' using errcode = '42501';
  end if;
  update public.messages m set is_read = true
  where m.listing_id = mark_messages_read.listing_id and not m.is_read
    and m.sender_id is distinct from private.current_account_id();
  get diagnostics changed = row_count;
  return changed;
end;
$$;
comment on function public.mark_messages_read(uuid) is
  'Marks the messages others sent on a listing as read for the caller; returns how many. 404 unknown listing, 403 not on it.';

-- ---------------------------------------------------------------------------
-- Tasks: agent side
-- ---------------------------------------------------------------------------
create or replace function public.respond_to_task(task_id uuid, response text, mark_completed boolean default true)
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
comment on function public.respond_to_task(uuid, text, boolean) is
  'The assigned agent answers a task: sets agent_response, responded_at, is_read_by_agent and (by default) status completed with completed_at. 404 unknown task, 403 not assigned to the caller, 400 empty response.';

create or replace function public.mark_task_read(task_id uuid)
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
comment on function public.mark_task_read(uuid) is 'The assigned agent marks a task read (clears the NEW badge). 404 unknown task, 403 not assigned to the caller.';

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
comment on function private.require_coordinated_task(uuid) is
  'The task, when the caller coordinates its listing (or is super admin); raises 404 for an unknown task and 403 otherwise.';

create or replace function public.set_task_completed(task_id uuid, completed boolean)
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
comment on function public.set_task_completed(uuid, boolean) is
  'Coordinator toggles a task between completed and pending. 404 unknown task, 403 not its coordinator.';

create or replace function public.resend_task(task_id uuid)
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
comment on function public.resend_task(uuid) is
  'Coordinator resends a task that has a response and is not completed: marks it unread; triggers notify the agent and log reminder_sent. 404 unknown, 403 not its coordinator, 409 not responded or completed.';

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon.
-- ---------------------------------------------------------------------------
revoke execute on function
  private.listing_exists(uuid),
  private.task_by_id(uuid),
  private.require_coordinated_task(uuid)
from public, anon, authenticated;
