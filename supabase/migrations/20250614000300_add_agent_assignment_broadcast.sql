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

create trigger users_broadcast_assignment after update of assigned_tc_id on public.users
  for each row when (old.assigned_tc_id is distinct from new.assigned_tc_id)
  execute function private.broadcast_agent_assignment();

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
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.broadcast_agent_assignment() from public, anon, authenticated;
