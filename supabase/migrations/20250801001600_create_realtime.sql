-- ---------------------------------------------------------------------------
-- Realtime: the tables whose changes are published (each subscriber gets only
-- the rows its select policies allow), and the broadcast and presence topics
-- with their policies on realtime.messages.
-- ---------------------------------------------------------------------------
-- ---------------------------------------------------------------------------
-- Section - Publication
-- ---------------------------------------------------------------------------

-- Postgres changes reach subscribers through Realtime, which applies each
-- table's select policy to every subscriber: the screens update live without
-- reloading (team chat channel lists through the membership rows).
alter publication supabase_realtime add table
  public.messages,
  public.tc_team_messages,
  public.notifications,
  public.tasks,
  public.notes,
  public.listings,
  public.documents,
  public.tc_responses,
  public.activity_log,
  public.tc_channel_members,
  public.inbound_emails;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Live Agent Assignments: when an agent's coordinator changes (assign_agent,
-- unassign_agent, a deleted coordinator), every coordinator and super admin
-- must update their lists. Postgres Changes on users cannot tell the
-- coordinator who just lost sight of the row, so the database broadcasts the
-- change on the private Realtime topic 'agent-assignments' instead; RLS on
-- realtime.messages lets only coordinators and super admins receive it.

-- ---------------------------------------------------------------------------
-- Trigger: one broadcast per changed assignment
-- ---------------------------------------------------------------------------
create function private.broadcast_agent_assignment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object('agent_id', new.id, 'assigned_tc_id', new.assigned_tc_id, 'previous_tc_id', old.assigned_tc_id),
    'assignment_changed',
    'agent-assignments',
    true
  );
  return null;
end;
$$;

comment on function private.broadcast_agent_assignment() is
  'Trigger: broadcasts {agent_id, assigned_tc_id, previous_tc_id} as event assignment_changed on the private topic agent-assignments. Security definer so the insert into realtime.messages does not depend on the caller''s rights; realtime.send never aborts the caller''s transaction.';

revoke execute on function private.broadcast_agent_assignment() from public;

grant execute on function private.broadcast_agent_assignment() to service_role;

-- Who is online in a team chat channel: Realtime presence on the private topic
-- `tc-chat:<channel id>` (`tc-chat:general` for the general channel). Only
-- those who may read the channel's messages join, see and share presence there.

create function private.can_join_chat_topic(topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when topic = 'tc-chat:general' then private.is_coordinator()
    when topic ~ '^tc-chat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      private.is_super_admin() or substr(topic, 9)::uuid in (select private.my_channel_ids())
    else false
  end
$$;

comment on function private.can_join_chat_topic(topic text) is
  'True when the active account may use the Realtime topic tc-chat:<channel id|general> (coordinators for general, members for a channel, super admins all).';

revoke execute on function private.can_join_chat_topic(topic text) from public;

grant execute on function private.can_join_chat_topic(topic text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Who may join the topic: coordinators and super admins, read only (no
-- insert policy, so clients cannot forge assignment events).
-- ---------------------------------------------------------------------------
create policy "Coordinators and super admins can receive agent assignment changes"
on realtime.messages for select to authenticated
using (
  (select realtime.topic()) = 'agent-assignments'
  and extension = 'broadcast'
  and ((select private.current_role()) = 'tc' or (select private.is_super_admin()))
);

-- ---------------------------------------------------------------------------
-- Policies on realtime.messages (presence only; broadcast stays closed)
-- ---------------------------------------------------------------------------
create policy "Channel members can see who is online in their channels"
on realtime.messages for select to authenticated
using (extension = 'presence' and (select private.can_join_chat_topic((select realtime.topic()))));

create policy "Channel members can share their presence in their channels"
on realtime.messages for insert to authenticated
with check (extension = 'presence' and (select private.can_join_chat_topic((select realtime.topic()))));

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger users_broadcast_assignment after update of assigned_tc_id on public.users
  for each row when (old.assigned_tc_id is distinct from new.assigned_tc_id)
  execute function private.broadcast_agent_assignment();
