-- Task notifications: a completed task now tells the people on it (the agent
-- when the coordinator completes it; the coordinator too when a super admin
-- does), and every task notification opens the listing's Requirements tab,
-- where the agent answers and the coordinator reviews. An agent's answer that
-- also completes the task is reported once, as the response.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create or replace function private.notify_task_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := private.listing_url(new.listing_id, null, 'tasks');
  coordinator uuid := coalesce(new.created_by_id, (select l.tc_id from public.listings l where l.id = new.listing_id));
  answered boolean := tg_op = 'UPDATE' and new.agent_response is not null and new.agent_response is distinct from old.agent_response;
begin
  if tg_op = 'INSERT' then
    perform private.notify(new.assigned_to_id, 'task', 'New task: ' || new.title, new.description, 'task', new.id, url, new.priority);
    return null;
  end if;
  if answered then
    perform private.notify(coordinator, 'task', 'Task response: ' || new.title, new.agent_response, 'task', new.id, url);
  end if;
  if new.last_reminded_at is distinct from old.last_reminded_at and new.last_reminded_at is not null then
    perform private.notify(new.assigned_to_id, 'task', 'Reminder: ' || new.title,
      'Your coordinator resent this requirement.', 'task', new.id, url, 'high');
  end if;
  if new.status = 'completed' and old.status is distinct from 'completed' then
    perform private.notify(new.assigned_to_id, 'task', 'Task completed: ' || new.title, 'This requirement is complete.', 'task', new.id, url);
    if not answered then
      perform private.notify(coordinator, 'task', 'Task completed: ' || new.title, 'This requirement is complete.', 'task', new.id, url);
    end if;
  end if;
  return null;
end;
$$;
comment on function private.notify_task_events() is
  'Trigger: new, resent and completed tasks notify the agent; responses (and completions by someone else) the coordinator; all open /listing/{id}?tab=tasks. The actor is skipped by private.notify().';

drop trigger tasks_notify on public.tasks;
create trigger tasks_notify after insert or update of agent_response, last_reminded_at, status on public.tasks
  for each row execute function private.notify_task_events();

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.notify_task_events() from public, anon, authenticated;
