-- ---------------------------------------------------------------------------
-- Counts whose cost follows the caller's scope, not the tables (issue: Scale).
--
-- * agent_overview counted every listing and task of the brokerage (GROUP BY
--   over the whole tables) and then kept the caller's agents. It now counts
--   per agent shown, through agent_work_count(), which checks that the caller
--   may see that agent's work and then counts on the indexes.
-- * listing_stats() without an agent counted every listing the caller could
--   see by filtering the whole table through RLS; it now names the scope
--   (the caller's listings, or all for a super admin).
-- * channel_unread_counts() counted every unread message of every visible
--   channel (the general channel of a large brokerage has 100,000); it now
--   counts per channel of the caller, on the (channel_id, created_at) index,
--   and stops at 100: the badge shows "99+" beyond that.
-- ---------------------------------------------------------------------------

create function private.agent_work_count(agent uuid, what text)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
begin
  -- Whose work the caller may count: their own, their agents' (acting as tc), anyone's for a super admin.
  if me is null
     or not (agent = me
       or private.is_super_admin()
       or (context[2] = 'tc' and exists (select 1 from public.users a where a.id = agent and a.assigned_tc_id = me))) then
    return 0;
  end if;
  return case what
    when 'listings' then (select count(*) from public.listings l where l.agent_id = agent)
    when 'tasks' then (select count(*) from public.tasks t where t.assigned_to_id = agent)
    when 'open_tasks' then (select count(*) from public.tasks t where t.assigned_to_id = agent and t.status <> 'completed')
  end;
end;
$$;
comment on function private.agent_work_count(uuid, text) is
  'One count of one agent for the agent_overview view (what: listings, tasks, open_tasks): the agent themself, their coordinator (acting as tc) and super admins get it, anyone else 0 (as RLS showed them before). Counts on the indexes, without per-row policies.';
revoke execute on function private.agent_work_count(uuid, text) from public, anon;
grant execute on function private.agent_work_count(uuid, text) to authenticated, service_role;

-- The counts are columns of their own (not a join), so a request that does not
-- select them (the assignment lists, the total) does not compute them.
create or replace view public.agent_overview with (security_invoker = true) as
select
  u.id,
  u.first_name,
  u.last_name,
  u.email,
  u.profile_image_url,
  u.assigned_tc_id,
  -- Same sign-in as a coordinator account: the coordinator's test agent profile.
  -- Written as IN so the planner runs it once as a hashed subplan, not per agent.
  u.auth_user_id in (select t.auth_user_id from public.users t where t.role = 'tc') as is_test_profile,
  u.created_at,
  private.agent_work_count(u.id, 'listings') as listing_count,
  private.agent_work_count(u.id, 'tasks') as task_count,
  private.agent_work_count(u.id, 'open_tasks') as open_task_count
from public.users u
where u.role = 'agent';

comment on view public.agent_overview is
  'Agent cards of the coordinator dashboard: agent accounts the caller may read (security_invoker: RLS of users applies), with counts of their listings and tasks for callers who may see that agent''s work (private.agent_work_count). Query as agent_overview?assigned_tc_id=eq.<coordinator>&order=first_name.';
comment on column public.agent_overview.listing_count is 'Listings of this agent (0 unless the caller is the agent, their coordinator or a super admin).';
comment on column public.agent_overview.task_count is 'Tasks assigned to this agent (0 unless the caller is the agent, their coordinator or a super admin).';

create function private.count_by_status(statuses text[])
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer)
language sql
immutable
set search_path = ''
as $$
  select
    cardinality(statuses),
    (select count(*) from unnest(statuses) s where s = 'incomplete')::integer,
    (select count(*) from unnest(statuses) s where s = 'ready')::integer,
    (select count(*) from unnest(statuses) s where s = 'live')::integer,
    (select count(*) from unnest(statuses) s where s = 'under_contract')::integer
$$;
comment on function private.count_by_status(text[]) is 'listing_stats() row for a list of listing statuses: the total and the count per status.';
grant execute on function private.count_by_status(text[]) to authenticated, service_role;

create or replace function public.listing_stats(agent_id uuid default null)
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer)
language plpgsql
stable
security invoker
set search_path = ''
rows 1
as $$
begin
  -- Asking about someone else's listings is refused rather than answered with
  -- zeros: the caller must be that agent, their coordinator or a super admin.
  if listing_stats.agent_id is not null
     and listing_stats.agent_id is distinct from private.current_account_id()
     and not private.is_super_admin()
     and listing_stats.agent_id not in (select private.coordinated_agent_ids()) then
    if not private.account_exists(listing_stats.agent_id) then
      raise exception 'agent not found' using errcode = 'PT404';
    end if;
    raise exception 'only the agent, their coordinator or a super admin may see these listing counts' using errcode = '42501';
  end if;
  -- One statement per scope, so each reads its own index (a CASE in WHERE would read every listing).
  if listing_stats.agent_id is not null then
    return query select * from private.count_by_status(array(select l.status from public.listings l where l.agent_id = listing_stats.agent_id));
  elsif private.is_super_admin() then
    return query select * from private.count_by_status(array(select l.status from public.listings l));
  else
    -- The caller's listing ids first, then a primary-key lookup each (IN over the set function let
    -- the planner, guessing its size, scan every listing).
    return query select * from private.count_by_status(array(
      select l.status from public.listings l where l.id = any(array(select distinct x from private.accessible_listing_ids() x))));
  end if;
end;
$$;

create or replace function public.channel_unread_counts()
returns table (channel_id uuid, unread bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
begin
  if not private.is_coordinator() then
    return;
  end if;
  return query
    with channels as (
      -- The caller's channels: general, those they belong to or created; a super admin's: all.
      select null::uuid as id, null::timestamptz as joined_at
      union all
      select c.id, m.joined_at
      from public.tc_channels c
      left join public.tc_channel_members m on m.channel_id = c.id and m.tc_id = me
      where m.tc_id is not null or c.created_by_id = me or private.is_super_admin()
    )
    select ch.id, n.unread
    from channels ch
    left join public.tc_channel_reads r on r.tc_id = me and r.channel_id is not distinct from ch.id
    cross join lateral (
      select count(*) as unread from (
        select 1 from public.tc_team_messages t
        where ch.id is null and t.channel_id is null
          and t.created_at > coalesce(r.last_read_at, '-infinity') and t.sender_id is distinct from me
        union all
        select 1 from public.tc_team_messages t
        where t.channel_id = ch.id
          and t.created_at > coalesce(r.last_read_at, ch.joined_at, '-infinity') and t.sender_id is distinct from me
        limit 100
      ) unread_messages
    ) n
    where n.unread > 0;
end;
$$;
comment on function public.channel_unread_counts() is
  'Unread messages per channel (null: general) for the active account, in one request under RLS: others'' messages after the read marker (else after joining), counted up to 100 per channel (the badge shows 99+). Channels without unread messages are absent.';

-- Service role (Edge Functions, benchmarks' baselines) may call what these
-- security invoker functions call; it bypasses RLS anyway.
grant execute on all functions in schema private to service_role;

-- AI Workflow Insights' task scope: one OR over every task (is super admin, or
-- listing in the coordinated set) scanned the whole tasks table on each visit.
-- Now each case reads its own index: one agent's tasks, or the tasks of the
-- coordinated listings.
create or replace function private.workflow_tasks(agent_id uuid)
returns setof public.tasks
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  everyone boolean := private.is_super_admin();
begin
  if workflow_tasks.agent_id is not null then
    return query
      select t.* from public.tasks t
      join public.listings l on l.id = t.listing_id
      where t.assigned_to_id = workflow_tasks.agent_id
        and (everyone or l.tc_id = me or l.agent_id in (select private.coordinated_agent_ids()));
  elsif everyone then
    return query select t.* from public.tasks t;
  else
    return query select t.* from public.tasks t where t.listing_id in (select private.coordinated_listing_ids());
  end if;
end;
$$;
