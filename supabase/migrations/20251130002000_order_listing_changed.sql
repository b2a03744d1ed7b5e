-- ---------------------------------------------------------------------------
-- What follows a change to a listing, in one stated order (issue 52).
-- private.listing_changed() (replaced whole from
-- 20251130000400_create_listing_changed.sql) runs three named steps, each
-- once: apply the checklist templates that match the listing
-- (private.apply_checklist_templates), then refresh the checklist's due
-- dates (private.refresh_checklist_due_dates), then notify what the steps
-- produced (private.notify_checklist_changes: requirements that no longer
-- match). Before, applying templates refreshed due dates inside itself and
-- notified on its own, and it ran from triggers whose order followed their
-- names.
--
-- The listings trigger calls it once after an insert and after an edit of
-- the attributes templates match on or of the listing's people (side,
-- property_type, has_hoa, year_built, state, agent_id, tc_id); status is no
-- longer among them: private.change_listing_status() calls it for a
-- person's change, the contract's trigger for the contract's.
--
-- A moved key date refreshes due dates only when the move was made outside
-- the contract's own path (a coordinator's date override, returning it to the
-- computed date, a custom key date added or deleted): the contract's trigger
-- syncs all its key dates first and then calls listing_changed() once, so
-- the rows it writes (at trigger depth 1) refresh nothing each.
--
-- A template deactivated is a coordinator's decision that its requirements
-- no longer apply: its untouched required documents now leave the listing
-- (logged as checklist_requirements_dropped) like those of an ended contract,
-- rather than staying marked as no longer matching.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- The return type changes (the requirements newly unmatched, for the notify
-- step): dropped and created again.
drop function private.apply_checklist_templates(listing_id uuid);

create function private.apply_checklist_templates(listing_id uuid)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  contract public.contracts;
  matching uuid[];
  ended uuid[] := '{}';
  inactive uuid[];
  item public.listing_checklist_items;
  unmatched text[] := '{}';
  dropped text[] := '{}';
  retired text[] := '{}';
begin
  select l.* into listing from public.listings l where l.id = apply_checklist_templates.listing_id;
  if listing.id is null then
    return '{}';
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
  -- Deactivated templates of this listing's items: their requirements were withdrawn.
  inactive := array(
    select t.id from public.checklist_templates t
    where not t.is_active
      and t.id in (select i.template_id from public.listing_checklist_items i where i.listing_id = listing.id)
  );
  perform private.add_checklist_items(listing.id, matching, false);
  update public.listing_checklist_items i set unmatched_at = null
  where i.listing_id = listing.id and i.unmatched_at is not null and i.template_id = any (matching);
  for item in
    select i.* from public.listing_checklist_items i
    where i.listing_id = listing.id and not i.applied_by_hand and i.template_id is not null
      and i.template_id <> all (matching)
    order by i.position, i.title
  loop
    if item.kind = 'document' and item.waived_at is null
       and item.template_id <> all (ended) and item.template_id <> all (inactive) then
      -- Still required: marked, and told once.
      if item.unmatched_at is null then
        update public.listing_checklist_items i set unmatched_at = now() where i.id = item.id;
        unmatched := unmatched || item.title;
      end if;
    elsif item.kind = 'document' then
      -- Waived ones stay as the record of the waiver; an ended contract's or a
      -- deactivated template's go unless worked on.
      if item.waived_at is null and not private.checklist_item_worked_on(item) then
        delete from public.listing_checklist_items i where i.id = item.id;
        if item.template_id = any (inactive) then
          retired := retired || item.title;
        else
          dropped := dropped || item.title;
        end if;
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
  end if;
  if cardinality(dropped) > 0 then
    perform private.log_activity(private.current_account_id(), listing.id, 'checklist_requirements_dropped',
      left('Requirements of the ended contract removed: ' || array_to_string(dropped, ', '), 1000),
      jsonb_build_object('requirements', to_jsonb(dropped)));
  end if;
  if cardinality(retired) > 0 then
    perform private.log_activity(private.current_account_id(), listing.id, 'checklist_requirements_dropped',
      left('Requirements of a deactivated template removed: ' || array_to_string(retired, ', '), 1000),
      jsonb_build_object('requirements', to_jsonb(retired), 'template_deactivated', true));
  end if;
  return unmatched;
end;
$$;

comment on function private.apply_checklist_templates(listing_id uuid) is
  'Step 1 of private.listing_changed(): adds the items of every active template matching the listing (global ones and its coordinator''s own; financing against the active contract, else the last closed one), each once; removes untouched task items of templates that no longer match; keeps required documents that no longer match, marked unmatched_at (logged), except an ended contract''s or a deactivated template''s untouched ones, which go (logged as checklist_requirements_dropped). Returns the requirements newly marked unmatched, for the notify step. Due dates are the next step''s.';

revoke execute on function private.apply_checklist_templates(listing_id uuid) from public;

grant execute on function private.apply_checklist_templates(listing_id uuid) to service_role;

create function private.notify_checklist_changes(listing_id uuid, unmatched text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
begin
  if coalesce(cardinality(unmatched), 0) = 0 then
    return;
  end if;
  select l.* into listing from public.listings l where l.id = notify_checklist_changes.listing_id;
  perform private.notify(listing.tc_id, 'alert', 'Requirements no longer match: ' || listing.address,
    array_to_string(unmatched, ', ') || ' no longer match this listing''s attributes. They stay required until you waive them with a reason.',
    'listing', listing.id, '/listing/' || listing.id || '?tab=compliance', 'high');
end;
$$;

comment on function private.notify_checklist_changes(listing_id uuid, unmatched text[]) is
  'Step 3 of private.listing_changed(): tells the listing''s coordinator (alert, high, opening the compliance tab) which required documents no longer match the listing and stay required until waived; nothing when there are none.';

revoke execute on function private.notify_checklist_changes(listing_id uuid, unmatched text[]) from public;

grant execute on function private.notify_checklist_changes(listing_id uuid, unmatched text[]) to service_role;

create or replace function private.listing_changed(listing_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  unmatched text[];
begin
  -- 1. The templates that match the listing as it is now.
  unmatched := private.apply_checklist_templates(listing_changed.listing_id);
  -- 2. Due dates from their anchors (the contract's key dates, its dates, going live), items just added included.
  perform private.refresh_checklist_due_dates(listing_changed.listing_id);
  -- 3. What the steps produced that someone must hear about.
  perform private.notify_checklist_changes(listing_changed.listing_id, unmatched);
end;
$$;

comment on function private.listing_changed(listing_id uuid) is
  'What follows a change to a listing or its contract, each step once and in this order: 1. apply the checklist templates that match it (private.apply_checklist_templates), 2. refresh the checklist''s due dates (private.refresh_checklist_due_dates), 3. notify what the steps produced (private.notify_checklist_changes). Called once at the end of each path that changes a listing or its contract: the listings trigger (insert, attribute or people edits), private.change_listing_status() for manual and override changes, the contracts trigger (private.on_contract_change), and a saved or (de)activated template (private.reapply_checklist_template).';

create or replace function private.on_listing_checklist_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.listing_changed(new.id);
  return null;
end;
$$;

comment on function private.on_listing_checklist_change() is
  'Trigger (after insert on listings, and after update of side, property_type, has_hoa, year_built, state, agent_id or tc_id): calls private.listing_changed() once for the listing. Status changes call it from private.change_listing_status().';

create or replace function private.on_deadline_checklist_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing uuid := case when tg_op = 'DELETE' then old.listing_id else new.listing_id end;
begin
  if exists (select 1 from public.listing_checklist_items i where i.listing_id = listing and i.kind = 'task') then
    perform private.refresh_checklist_due_dates(listing);
  end if;
  return null;
end;
$$;

comment on function private.on_deadline_checklist_change() is
  'Trigger (after a key date''s due date moves, or a custom key date is added or deleted, by a statement outside any trigger: a coordinator''s override, recompute_contract_deadline()): refreshes the due dates of the listing''s checklist tasks. The contract''s own path (private.on_contract_change) writes its key dates inside its trigger and refreshes once through private.listing_changed().';

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

drop trigger listings_apply_checklist_on_update on public.listings;

create trigger listings_apply_checklist_on_update
after update of side, property_type, has_hoa, year_built, state, agent_id, tc_id on public.listings
for each row when ((new.side, new.property_type, new.has_hoa, new.year_built, new.state, new.agent_id, new.tc_id)
  is distinct from (old.side, old.property_type, old.has_hoa, old.year_built, old.state, old.agent_id, old.tc_id))
execute function private.on_listing_checklist_change();

drop trigger contract_deadlines_refresh_checklist on public.contract_deadlines;

-- pg_trigger_depth() = 0: the statement was not issued by a trigger, i.e. not
-- by the contract's own path, which refreshes once at its end.
create trigger contract_deadlines_refresh_checklist
after update of due_at_override, computed_due_at on public.contract_deadlines
for each row when (pg_trigger_depth() = 0 and new.due_at is distinct from old.due_at)
execute function private.on_deadline_checklist_change();

create trigger contract_deadlines_refresh_checklist_on_custom
after insert or delete on public.contract_deadlines
for each row when (pg_trigger_depth() = 0)
execute function private.on_deadline_checklist_change();
