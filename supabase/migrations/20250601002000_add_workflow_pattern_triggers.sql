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
comment on function private.record_task_pattern() is 'Trigger: appends ai_workflow_patterns rows for task lifecycle events.';

create trigger tasks_record_pattern after insert or update of agent_response, status, last_reminded_at on public.tasks
  for each row execute function private.record_task_pattern();

revoke execute on function private.record_task_pattern() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.record_task_pattern()
from public, anon;
