-- ---------------------------------------------------------------------------
-- Agent assignment decides on the agent's row as it is when the change is
-- made: assign_agent() and unassign_agent() read the agent FOR UPDATE.
--
-- Before, both read the agent's coordinator without a lock, checked it, then
-- updated. Two calls about the same agent could both pass their check:
--   * while a coordinator's assign_agent(agent) was uncommitted, another
--     coordinator's assign_agent(agent) still saw the agent unassigned, waited
--     only at its UPDATE and then overwrote the first assignment (both
--     succeeded; run one after the other, the second is refused);
--   * a coordinator's unassign_agent(agent) racing the super admin's move of
--     that agent to another coordinator released the new coordinator's agent.
-- With the row locked before the check, the second call waits for the first
-- transaction and then checks the committed outcome, so the loser gets the
-- same refusal (42501, 403) as when the calls run one after the other
-- (tests/integration/agent-assignment-races.test.ts). Only the agent's row is
-- locked, and each call locks one row, so the calls cannot deadlock each other.
-- Otherwise the functions are unchanged from 20250610000400.
-- ---------------------------------------------------------------------------

create or replace function public.assign_agent(agent_id uuid, tc_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  target_tc uuid := coalesce(tc_id, me);
  agent public.users;
begin
  if not (private.is_super_admin() or (private.current_role() = 'tc' and target_tc = me)) then
    raise exception 'only coordinators assign agents to themselves' using errcode = '42501';
  end if;
  -- Locked: a concurrent assignment of the same agent commits (or not) before this one checks it.
  select * into agent from public.users u where u.id = agent_id and u.role = 'agent' for update;
  if agent.id is null then
    raise exception 'agent not found' using errcode = 'PT404';
  end if;
  if not private.is_team_coordinator(target_tc) then
    raise exception 'coordinator not found' using errcode = 'PT404';
  end if;
  if not private.is_super_admin() and agent.assigned_tc_id is not null then
    if agent.assigned_tc_id = me then
      raise exception 'agent is already assigned to you' using errcode = 'PT409';
    end if;
    raise exception 'agent is assigned to another coordinator' using errcode = '42501';
  end if;
  update public.users u set assigned_tc_id = target_tc where u.id = agent.id;
  update public.listings l set tc_id = target_tc where l.agent_id = agent.id;
end;
$$;
comment on function public.assign_agent(uuid, uuid) is
  'Assigns an agent to a coordinator (a tc: unassigned agents to self; super admin: anyone). 404 unknown agent/coordinator, 403 another coordinator''s agent, 409 already yours. Locks the agent''s row, so concurrent calls decide one after the other.';

create or replace function public.unassign_agent(agent_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  agent public.users;
begin
  -- Locked: a concurrent move of the same agent commits (or not) before this one checks whose agent it is.
  select * into agent from public.users u where u.id = agent_id and u.role = 'agent' for update;
  if agent.id is null then
    raise exception 'agent not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or agent.assigned_tc_id = me) then
    raise exception 'not your agent' using errcode = '42501';
  end if;
  update public.users u set assigned_tc_id = null where u.id = agent.id;
  update public.listings l set tc_id = null where l.agent_id = agent.id;
end;
$$;
comment on function public.unassign_agent(uuid) is
  'Unassigns an agent from its coordinator (the coordinator itself or a super admin). 404 unknown agent, 403 someone else''s. Locks the agent''s row, so concurrent calls decide one after the other.';
