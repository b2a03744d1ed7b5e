-- Contract intake files the stored PDF as a Purchase Contract
--
-- create_contract_from_intake() of 20251127004000 was written before documents
-- had a type (20251127003100). Replaced whole: the uploaded PDF is inserted
-- with document_type = 'purchase_contract', and before the contract, so the
-- listing's checklist and compliance progress count it when the contract
-- moves the listing to under contract. Privileges are unchanged (create or
-- replace keeps them).

-- Security invoker on purpose: the contract, its deadlines and the document
-- are written under the caller's RLS and the contract triggers' API checks,
-- exactly as the Contract tab's own insert and update.
create or replace function public.create_contract_from_intake(
  intake_id uuid,
  contract jsonb,
  facts jsonb,
  document jsonb default null,
  amend_contract_id uuid default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  intake public.contract_intakes;
  columns public.contracts;
  saved_contract uuid;
  saved_document uuid;
begin
  select * into intake from public.contract_intakes i where i.id = create_contract_from_intake.intake_id;
  if not found then
    raise exception 'contract intake not found' using errcode = 'PT404';
  end if;
  perform private.check_contract_writer(intake.listing_id);
  if intake.saved_at is not null then
    raise exception 'this contract reading was already saved' using errcode = 'PT409', hint = 'Read the contract again to save it anew.';
  end if;
  if jsonb_typeof(contract) is distinct from 'object' or jsonb_typeof(facts) is distinct from 'object' then
    raise exception 'contract and facts must be JSON objects' using errcode = '22023';
  end if;
  columns := jsonb_populate_record(null::public.contracts, contract);

  -- The stored PDF is filed first, as the Purchase Contract it is: the contract's status change that
  -- follows then sees it (the compliance gate counts documents by type).
  if document is not null then
    insert into public.documents (listing_id, file_name, file_url, file_type, file_size, document_type)
    values (intake.listing_id, document ->> 'file_name', document ->> 'file_url', coalesce(document ->> 'file_type', 'application/pdf'),
            (document ->> 'file_size')::bigint, 'purchase_contract')
    returning id into saved_document;
  end if;

  if amend_contract_id is null then
    insert into public.contracts (
      listing_id, form, effective_date, closing_date, sales_price, earnest_money, option_fee, buyer_names, buyer_agent_name,
      title_company, lender, financing_type, option_days, title_commitment_days, survey_days, financing_days, disclosure_days,
      inspection_days, appraisal_days, loan_days, escrow_days, time_zone
    ) values (
      intake.listing_id, columns.form, columns.effective_date, columns.closing_date, columns.sales_price, columns.earnest_money,
      columns.option_fee, columns.buyer_names, columns.buyer_agent_name, columns.title_company, columns.lender, columns.financing_type,
      columns.option_days, columns.title_commitment_days, columns.survey_days, columns.financing_days, columns.disclosure_days,
      columns.inspection_days, columns.appraisal_days, columns.loan_days, columns.escrow_days, ''
    )
    returning id into saved_contract;
  else
    -- The form stays what it was: an amendment changes the facts (as the Contract tab's Amend).
    update public.contracts c set
      effective_date = columns.effective_date, closing_date = columns.closing_date, sales_price = columns.sales_price,
      earnest_money = columns.earnest_money, option_fee = columns.option_fee, buyer_names = columns.buyer_names,
      buyer_agent_name = columns.buyer_agent_name, title_company = columns.title_company, lender = columns.lender,
      financing_type = columns.financing_type, option_days = columns.option_days, title_commitment_days = columns.title_commitment_days,
      survey_days = columns.survey_days, financing_days = columns.financing_days, disclosure_days = columns.disclosure_days,
      inspection_days = columns.inspection_days, appraisal_days = columns.appraisal_days, loan_days = columns.loan_days,
      escrow_days = columns.escrow_days
    where c.id = amend_contract_id and c.listing_id = intake.listing_id
    returning c.id into saved_contract;
    if saved_contract is null then
      raise exception 'contract not found on this listing' using errcode = 'PT404';
    end if;
  end if;


  perform private.complete_contract_intake(intake.id, private.intake_outcomes(intake.proposed, facts), saved_contract, saved_document);
  return jsonb_build_object('contract_id', saved_contract, 'document_id', saved_document, 'intake_id', intake.id);
end;
$$;

comment on function public.create_contract_from_intake(intake_id uuid, contract jsonb, facts jsonb, document jsonb, amend_contract_id uuid) is
  'Saves a reviewed contract reading in one transaction: records the contract (or amends amend_contract_id, same listing, form unchanged) from `contract` (contracts columns), stores the uploaded PDF as a listing document of type purchase_contract, before the contract (`document`: file_name, file_url, file_type, file_size of the object already in listing-documents) and logs what became of each proposal (`facts`: every fact key → final value, null = cleared). Runs as the caller: the contract and document rules apply as for direct writes (403/404/409 with their messages); an intake saved before is 409.';
