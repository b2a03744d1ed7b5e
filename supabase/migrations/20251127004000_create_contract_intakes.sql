-- ---------------------------------------------------------------------------
-- Contract intake (issue 42): every reading of a purchase contract is logged
-- (who, when, pages, which reading paths ran, seconds, what was proposed),
-- and when a person saves the reviewed facts the same log row records what
-- became of each proposal (accepted as proposed, edited, cleared, added), so
-- the super admin can see how often proposals are right, per source.
--
-- The contract_intake Edge Function inserts the row (as the caller, under
-- RLS) when it answers; create_contract_from_intake() saves the contract, the
-- stored PDF and the outcomes in one transaction.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.contract_intakes (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  document_id uuid references public.documents (id) on delete set null,
  contract_id uuid references public.contracts (id) on delete set null,
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  saved_at timestamptz,
  form text check (form in ('trec-20-18', 'car-rpa', 'generic')),
  pages integer not null check (pages between 1 and 40),
  paths text[] not null default '{}' check (paths <@ array['form_field', 'text', 'ocr', 'ai']),
  seconds numeric(8, 2) check (seconds >= 0),
  proposed jsonb not null default '[]' check (jsonb_typeof(proposed) = 'array'),
  accepted jsonb check (accepted is null or jsonb_typeof(accepted) = 'object')
);

comment on table public.contract_intakes is
  'One reading of a purchase contract (contract-intake Edge Function) and, once saved, what the person kept of each proposal. Read by the listing''s agent, its coordinator and super admins; written by the function (insert, as the caller) and create_contract_from_intake().';

comment on column public.contract_intakes.id is 'Intake id.';

comment on column public.contract_intakes.listing_id is 'The listing the contract was read for.';

comment on column public.contract_intakes.document_id is 'The stored PDF (a listing document) once saved; null before, or when the document was deleted.';

comment on column public.contract_intakes.contract_id is 'The contract created or amended from this intake; null until saved.';

comment on column public.contract_intakes.created_by is 'Who read the contract (set by the database).';

comment on column public.contract_intakes.created_at is 'When the contract was read.';

comment on column public.contract_intakes.saved_at is 'When the reviewed facts were saved (create_contract_from_intake); null for an intake nobody saved.';

comment on column public.contract_intakes.form is 'The form the reader recognised: trec-20-18, car-rpa or generic.';

comment on column public.contract_intakes.pages is 'Pages of the PDF (1 to 40).';

comment on column public.contract_intakes.paths is 'The reading paths that proposed at least one fact: form_field, text, ocr, ai.';

comment on column public.contract_intakes.seconds is 'Seconds the function spent reading (wall clock, including the AI step when it ran).';

comment on column public.contract_intakes.proposed is 'The proposals as answered: [{key, value, confidence, source, citation}].';

comment on column public.contract_intakes.accepted is 'Set when saved: fact key → {value (final, null when cleared), outcome (accepted_as_proposed | edited | cleared | added), source (of the proposal; null when added)}.';

create index contract_intakes_listing_id_idx on public.contract_intakes (listing_id, created_at desc);

create index contract_intakes_saved_at_idx on public.contract_intakes (saved_at) where saved_at is not null;

create index contract_intakes_document_id_idx on public.contract_intakes (document_id);

create index contract_intakes_contract_id_idx on public.contract_intakes (contract_id);

create index contract_intakes_created_by_idx on public.contract_intakes (created_by);

alter table public.contract_intakes enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.guard_contract_intake()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- API callers log a reading only: the outcome columns are written by
  -- create_contract_from_intake(), never sent with the insert.
  if current_user in ('authenticated', 'anon') then
    new.accepted := null;
    new.saved_at := null;
    new.contract_id := null;
    new.document_id := null;
  end if;
  return new;
end;
$$;

comment on function private.guard_contract_intake() is
  'Trigger (before insert on contract_intakes): an API caller''s insert is a reading only; accepted, saved_at, contract_id and document_id are cleared (create_contract_from_intake() sets them).';

revoke execute on function private.guard_contract_intake() from public;

grant execute on function private.guard_contract_intake() to service_role;

create function public.can_record_contract(listing_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  return private.is_super_admin()
    or private.listing_relation(can_record_contract.listing_id, context[1]::uuid, context[2]) is not null;
end;
$$;

comment on function public.can_record_contract(listing_id uuid) is
  'True when the caller may record a contract on the listing (its agent, its coordinator acting as tc, a super admin); false otherwise, also for a listing that does not exist (a stranger learns nothing). The contract-intake function asks it before reading.';

revoke execute on function public.can_record_contract(listing_id uuid) from public, anon;

grant execute on function public.can_record_contract(listing_id uuid) to authenticated, service_role;

create function private.intake_outcomes(proposed jsonb, facts jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  with proposal as (
    select distinct on (p ->> 'key') p ->> 'key' as key, p -> 'value' as value, p ->> 'source' as source
    from jsonb_array_elements(proposed) p
    where p ->> 'key' is not null
  ),
  final as (
    select f.key, nullif(f.value, 'null'::jsonb) as value from jsonb_each(facts) f
  ),
  merged as (
    select coalesce(p.key, f.key) as key, p.value as proposed_value, p.source, f.value as final_value
    from proposal p full join final f on f.key = p.key
  )
  select coalesce(jsonb_object_agg(m.key, jsonb_build_object(
    'value', m.final_value,
    'source', m.source,
    'outcome', case
      when m.proposed_value is null then 'added'
      when m.final_value is null then 'cleared'
      when lower(btrim(m.final_value #>> '{}')) = lower(btrim(m.proposed_value #>> '{}')) or m.final_value = m.proposed_value then 'accepted_as_proposed'
      else 'edited'
    end)) filter (where m.proposed_value is not null or m.final_value is not null), '{}'::jsonb)
  from merged m
$$;

comment on function private.intake_outcomes(proposed jsonb, facts jsonb) is
  'What became of each proposal: fact key → {value, source, outcome}: accepted_as_proposed (same value, ignoring case and outer spaces; 450000 = 450000.00), edited, cleared (proposed, saved empty), added (not proposed, filled in by the person).';

revoke execute on function private.intake_outcomes(proposed jsonb, facts jsonb) from public;

grant execute on function private.intake_outcomes(proposed jsonb, facts jsonb) to authenticated, service_role;

create function private.complete_contract_intake(intake_id uuid, outcomes jsonb, contract_id uuid, document_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.contract_intakes i
  set accepted = outcomes, saved_at = now(),
      contract_id = complete_contract_intake.contract_id, document_id = complete_contract_intake.document_id
  where i.id = complete_contract_intake.intake_id;
end;
$$;

comment on function private.complete_contract_intake(intake_id uuid, outcomes jsonb, contract_id uuid, document_id uuid) is
  'Records a saved intake''s outcomes, contract and document. Called only by create_contract_from_intake() after its checks (people have no update policy on contract_intakes, so they cannot rewrite outcomes).';

revoke execute on function private.complete_contract_intake(intake_id uuid, outcomes jsonb, contract_id uuid, document_id uuid) from public;

grant execute on function private.complete_contract_intake(intake_id uuid, outcomes jsonb, contract_id uuid, document_id uuid) to authenticated, service_role;

-- Security invoker on purpose: the contract, its deadlines and the document
-- are written under the caller's RLS and the contract triggers' API checks,
-- exactly as the Contract tab's own insert and update.
create function public.create_contract_from_intake(
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
  -- follows then sees it (the compliance gate and the checklist count documents by type).
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

revoke execute on function public.create_contract_from_intake(intake_id uuid, contract jsonb, facts jsonb, document jsonb, amend_contract_id uuid) from public, anon;

grant execute on function public.create_contract_from_intake(intake_id uuid, contract jsonb, facts jsonb, document jsonb, amend_contract_id uuid) to authenticated, service_role;

create function public.intake_accuracy()
returns table (source text, proposed bigint, accepted_as_proposed bigint, edited bigint, cleared bigint, accepted_rate numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  return query
  select o.value ->> 'source',
         count(*),
         count(*) filter (where o.value ->> 'outcome' = 'accepted_as_proposed'),
         count(*) filter (where o.value ->> 'outcome' = 'edited'),
         count(*) filter (where o.value ->> 'outcome' = 'cleared'),
         round(100.0 * count(*) filter (where o.value ->> 'outcome' = 'accepted_as_proposed') / count(*), 1)
  from public.contract_intakes i
  cross join lateral jsonb_each(i.accepted) o
  where i.saved_at is not null and o.value ->> 'source' is not null
  group by o.value ->> 'source'
  order by 1;
end;
$$;

comment on function public.intake_accuracy() is
  'Super admin (System Stats): per reading source (form_field, text, ocr, ai), the proposals of saved contract intakes and how many were accepted as proposed, edited or cleared, with the accepted-as-proposed rate in percent. 403 for others.';

revoke execute on function public.intake_accuracy() from public, anon;

grant execute on function public.intake_accuracy() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "People on a listing can read its contract intakes"
on public.contract_intakes for select to authenticated
using (
  (select private.is_super_admin())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
);

create policy "People who may record a contract can log its readings"
on public.contract_intakes for insert to authenticated
with check (private.check_contract_writer(listing_id));

-- ---------------------------------------------------------------------------
-- Section - Triggers and grants
-- ---------------------------------------------------------------------------

create trigger contract_intakes_guard before insert on public.contract_intakes
  for each row execute function private.guard_contract_intake();

create trigger contract_intakes_set_owner before insert on public.contract_intakes
  for each row execute function private.set_owner('created_by');

revoke all on public.contract_intakes from anon, authenticated;

grant select, insert on public.contract_intakes to authenticated;
