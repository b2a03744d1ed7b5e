-- Notifications written by triggers: new task (its agent), task response (the
-- coordinator), resend (the agent), new listing message (the other side), new
-- team or channel message (the members), invitation used (the inviter).

-- ---------------------------------------------------------------------------
-- Tasks
-- ---------------------------------------------------------------------------
create function private.notify_task_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := '/listing/' || new.listing_id || '?tab=tasks';
begin
  if tg_op = 'INSERT' then
    perform private.notify(new.assigned_to_id, 'task', 'New task: ' || new.title, new.description, 'task', new.id,
      '/agent-listing/' || new.listing_id, new.priority);
  else
    if new.agent_response is not null and new.agent_response is distinct from old.agent_response then
      perform private.notify(
        coalesce(new.created_by_id, (select l.tc_id from public.listings l where l.id = new.listing_id)),
        'task', 'Task response: ' || new.title, new.agent_response, 'task', new.id, url);
    end if;
    if new.last_reminded_at is distinct from old.last_reminded_at and new.last_reminded_at is not null then
      perform private.notify(new.assigned_to_id, 'task', 'Reminder: ' || new.title,
        'Your coordinator resent this requirement.', 'task', new.id, '/agent-listing/' || new.listing_id, 'high');
    end if;
  end if;
  return null;
end;
$$;
comment on function private.notify_task_events() is 'Trigger: notifies the agent of new and resent tasks and the coordinator of responses.';

create trigger tasks_notify after insert or update of agent_response, last_reminded_at on public.tasks
  for each row execute function private.notify_task_events();

-- ---------------------------------------------------------------------------
-- Listing and team messages
-- ---------------------------------------------------------------------------
create function private.notify_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender_name text := coalesce(
    (select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from public.users u where u.id = new.sender_id), 'User');
  recipient uuid;
begin
  if new.is_general then
    for recipient in
      select u.id from public.users u
      where (u.id = new.team_tc_id or u.assigned_tc_id = new.team_tc_id) and u.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', 'New team message from ' || sender_name, new.content, 'message', new.id, '/agent-messages');
    end loop;
  else
    for recipient in
      select distinct p.id from public.listings l
      cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
      where l.id = new.listing_id and p.id is not null and p.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', 'New message from ' || sender_name, new.content, 'message', new.id,
        '/listing/' || new.listing_id || '?tab=messages');
    end loop;
  end if;
  return null;
end;
$$;
comment on function private.notify_message() is 'Trigger: a listing message notifies the other side (agent or coordinator); a team message the team.';

create trigger messages_notify after insert on public.messages
  for each row execute function private.notify_message();

create function private.notify_tc_team_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
begin
  for recipient in
    select u.id from public.users u
    where new.channel_id is null and u.role = 'tc' and u.id is distinct from new.sender_id
    union
    select m.tc_id from public.tc_channel_members m
    where m.channel_id = new.channel_id and m.tc_id is distinct from new.sender_id
  loop
    perform private.notify(recipient, 'message', 'New team chat message', new.content, 'tc_team_message', new.id, '/tc-team-chat');
  end loop;
  return null;
end;
$$;
comment on function private.notify_tc_team_message() is 'Trigger: a general-channel message notifies every tc; a channel message its members.';

create trigger tc_team_messages_notify after insert on public.tc_team_messages
  for each row execute function private.notify_tc_team_message();

-- ---------------------------------------------------------------------------
-- Invitations
-- ---------------------------------------------------------------------------
create function private.notify_invitation_used()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(new.invited_by, 'alert', 'Invitation accepted',
    new.email || ' joined as ' || new.role || '.', 'invitation', new.id, '/admin');
  return null;
end;
$$;
comment on function private.notify_invitation_used() is 'Trigger: tells the inviter that an invitation was used.';

create trigger invitations_notify_used after update of used on public.invitations
  for each row when (new.used and not old.used) execute function private.notify_invitation_used();

revoke execute on function private.notify_task_events(), private.notify_message(), private.notify_tc_team_message(),
  private.notify_invitation_used() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.notify_task_events(),
  private.notify_message(),
  private.notify_tc_team_message(),
  private.notify_invitation_used()
from public, anon;
