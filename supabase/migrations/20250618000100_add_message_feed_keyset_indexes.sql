-- Message feeds are read newest first in keyset pages on (created_at, id):
--   where team_tc_id = $team and is_general   (Team Messages)
--   where listing_id = $listing                (a listing's thread)
--   order by created_at desc, id desc limit n
--   with created_at < $c or (created_at = $c and id < $id) for older pages.
-- Rows of one statement share created_at (now() of the transaction), so id
-- breaks ties. The former two-column indexes left that tie-break to a sort;
-- these replace them (same leading column, so the foreign keys' cascades on
-- team_tc_id and listing_id still find their rows through an index).

-- ---------------------------------------------------------------------------
-- Indexes
-- ---------------------------------------------------------------------------
create index messages_team_feed_idx on public.messages (team_tc_id, created_at, id);
comment on index public.messages_team_feed_idx is
  'Team Messages: keyset pages of a team''s general messages on (created_at, id), read backwards; also serves the team_tc_id foreign key.';
drop index public.messages_team_tc_id_created_at_idx;

create index messages_listing_feed_idx on public.messages (listing_id, created_at, id);
comment on index public.messages_listing_feed_idx is
  'A listing''s thread: keyset pages on (created_at, id), read backwards; also serves the listing_id foreign key.';
drop index public.messages_listing_id_created_at_idx;
