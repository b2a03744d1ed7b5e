-- The documents read policy before 20251127003800 (variant A: a listing
-- lookup per row through private.listing_relation() after the team test)
-- against the policy that tests the copies of the listing's agent and
-- coordinator first (variant B, the current one). Same readers; only the
-- order of the tests and the columns they read differ.
--
--   npm run bench -- scale --variants bench/scale/variants/document-copies-first.sql --only document

-- variant listing-relation-first
drop policy "People on a listing or team can read its documents" on public.documents;
create policy "People on a listing or team can read its documents"
on public.documents for select to authenticated
using (
  team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
);

-- variant copies-first
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
