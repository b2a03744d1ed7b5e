-- One coordinator's agents with their counts, for the `/api` surface's
-- GET /api/agents/by-tc/{tcId}: the dashboard grid's agent_overview rows of
-- that coordinator, refused with a status instead of an empty list when the
-- caller may not ask (another coordinator's team is 403, an unknown
-- coordinator 404), so a client can tell "no agents" from "not yours".

create function public.coordinator_agents(tc_id uuid)
returns setof public.agent_overview
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not ((select private.is_super_admin()) or tc_id = (select private.current_account_id())) then
    raise exception 'only that coordinator or a super admin lists their agents' using errcode = '42501';
  end if;
  if not exists (select 1 from public.users u where u.id = tc_id and u.role = 'tc') then
    raise exception 'coordinator not found' using errcode = 'PT404';
  end if;
  return query select o.* from public.agent_overview o where o.assigned_tc_id = tc_id;
end;
$$;
comment on function public.coordinator_agents(uuid) is
  'agent_overview rows of one coordinator''s agents (that coordinator or a super admin; 403 otherwise, 404 unknown coordinator). Security invoker: the counts are what the caller may read. Callers filter, order and page the result like a table.';

revoke execute on function public.coordinator_agents(uuid) from public, anon;
grant execute on function public.coordinator_agents(uuid) to authenticated;
