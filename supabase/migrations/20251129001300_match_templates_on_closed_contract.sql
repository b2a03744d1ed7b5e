-- ---------------------------------------------------------------------------
-- Closing a contract is judged by the contract's own requirements (issue 51
-- item 1). A template with a financing condition matched only while the
-- listing had an active contract. close_contract() marks the contract closed
-- first; its checklist trigger then re-applied the templates, found no
-- active contract, deleted the untouched closed-stage items of the contract's
-- template (the settlement statement), and the gate that ran next, on the
-- listing's move to closed, found nothing missing. A stage's requirements are
-- those that applied while the listing was heading into it: the financing a
-- template matches on is now that of the listing's contract, the active one
-- else the last closed one (private.listing_contract(), the same contract
-- that anchors the checklist's due dates), so closing keeps the items that
-- gate it. Terminated contracts still count for nothing.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.apply_checklist_templates(listing_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  financing text;
  matching uuid[];
  item public.listing_checklist_items;
begin
  select l.* into listing from public.listings l where l.id = apply_checklist_templates.listing_id;
  if listing.id is null then
    return;
  end if;
  -- The active contract, else the last closed one: closing keeps its template.
  financing := (private.listing_contract(listing.id)).financing_type;
  matching := array(
    select t.id from public.checklist_templates t
    where t.is_active
      and (t.owner_tc_id is null or t.owner_tc_id = listing.tc_id or t.owner_tc_id = private.assigned_tc_of(listing.agent_id))
      and private.template_matches(t.conditions, listing.side, listing.property_type, listing.has_hoa,
        listing.year_built, listing.state, financing)
  );
  perform private.add_checklist_items(listing.id, matching, false);
  -- Items of templates that no longer match go, unless worked on or applied by hand.
  for item in
    select i.* from public.listing_checklist_items i
    where i.listing_id = listing.id and not i.applied_by_hand and i.template_id is not null
      and i.template_id <> all (matching)
  loop
    if not private.checklist_item_worked_on(item) then
      delete from public.listing_checklist_items i where i.id = item.id;
      delete from public.tasks t where t.id = item.task_id and t.agent_response is null and t.status = 'pending';
    end if;
  end loop;
  perform private.refresh_checklist_due_dates(listing.id);
end;
$$;

comment on function private.apply_checklist_templates(listing_id uuid) is
  'Applies to a listing every active template that matches it (global ones, and its coordinator''s own; financing conditions against its active contract, else its last closed one): adds missing items once, removes untouched items of templates that no longer match (and their untouched tasks), and recomputes due dates. Runs from triggers on listings, contracts and contract deadlines.';
