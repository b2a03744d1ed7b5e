-- ---------------------------------------------------------------------------
-- Documents carry copies of their listing's agent and coordinator since
-- 20251127003100. The read policy now tests them before asking
-- private.listing_relation(): for the listing's agent and for its coordinator
-- by tc_id the answer comes from the row itself, without a listings lookup
-- per row (the review queue of an agent read 26 listings per page for that:
-- about 0.7 ms of database CPU per request more than service role at 100,000
-- listings, bench/compliance.ts). Who may read is unchanged: the copies say a
-- subset of what listing_relation() says. Replaced whole.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

drop policy "People on a listing or team can read its documents" on public.documents;

create policy "People on a listing or team can read its documents"
on public.documents for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc' and listing_tc_id = (select private.current_account_id()))
  or team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
);
