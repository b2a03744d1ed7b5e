-- ---------------------------------------------------------------------------
-- The Outbox's Sent, Failed and Skipped tabs read a coordinator's messages
-- newest first (order by send_at desc nulls last, id desc: the screen's
-- getOutboxPage). party_messages_listing_tc_id_status_send_at_idx serves the
-- soonest-first tabs, but read backwards it gives desc NULLS FIRST, which the
-- planner does not take for NULLS LAST (send_at being not null does not
-- count). So each page of those tabs read every message of the tab, ran the
-- embedded listing and contract lookups (with their policies) for each, and
-- sorted: `npm run bench -- party-outbox` at 100,000 listings and 500,000
-- messages (2,000 sent on the measured coordinator's listings), Sent tab first
-- page 36.1 ms of database CPU per request under RLS against 13.5 ms as
-- service role (next page 41.9 against 15.3), EXPLAIN: Sort over 2,000 rows,
-- the embed run 2,000 times; a cost growing with every message ever sent.
-- With this index: 4.4 against 4.3 ms (next page 5.1 against 4.1), 51 rows
-- read in order.
-- ---------------------------------------------------------------------------

-- Section - Indexes

create index party_messages_listing_tc_id_status_newest_idx
  on public.party_messages (listing_tc_id, status, send_at desc nulls last, id desc);

comment on index public.party_messages_listing_tc_id_status_newest_idx is
  'The Outbox''s newest-first tabs (Sent, Failed, Skipped) of a coordinator: a page read in order (send_at desc nulls last, id desc) instead of sorting the whole tab (bench party-outbox).';
