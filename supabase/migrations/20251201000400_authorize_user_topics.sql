-- ---------------------------------------------------------------------------
-- Live updates, part 3 (issue 54): who may join a user:<id> topic.
--
-- private.broadcast_row_change() sends each change to the private topic
-- user:<sign-in id> of its readers. A signed-in person may join (receive on)
-- only their own sign-in's topic; nobody may send on it from a client (no
-- insert policy covers user: topics, so Realtime refuses client broadcasts
-- there: only the database's triggers, which bypass RLS, write them).
-- realtime.topic() is the topic being authorized (hosted and local Realtime
-- set it while checking a join).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Users can receive their own user topic"
on realtime.messages for select to authenticated
using (
  extension = 'broadcast'
  and (select realtime.topic()) = 'user:' || (select auth.uid())::text
);
