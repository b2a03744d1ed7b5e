-- ---------------------------------------------------------------------------
-- A contract's change runs its steps in one function, in a stated order
-- (issue 52). Before, three after-triggers on contracts fired in the order of
-- their names: contracts_apply_checklist (templates, with no column list, so
-- editing a contract's notes re-applied them), contracts_log_activity and
-- contracts_on_change (key dates, their copies, the listing's status), and
-- every key date the sync wrote refreshed the checklist's due dates again:
-- recording one TREC contract applied templates before its key dates
-- existed, refreshed due dates once per key date, changed the status, ran
-- the gate and applied templates again.
--
-- Now private.on_contract_change() (replaced whole from
-- 20251127001200_create_contracts.sql), after insert or update of the
-- contract's own columns (named; not updated_at), does, in order:
--   1. key dates: an active contract recorded, or its form or facts
--      (private.contract_facts) changed, syncs them in one statement
--      (private.sync_contract_deadlines);
--   2. copies: its status and the listing's people onto its key dates;
--   3. the record: exactly one contract event through
--      private.record_listing_event() — contract_recorded,
--      contract_closed, contract_terminated (the reason) or contract_amended
--      (detail.changed: the columns) — and the activity-log entry the
--      Activity feed shows (contract_created, contract_closed,
--      contract_terminated, contract_amended);
--   4. a move back of the listing's status (terminated → live, with the
--      reason) through private.change_listing_status(..., 'contract'), before
--      step 5 because the live_at it may stamp anchors due dates;
--   5. private.listing_changed() once (templates, due dates, notify), when
--      what it reads changed: recorded, form, facts, financing or status —
--      not for notes, prices, names or the people copies;
--   6. a move forward (recorded → under_contract, closed → closed) through
--      private.change_listing_status(..., 'contract'), after step 5 so the
--      compliance gate judges the requirements the contract brings (a
--      financing template's documents), as it did before.
-- private.log_contract_activity() and private.on_contract_checklist_change()
-- and their triggers are folded into it and dropped.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

drop trigger contracts_apply_checklist on public.contracts;

drop trigger contracts_log_activity on public.contracts;

drop trigger contracts_on_change on public.contracts;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

drop function private.on_contract_checklist_change();

drop function private.log_contract_activity();

create or replace function private.on_contract_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recorded boolean := tg_op = 'INSERT';
  -- The contract's new status when this change settled (or reopened) it.
  settled text := case when tg_op = 'UPDATE' and new.status is distinct from old.status then new.status end;
  dates_changed boolean := tg_op = 'INSERT' or new.form is distinct from old.form
    or private.contract_facts(new) is distinct from private.contract_facts(old);
  financing_changed boolean := tg_op = 'UPDATE' and new.financing_type is distinct from old.financing_type;
  actor uuid := coalesce(private.current_account_id(), new.created_by);
  changed text[] := '{}';
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key order by n.key), '{}') into changed
    from jsonb_each(to_jsonb(new)) n
    where n.key not in ('updated_at', 'listing_agent_id', 'listing_tc_id')
      and n.value is distinct from to_jsonb(old) -> n.key;
  end if;

  -- 1. Key dates, in one statement.
  if new.status = 'active' and dates_changed then
    perform private.sync_contract_deadlines(new);
  end if;

  -- 2. The copies its key dates carry (their read rule and lists).
  if tg_op = 'UPDATE' and (new.status, new.listing_agent_id, new.listing_tc_id)
     is distinct from (old.status, old.listing_agent_id, old.listing_tc_id) then
    update public.contract_deadlines d
    set contract_status = new.status, listing_agent_id = new.listing_agent_id, listing_tc_id = new.listing_tc_id
    where d.contract_id = new.id;
  end if;

  -- 3. One event and the activity entry.
  if recorded then
    perform private.record_listing_event(new.listing_id, 'contract_recorded', null, new.status, null,
      jsonb_build_object('contract_id', new.id, 'form', new.form), actor);
    perform private.log_activity(actor, new.listing_id, 'contract_created', 'Recorded a contract',
      jsonb_build_object('contract_id', new.id, 'form', new.form));
  elsif settled = 'closed' then
    perform private.record_listing_event(new.listing_id, 'contract_closed', old.status, new.status, null,
      jsonb_build_object('contract_id', new.id));
    perform private.log_activity(actor, new.listing_id, 'contract_closed', 'Closed the contract',
      jsonb_build_object('contract_id', new.id));
  elsif settled = 'terminated' then
    perform private.record_listing_event(new.listing_id, 'contract_terminated', old.status, new.status, new.termination_reason,
      jsonb_build_object('contract_id', new.id));
    perform private.log_activity(actor, new.listing_id, 'contract_terminated', 'Terminated the contract',
      jsonb_build_object('contract_id', new.id, 'reason', new.termination_reason));
  elsif cardinality(changed) > 0 then
    perform private.record_listing_event(new.listing_id, 'contract_amended', null, null, null,
      jsonb_build_object('contract_id', new.id, 'changed', to_jsonb(changed)));
    perform private.log_activity(actor, new.listing_id, 'contract_amended', 'Amended the contract',
      jsonb_build_object('contract_id', new.id, 'changed', to_jsonb(changed)));
  end if;

  -- 4. A move back first: the live_at it may stamp anchors due dates.
  if settled = 'terminated' then
    perform private.change_listing_status(new.listing_id, 'live', 'contract', new.termination_reason);
  end if;

  -- 5. What follows for the listing, once, when something it reads changed.
  if recorded or dates_changed or financing_changed or settled is not null then
    perform private.listing_changed(new.listing_id);
  end if;

  -- 6. A move forward last: the gate sees what the contract requires.
  if recorded and new.status = 'active' then
    perform private.change_listing_status(new.listing_id, 'under_contract', 'contract');
  elsif settled = 'closed' then
    perform private.change_listing_status(new.listing_id, 'closed', 'contract');
  end if;
  return null;
end;
$$;

comment on function private.on_contract_change() is
  'Trigger (after insert, or update of a contract''s own columns): in order, 1. syncs the key dates of an active contract recorded or whose form or facts changed (one statement), 2. copies its status and the listing''s people onto its key dates, 3. writes exactly one event (contract_recorded, contract_closed, contract_terminated with the reason, contract_amended with detail.changed) and its activity entry, 4. moves the listing back to live on termination (private.change_listing_status, cause contract, the reason), 5. calls private.listing_changed() once when it was recorded or its form, facts, financing or status changed (not for notes, prices, names or people copies), 6. moves the listing forward: recorded → under_contract, closed → closed (cause contract; the compliance gate sees the requirements the contract brought in step 5).';

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger contracts_on_change
after insert or update of form, status, effective_date, closing_date, sales_price, earnest_money, option_fee, buyer_names,
  buyer_agent_name, buyer_agent_email, buyer_agent_phone, title_company, lender, financing_type, option_days,
  title_commitment_days, survey_days, financing_days, disclosure_days, inspection_days, appraisal_days, loan_days,
  escrow_days, time_zone, notes, termination_reason, closed_at, terminated_at, listing_agent_id, listing_tc_id
on public.contracts
for each row execute function private.on_contract_change();
