-- ---------------------------------------------------------------------------
-- A key date marked done or waived in the listing's event log (issue 52):
-- the change of a contract deadline's status to done or waived (through the
-- API, as the Contract tab and the Deadlines screen do) writes one
-- deadline_done / deadline_waived event: to_value the deadline's key, detail
-- deadline_id, contract_id, label and due_at, the actor the caller (else who
-- the row names, as the seed writes it). A trigger still: the people on the
-- listing change a deadline's status with an UPDATE under its policy, and
-- every such change must be recorded. The activity log entry stays.
-- Function replaced whole from 20251127001200_create_contracts.sql; its
-- trigger (contract_deadlines_log_activity, after update of status) is
-- unchanged.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.log_deadline_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := coalesce(private.current_account_id(),
    case new.status when 'done' then new.done_by else new.waived_by end);
begin
  perform private.record_listing_event(new.listing_id,
    case new.status when 'done' then 'deadline_done' else 'deadline_waived' end,
    null, new.key, null,
    jsonb_build_object('deadline_id', new.id, 'contract_id', new.contract_id, 'label', new.label, 'due_at', new.due_at),
    actor);
  perform private.log_activity(actor, new.listing_id,
    case new.status when 'done' then 'deadline_done' else 'deadline_waived' end,
    case new.status when 'done' then 'Marked done: ' else 'Waived: ' end || new.label,
    jsonb_build_object('contract_id', new.contract_id, 'deadline_id', new.id, 'key', new.key));
  return null;
end;
$$;

comment on function private.log_deadline_activity() is
  'Trigger (after update of status on contract_deadlines, to done or waived): writes the deadline_done / deadline_waived event (to_value the key, detail deadline_id, contract_id, label, due_at; actor the caller, else done_by / waived_by) and the activity log''s deadline_done / deadline_waived.';
