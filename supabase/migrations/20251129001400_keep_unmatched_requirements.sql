-- ---------------------------------------------------------------------------
-- Attribute changes no longer drop required documents silently (issue 51
-- item 4). When a listing's state, side, property type, HOA or year built
-- changed until a template no longer matched, re-application deleted that
-- template's untouched items, required documents included: an agent could
-- empty the checklist the gate reads without a reason or a trace. Now a
-- required document of a template that no longer matches stays on the
-- checklist and keeps gating, marked unmatched_at; the first time items are
-- marked, the activity log records which (checklist_requirements_unmatched)
-- and the listing's coordinator is notified with a link to the listing's
-- compliance tab, where the items show the mark. The coordinator keeps a
-- requirement that still applies, or waives it with a reason
-- (waive_checklist_item()); a change back that matches again clears the mark.
-- One case still removes untouched required documents: a template that
-- matches on the contract's financing when the listing no longer has a
-- contract (it was terminated, with a reason, by the coordinator) - the
-- ended deal's requirements go with it, and the activity log names them
-- (checklist_requirements_dropped). Task items go as before.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.listing_checklist_items add column unmatched_at timestamptz;

comment on column public.listing_checklist_items.unmatched_at is 'Document: since when its template no longer matches the listing (an attribute changed); it stays required until the coordinator waives it, and the mark clears when the template matches again. Null while it matches (or was applied by hand).';

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
  contract public.contracts;
  matching uuid[];
  ended uuid[];
  item public.listing_checklist_items;
  unmatched text[] := '{}';
  dropped text[] := '{}';
begin
  select l.* into listing from public.listings l where l.id = apply_checklist_templates.listing_id;
  if listing.id is null then
    return;
  end if;
  -- The active contract, else the last closed one: closing keeps its template.
  contract := private.listing_contract(listing.id);
  matching := array(
    select t.id from public.checklist_templates t
    where t.is_active
      and (t.owner_tc_id is null or t.owner_tc_id = listing.tc_id or t.owner_tc_id = private.assigned_tc_of(listing.agent_id))
      and private.template_matches(t.conditions, listing.side, listing.property_type, listing.has_hoa,
        listing.year_built, listing.state, contract.financing_type)
  );
  -- Templates that would match but for a contract, when there is none: the
  -- contract ended, and its requirements with it.
  if contract.id is null then
    ended := array(
      select t.id from public.checklist_templates t
      where t.is_active and t.conditions ? 'financing_types'
        and private.template_matches(t.conditions - 'financing_types', listing.side, listing.property_type, listing.has_hoa,
          listing.year_built, listing.state, null)
    );
  end if;
  perform private.add_checklist_items(listing.id, matching, false);
  update public.listing_checklist_items i set unmatched_at = null
  where i.listing_id = listing.id and i.unmatched_at is not null and i.template_id = any (matching);
  for item in
    select i.* from public.listing_checklist_items i
    where i.listing_id = listing.id and not i.applied_by_hand and i.template_id is not null
      and i.template_id <> all (matching)
    order by i.position, i.title
  loop
    if item.kind = 'document' and item.waived_at is null and item.template_id <> all (coalesce(ended, '{}')) then
      -- Still required: marked, and told once.
      if item.unmatched_at is null then
        update public.listing_checklist_items i set unmatched_at = now() where i.id = item.id;
        unmatched := unmatched || item.title;
      end if;
    elsif item.kind = 'document' then
      -- Waived ones stay as the record of the waiver; an ended contract's go unless worked on.
      if item.waived_at is null and not private.checklist_item_worked_on(item) then
        delete from public.listing_checklist_items i where i.id = item.id;
        dropped := dropped || item.title;
      end if;
    elsif not private.checklist_item_worked_on(item) then
      delete from public.listing_checklist_items i where i.id = item.id;
      delete from public.tasks t where t.id = item.task_id and t.agent_response is null and t.status = 'pending';
    end if;
  end loop;
  if cardinality(unmatched) > 0 then
    perform private.log_activity(private.current_account_id(), listing.id, 'checklist_requirements_unmatched',
      left('No template matches these requirements any more; they stay required until waived: ' || array_to_string(unmatched, ', '), 1000),
      jsonb_build_object('requirements', to_jsonb(unmatched)));
    perform private.notify(listing.tc_id, 'alert', 'Requirements no longer match: ' || listing.address,
      array_to_string(unmatched, ', ') || ' no longer match this listing''s attributes. They stay required until you waive them with a reason.',
      'listing', listing.id, '/listing/' || listing.id || '?tab=compliance', 'high');
  end if;
  if cardinality(dropped) > 0 then
    perform private.log_activity(private.current_account_id(), listing.id, 'checklist_requirements_dropped',
      left('Requirements of the ended contract removed: ' || array_to_string(dropped, ', '), 1000),
      jsonb_build_object('requirements', to_jsonb(dropped)));
  end if;
  perform private.refresh_checklist_due_dates(listing.id);
end;
$$;

comment on function private.apply_checklist_templates(listing_id uuid) is
  'Applies to a listing every active template that matches it (global ones, and its coordinator''s own; financing conditions against its active contract, else its last closed one): adds missing items once and recomputes due dates. Items of templates that no longer match: untouched tasks go (with their untouched requirement tasks); required documents stay, marked unmatched_at, logged (checklist_requirements_unmatched) and notified to the coordinator once; only a contract template''s untouched documents go when the listing has no contract any more (logged as checklist_requirements_dropped). Runs from triggers on listings, contracts and contract deadlines.';
