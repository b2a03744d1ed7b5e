-- ---------------------------------------------------------------------------
-- The indexes for unread and pinned rows hold the flag as a key column
-- instead of as a partial-index predicate (issue: Scale).
--
-- PostgREST sends `is_read=eq.false` as `is_read = $2`, a parameter. A
-- partial index `where not is_read` only serves a plan that knows the value:
-- a custom plan does, a generic plan (reused for every value) cannot use it.
-- Signed-in requests now run on generic plans (next migration), and the
-- unread counts fell back to reading all of a user's notifications or tasks
-- (0.79-0.84x the service role's throughput at 100,000 listings) and the
-- pinned chat messages to scanning the general channel (0.21x). With the flag
-- after the equality column, `user_id = $1 and is_read = $2` is an index
-- condition whatever the value. The pinned list also filters `is.true`
-- (src/features/chat/api/get-pinned-messages.ts): a generic plan estimates a
-- parameter from the column's average, and only a value written into the
-- SQL text tells it that almost no message is pinned.
-- ---------------------------------------------------------------------------

drop index public.notifications_user_id_unread_idx;
create index notifications_user_id_is_read_created_at_idx on public.notifications (user_id, is_read, created_at desc, id desc);
comment on index public.notifications_user_id_is_read_created_at_idx is
  'A user''s read or unread notifications, newest first: the unread page and the unread count (bell badge) with is_read as a parameter.';

drop index public.tasks_unread_by_assignee_idx;
create index tasks_assigned_to_id_is_read_by_agent_idx on public.tasks (assigned_to_id, is_read_by_agent, listing_id);
comment on index public.tasks_assigned_to_id_is_read_by_agent_idx is
  'An assignee''s read or unread tasks per listing: the agent''s unread task count and the unread badge of each listing card, with is_read_by_agent as a parameter.';

drop index public.tc_team_messages_pinned_idx;
create index tc_team_messages_channel_id_is_pinned_idx on public.tc_team_messages (channel_id, is_pinned, created_at desc);
comment on index public.tc_team_messages_channel_id_is_pinned_idx is
  'A channel''s pinned messages (channel_id null: the general channel), newest first, with is_pinned an index condition (the app sends is_pinned IS TRUE; a partial index "where is_pinned" is not used for that test).';
