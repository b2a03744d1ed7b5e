-- The people on a listing written out in each policy (variant A: the policies
-- before 20251129005100, each testing the three routes on the row's copies
-- with its own InitPlans) against the one inlined rule (variant B, the
-- current one: private.is_on_listing() / private.coordinates_listing(),
-- handed the caller's values as InitPlans). Same readers and writers; B adds
-- the coordinated-agent route to the documents read policy ahead of
-- listing_relation(), which already granted it. Queries on other tables are
-- unchanged in both variants and show the run's noise.
--
--   npm run bench -- scale --variants bench/scale/variants/listing-people-helper.sql

-- variant written-out
drop policy "People on a listing can read its notes" on public.notes;
create policy "People on a listing can read its notes"
on public.notes for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);
drop policy "People on a listing or team can read its messages" on public.messages;
create policy "People on a listing or team can read its messages"
on public.messages for select to authenticated
using (
  team_tc_id = (select private.current_team_id())
  or listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);
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
drop policy "People on a listing can read its contracts" on public.contracts;
create policy "People on a listing can read its contracts"
on public.contracts for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);
drop policy "People on a listing can read its contract deadlines" on public.contract_deadlines;
create policy "People on a listing can read its contract deadlines"
on public.contract_deadlines for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);
drop policy "People on a listing can read its checklist" on public.listing_checklist_items;
create policy "People on a listing can read its checklist"
on public.listing_checklist_items for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

-- variant inlined-helper
drop policy "People on a listing can read its notes" on public.notes;
create policy "People on a listing can read its notes"
on public.notes for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);
drop policy "People on a listing or team can read its messages" on public.messages;
create policy "People on a listing or team can read its messages"
on public.messages for select to authenticated
using (
  team_tc_id = (select private.current_team_id())
  or private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);
drop policy "People on a listing or team can read its documents" on public.documents;
create policy "People on a listing or team can read its documents"
on public.documents for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
  or team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
);
drop policy "People on a listing can read its contracts" on public.contracts;
create policy "People on a listing can read its contracts"
on public.contracts for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);
drop policy "People on a listing can read its contract deadlines" on public.contract_deadlines;
create policy "People on a listing can read its contract deadlines"
on public.contract_deadlines for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);
drop policy "People on a listing can read its checklist" on public.listing_checklist_items;
create policy "People on a listing can read its checklist"
on public.listing_checklist_items for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);
