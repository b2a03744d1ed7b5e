-- ---------------------------------------------------------------------------
-- Only the contract-intake function writes the intake log (issue 51 item 8a).
--
-- The function logged each reading as the caller, under an insert policy, so
-- anyone who may record a contract on a listing could insert rows of their
-- own through REST: any proposals with any source, which
-- create_contract_from_intake() then turned into outcomes, skewing the super
-- admin's intake_accuracy(). The function now writes the row with the service
-- role after checking the caller (can_record_contract) and names the caller
-- as created_by itself; people keep reading the log of their listings and
-- saving a reading through create_contract_from_intake(). An API insert,
-- update or delete is now refused by the table's grants: 42501, a 403
-- "permission denied for table contract_intakes".
-- ---------------------------------------------------------------------------

drop policy "People who may record a contract can log its readings" on public.contract_intakes;

revoke insert, update, delete on public.contract_intakes from authenticated;

comment on table public.contract_intakes is
  'One reading of a purchase contract (contract-intake Edge Function) and, once saved, what the person kept of each proposal. Read by the listing''s agent, its coordinator and super admins; written only by the function (insert, with the service role, after checking the caller) and create_contract_from_intake() (the outcomes). No API insert, update or delete (403).';

comment on column public.contract_intakes.created_by is 'Who read the contract: the caller''s account, set by the contract-intake function.';
