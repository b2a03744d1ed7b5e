-- ---------------------------------------------------------------------------
-- Indexes of the deadline lists for generic plans. Signed-in requests run
-- with plan_cache_mode = force_generic_plan (docs/performance.md), and
-- PostgREST sends `status=eq.open` and `contract_status=eq.active` as
-- parameters, so a generic plan cannot use an index whose predicate names
-- those values (`where status = 'open' and contract_status = 'active'`): the
-- scale bench measured the super admin's Deadlines page reading every
-- deadline (157 ms of database CPU per request at 100,000 listings, 2.5 ms as
-- service role). The flags become key columns instead, followed by the
-- screens' order (due_at, id), so each list is one index range read in order
-- and stopped after a page:
--   coordinator: listing_tc_id = me, open, active, due_at < horizon;
--   agent (and a coordinator's agent filter): listing_agent_id = them, …;
--   super admin and the reminder job: open, active, due_at < ….
-- They replace the partial indexes of the same lists and the single-column
-- indexes on the copies, which are their prefixes.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

drop index public.contract_deadlines_open_by_tc_idx;

drop index public.contract_deadlines_open_by_agent_idx;

drop index public.contract_deadlines_open_due_at_idx;

drop index public.contract_deadlines_listing_tc_id_idx;

drop index public.contract_deadlines_listing_agent_id_idx;

create index contract_deadlines_listing_tc_id_status_due_at_idx
  on public.contract_deadlines (listing_tc_id, status, contract_status, due_at, id);

comment on index public.contract_deadlines_listing_tc_id_status_due_at_idx is
  'A coordinator''s Deadlines screen (listing_tc_id = me, open, active, by due_at then id, keyset pages) under generic plans; also the copy''s lookups by coordinator.';

create index contract_deadlines_listing_agent_id_status_due_at_idx
  on public.contract_deadlines (listing_agent_id, status, contract_status, due_at, id);

comment on index public.contract_deadlines_listing_agent_id_status_due_at_idx is
  'An agent''s next deadlines and a coordinator''s Deadlines screen filtered by agent (open, active, by due_at then id) under generic plans; also the copy''s lookups by agent.';

create index contract_deadlines_status_due_at_idx
  on public.contract_deadlines (status, contract_status, due_at, id);

comment on index public.contract_deadlines_status_due_at_idx is
  'The super admin''s Deadlines screen (open, active, by due_at then id) under generic plans, and send_deadline_reminders() (open deadlines of active contracts due within 3 days).';
