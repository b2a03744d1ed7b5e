-- ---------------------------------------------------------------------------
-- Live updates, part 6 (issue 54): agent assignments are told on the user
-- topics too, and the shared topic agent-assignments goes.
--
-- Until now a change of an agent's coordinator was broadcast once on the
-- private topic agent-assignments, which coordinators and super admins could
-- join (…_create_realtime.sql). Realtime checks that policy when a client
-- joins, not per message, so a coordinator demoted (or deleted) while joined
-- went on hearing every assignment of the brokerage until they left; and the
-- coordinator's dashboard needed a second channel beside its user topic.
--
-- Now the change goes to the topic user:<sign-in id> of each account that
-- follows assignments, decided when it happens: every account acting as tc
-- (available_agents() and the agents grid are theirs) and every super admin.
-- The payload is that of the other live changes: {"table":
-- "agent_assignments", "id": <agent>, "op": "UPDATE", "listing_id": null}
-- ("agent_assignments" names what changed, the assigned_tc_id of users, not a
-- table a client reads; the screens refetch their agent lists through RLS).
--
-- The cost: one message per coordinator and super admin online or not, where
-- there was one for all (a brokerage of 100 coordinators writes 100 rows of
-- realtime.messages per assignment). Assignments are rare, by hand; the
-- listing rows an assignment moves are told to their own readers anyway.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.broadcast_agent_assignment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- As private.broadcast_row_change(): telling never fails the assignment.
  begin
    perform realtime.send(
      jsonb_build_object('table', 'agent_assignments', 'id', new.id::text, 'op', 'UPDATE', 'listing_id', null),
      'change',
      topic,
      true)
    from unnest(private.reader_topics(array(
      select u.id from public.users u where u.role = 'tc'
      union
      select s from private.super_admin_ids() s))) topic;
  exception
    when others then
      raise warning 'ErrorBroadcastingRowChange on agent_assignments: %', sqlerrm;
  end;
  return null;
end;
$$;

comment on function private.broadcast_agent_assignment() is
  'Trigger (after update of users.assigned_tc_id, when it changes): sends {table: agent_assignments, id: the agent, op: UPDATE, listing_id: null} as event change to the private topic user:<sign-in id> of every account acting as tc and every super admin, decided from the current accounts (private.reader_topics()). Security definer so realtime.messages is written whoever assigns; a failure is a warning.';

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- Nothing is sent on agent-assignments any more: nobody joins it.
drop policy "Coordinators and super admins can receive agent assignment changes" on realtime.messages;
