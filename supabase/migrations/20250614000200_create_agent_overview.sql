-- The coordinator dashboard's agent grid in one request: each agent account
-- the caller may see, with counts of that agent's listings and tasks. The view
-- runs with the caller's rights (security_invoker), so RLS of users, listings
-- and tasks decides which agents appear and what the counts count.

-- ---------------------------------------------------------------------------
-- View
-- ---------------------------------------------------------------------------
create view public.agent_overview with (security_invoker = true) as
select
  u.id,
  u.first_name,
  u.last_name,
  u.email,
  u.profile_image_url,
  u.assigned_tc_id,
  -- Same sign-in as a coordinator account: the coordinator's test agent profile.
  -- Reads only tc rows of the agent's sign-in, which callers who see the agent
  -- (its coordinator, teammates, super admin) may read; no sign-in id is returned.
  -- Written as IN so the planner runs it once as a hashed subplan, not per agent.
  u.auth_user_id in (select t.auth_user_id from public.users t where t.role = 'tc') as is_test_profile,
  u.created_at,
  coalesce(l.listing_count, 0) as listing_count,
  coalesce(k.task_count, 0) as task_count,
  coalesce(k.open_task_count, 0) as open_task_count
from public.users u
left join (
  select agent_id, count(*)::integer as listing_count
  from public.listings
  group by agent_id
) l on l.agent_id = u.id
left join (
  select assigned_to_id, count(*)::integer as task_count,
    (count(*) filter (where status <> 'completed'))::integer as open_task_count
  from public.tasks
  group by assigned_to_id
) k on k.assigned_to_id = u.id
where u.role = 'agent';

comment on view public.agent_overview is
  'Agent cards of the coordinator dashboard: agent accounts the caller may read, with listing and task counts of what the caller may read (security_invoker: RLS of users, listings, tasks applies). Query as agent_overview?assigned_tc_id=eq.<coordinator>&order=first_name.';
comment on column public.agent_overview.id is 'The agent account (public.users.id).';
comment on column public.agent_overview.first_name is 'Agent first name.';
comment on column public.agent_overview.last_name is 'Agent last name.';
comment on column public.agent_overview.email is 'Agent e-mail (the account''s, not necessarily the sign-in''s).';
comment on column public.agent_overview.profile_image_url is 'Avatar path or URL (bucket avatars).';
comment on column public.agent_overview.assigned_tc_id is 'The agent''s coordinator; null when unassigned.';
comment on column public.agent_overview.is_test_profile is 'True when the account shares its sign-in with a coordinator account (the coordinator''s test agent profile; badge ''Test Profile'').';
comment on column public.agent_overview.created_at is 'When the agent account was created.';
comment on column public.agent_overview.listing_count is 'Listings of this agent that the caller may read.';
comment on column public.agent_overview.task_count is 'Tasks assigned to this agent that the caller may read.';
comment on column public.agent_overview.open_task_count is 'Of task_count, those not completed.';

-- ---------------------------------------------------------------------------
-- Grants: read-only; anon gets nothing (and would see no rows anyway).
-- ---------------------------------------------------------------------------
revoke all on public.agent_overview from anon, authenticated;
grant select on public.agent_overview to authenticated;
