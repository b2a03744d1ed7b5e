-- An agent's task list (and the coordinator's view of one agent's tasks) is
-- `assigned_to_id = X order by created_at desc, id` paged: without this index
-- the planner walked every task by date looking for the agent's (issue: Scale;
-- at 1,000,000 tasks the service-role read dropped to 64 requests/s).
create index tasks_assigned_to_id_created_at_idx on public.tasks (assigned_to_id, created_at desc, id);

-- Team chat pages: a channel's top-level messages newest first, and its pinned
-- ones. The general channel (channel_id null) has an index of its own: `is
-- null` does not fix a column for the planner the way `= x` does, so an index
-- led by channel_id could not give the general feed its order, and the page
-- was a sort of all 100,000 general messages.
create index tc_team_messages_feed_idx on public.tc_team_messages (channel_id, created_at desc, id desc) where parent_message_id is null;
create index tc_team_messages_general_feed_idx on public.tc_team_messages (created_at desc, id desc) where parent_message_id is null and channel_id is null;
create index tc_team_messages_pinned_idx on public.tc_team_messages (channel_id, created_at desc) where is_pinned;

-- The admin console's accounts tab (newest first) and the agent grids (by name).
create index users_created_at_idx on public.users (created_at desc, id);
create index users_role_name_idx on public.users (role, first_name, last_name, id);
