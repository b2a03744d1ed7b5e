-- ---------------------------------------------------------------------------
-- Contracts: a listing's transactions over time (at most one active), and the
-- key dates of each, computed by public.preview_contract_deadlines() from the
-- contract's form and facts. Recorded and amended by the people on the
-- listing; closed or terminated only by its coordinator or a super admin.
-- The listing's status follows its contract; the copies of the listing's
-- people and the contract's status on each deadline are kept by the database.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.contracts (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  form text not null references public.contract_forms (key),
  status text not null default 'active' check (status in ('active', 'closed', 'terminated')),
  effective_date date not null,
  closing_date date,
  sales_price numeric(12, 2) check (sales_price >= 0),
  earnest_money numeric(12, 2) check (earnest_money >= 0),
  option_fee numeric(12, 2) check (option_fee >= 0),
  buyer_names text check (char_length(buyer_names) <= 500),
  buyer_agent_name text check (char_length(buyer_agent_name) <= 200),
  buyer_agent_email text check (char_length(buyer_agent_email) <= 255),
  buyer_agent_phone text check (char_length(buyer_agent_phone) <= 50),
  title_company text check (char_length(title_company) <= 200),
  lender text check (char_length(lender) <= 200),
  financing_type text check (financing_type in ('cash', 'conventional', 'fha', 'va', 'other')),
  option_days integer check (option_days between 0 and 3650),
  title_commitment_days integer check (title_commitment_days between 0 and 3650),
  survey_days integer check (survey_days between 0 and 3650),
  financing_days integer check (financing_days between 0 and 3650),
  disclosure_days integer check (disclosure_days between 0 and 3650),
  inspection_days integer check (inspection_days between 0 and 3650),
  appraisal_days integer check (appraisal_days between 0 and 3650),
  loan_days integer check (loan_days between 0 and 3650),
  escrow_days integer check (escrow_days between 0 and 3650),
  time_zone text not null,
  notes text check (char_length(notes) <= 5000),
  termination_reason text check (char_length(termination_reason) <= 1000),
  closed_at timestamptz,
  terminated_at timestamptz,
  created_by uuid references public.users (id) on delete set null,
  listing_agent_id uuid,
  listing_tc_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contracts_terminated_with_reason check (status <> 'terminated' or char_length(btrim(termination_reason)) > 0)
);

comment on table public.contracts is
  'A transaction on a listing: form, facts and status (active, then closed or terminated). At most one active contract per listing; the listing''s status follows it. Deadlines in contract_deadlines.';

comment on column public.contracts.id is 'Contract id.';

comment on column public.contracts.listing_id is 'The listing sold; fixed when the contract is recorded.';

comment on column public.contracts.form is 'The contract form (contract_forms.key) whose deadline_rules compute the key dates.';

comment on column public.contracts.status is 'active, closed or terminated. Changes only through close_contract() and terminate_contract().';

comment on column public.contracts.effective_date is 'Day 0 of the form: the effective date (TREC) or the acceptance date (C.A.R., other contracts).';

comment on column public.contracts.closing_date is 'Agreed closing date, when known.';

comment on column public.contracts.sales_price is 'Sales price in dollars.';

comment on column public.contracts.earnest_money is 'Earnest money (deposit) in dollars.';

comment on column public.contracts.option_fee is 'Option fee in dollars (TREC).';

comment on column public.contracts.buyer_names is 'The buyer or buyers as written on the contract.';

comment on column public.contracts.buyer_agent_name is 'The buyer''s agent''s name.';

comment on column public.contracts.buyer_agent_email is 'The buyer''s agent''s e-mail address.';

comment on column public.contracts.buyer_agent_phone is 'The buyer''s agent''s phone number.';

comment on column public.contracts.title_company is 'Title or escrow company.';

comment on column public.contracts.lender is 'The buyer''s lender.';

comment on column public.contracts.financing_type is 'cash, conventional, fha, va or other; cash is the all_cash fact (no loan contingency).';

comment on column public.contracts.option_days is 'TREC option period in days (the option_period_end deadline only when given).';

comment on column public.contracts.title_commitment_days is 'TREC days for the title commitment (default 20).';

comment on column public.contracts.survey_days is 'TREC days for the survey (deadline only when given).';

comment on column public.contracts.financing_days is 'TREC days for buyer approval of financing (deadline only when given).';

comment on column public.contracts.disclosure_days is 'C.A.R. days for seller disclosures (default 7).';

comment on column public.contracts.inspection_days is 'C.A.R. days for the inspection contingency (default 17).';

comment on column public.contracts.appraisal_days is 'C.A.R. days for the appraisal contingency (default 17).';

comment on column public.contracts.loan_days is 'C.A.R. days for the loan contingency (default 21; none when all cash).';

comment on column public.contracts.escrow_days is 'C.A.R. days to close of escrow when no closing_date is given (default 30).';

comment on column public.contracts.time_zone is 'IANA time zone of the deadlines'' local cut-off times; the form''s when not given.';

comment on column public.contracts.notes is 'Free notes about the transaction.';

comment on column public.contracts.termination_reason is 'Why the contract was terminated (required then); set by terminate_contract().';

comment on column public.contracts.closed_at is 'When the contract was closed (close_contract()).';

comment on column public.contracts.terminated_at is 'When the contract was terminated (terminate_contract()).';

comment on column public.contracts.created_by is 'Who recorded the contract (set by the database); null once deleted.';

comment on column public.contracts.listing_agent_id is 'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); decides with listing_tc_id who reads the contract. Whatever a client sends is replaced.';

comment on column public.contracts.listing_tc_id is 'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

comment on column public.contracts.created_at is 'When the contract was recorded. Set by trigger.';

comment on column public.contracts.updated_at is 'When the contract last changed. Set by trigger.';

create table public.contract_deadlines (
  id uuid primary key default gen_random_uuid(),
  contract_id uuid not null references public.contracts (id) on delete cascade,
  listing_id uuid not null,
  key text not null check (key ~ '^[a-z0-9_]{1,60}$'),
  label text not null check (char_length(btrim(label)) between 1 and 200),
  computed_due_at timestamptz,
  due_at_override timestamptz,
  due_at timestamptz generated always as (coalesce(due_at_override, computed_due_at)) stored,
  rule text,
  is_custom boolean not null default false,
  status text not null default 'open' check (status in ('open', 'done', 'waived')),
  done_at timestamptz,
  done_by uuid references public.users (id) on delete set null,
  waived_at timestamptz,
  waived_by uuid references public.users (id) on delete set null,
  listing_agent_id uuid,
  listing_tc_id uuid,
  contract_status text not null default 'active',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contract_deadlines_contract_id_key_key unique (contract_id, key),
  constraint contract_deadlines_custom_has_date check (not is_custom or due_at_override is not null)
);

comment on table public.contract_deadlines is
  'Key dates of a contract: computed by its form''s rules (recomputed when the contract is amended), changed by hand (due_at_override), or added by people (is_custom). Marked done or waived by the people on the listing while the contract is active.';

comment on column public.contract_deadlines.id is 'Deadline id.';

comment on column public.contract_deadlines.contract_id is 'The contract; fixed.';

comment on column public.contract_deadlines.listing_id is 'The contract''s listing, derived by the database.';

comment on column public.contract_deadlines.key is 'The rule''s key (e.g. option_period_end), or custom_<n> for a deadline people added; set by the database.';

comment on column public.contract_deadlines.label is 'Name shown to people; only custom deadlines are renamed.';

comment on column public.contract_deadlines.computed_due_at is 'When the form''s rules say it is due; null for custom deadlines. Written only by the database.';

comment on column public.contract_deadlines.due_at_override is 'A date changed by hand (kept through amendments until recompute_contract_deadline()), or a custom deadline''s date.';

comment on column public.contract_deadlines.due_at is 'When it is due: the override, else the computed date.';

comment on column public.contract_deadlines.rule is 'How the computed date came about, in words (preview_contract_deadlines().rule).';

comment on column public.contract_deadlines.is_custom is 'True for a deadline people added (set by the database for every deadline added through the API).';

comment on column public.contract_deadlines.status is 'open, done or waived.';

comment on column public.contract_deadlines.done_at is 'When it was marked done (set by the database).';

comment on column public.contract_deadlines.done_by is 'Who marked it done (set by the database); null once deleted.';

comment on column public.contract_deadlines.waived_at is 'When it was waived (set by the database).';

comment on column public.contract_deadlines.waived_by is 'Who waived it (set by the database); null once deleted.';

comment on column public.contract_deadlines.listing_agent_id is 'Copy of the listing''s agent_id (from the contract), kept by the database; the read rule''s column.';

comment on column public.contract_deadlines.listing_tc_id is 'Copy of the listing''s tc_id (from the contract), kept by the database; the read rule''s column.';

comment on column public.contract_deadlines.contract_status is 'Copy of the contract''s status, kept by the database (the Deadlines screen reads active contracts'' open deadlines).';

comment on column public.contract_deadlines.created_at is 'When the deadline was created. Set by trigger.';

comment on column public.contract_deadlines.updated_at is 'When the deadline last changed. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.contracts enable row level security;

alter table public.contract_deadlines enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.contract_facts(contract public.contracts)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'effective_date', contract.effective_date,
    'acceptance_date', contract.effective_date,
    'closing_date', contract.closing_date,
    'option_days', contract.option_days,
    'title_commitment_days', contract.title_commitment_days,
    'survey_days', contract.survey_days,
    'financing_days', contract.financing_days,
    'disclosure_days', contract.disclosure_days,
    'inspection_days', contract.inspection_days,
    'appraisal_days', contract.appraisal_days,
    'loan_days', contract.loan_days,
    'escrow_days', contract.escrow_days,
    'all_cash', contract.financing_type = 'cash',
    'time_zone', contract.time_zone
  ))
$$;

comment on function private.contract_facts(contract public.contracts) is
  'The facts preview_contract_deadlines() reads, from a contract row (effective_date is also the acceptance_date; all_cash is financing_type = cash).';

revoke execute on function private.contract_facts(contract public.contracts) from public;

grant execute on function private.contract_facts(contract public.contracts) to authenticated, service_role;

create function private.check_contract_writer(listing_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  if private.is_super_admin()
     or private.listing_relation(check_contract_writer.listing_id, context[1]::uuid, context[2]) is not null then
    return true;
  end if;
  if not private.listing_exists(check_contract_writer.listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  raise exception 'only the listing''s agent, its coordinator or a super admin can record a contract' using errcode = '42501';
end;
$$;

comment on function private.check_contract_writer(listing_id uuid) is
  'Insert check of contracts: true when the caller is the listing''s agent, its coordinator (acting as tc) or a super admin; else raises 42501 (403) with a readable message, or PT404 for an unknown listing.';

revoke execute on function private.check_contract_writer(listing_id uuid) from public;

grant execute on function private.check_contract_writer(listing_id uuid) to authenticated, service_role;

create function private.listing_has_active_contract(listing_id uuid, except_contract uuid default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.contracts c
    where c.listing_id = listing_has_active_contract.listing_id and c.status = 'active'
      and c.id is distinct from except_contract
  )
$$;

comment on function private.listing_has_active_contract(listing_id uuid, except_contract uuid) is
  'True when the listing has an active contract (other than except_contract), whoever may read it; for the readable 409 of a second one.';

revoke execute on function private.listing_has_active_contract(listing_id uuid, except_contract uuid) from public;

grant execute on function private.listing_has_active_contract(listing_id uuid, except_contract uuid) to authenticated, service_role;

-- Security invoker on purpose: current_user is the API role for direct
-- requests and the owner inside the contract functions and triggers.
create function private.guard_contract()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('authenticated', 'anon');
  form_zone text;
begin
  select f.time_zone into form_zone from public.contract_forms f where f.key = new.form;
  if form_zone is null then
    raise exception 'unknown contract form "%"', new.form using errcode = '22023';
  end if;
  new.time_zone := coalesce(nullif(btrim(new.time_zone), ''), form_zone);
  if not private.valid_time_zone(new.time_zone) then
    raise exception 'time_zone must be an IANA time zone such as America/Chicago, got "%"', new.time_zone using errcode = '22023';
  end if;
  if tg_op = 'INSERT' then
    if api then
      perform private.check_contract_writer(new.listing_id);
      if new.status <> 'active' then
        raise exception 'a contract is recorded active; close or terminate it afterwards' using errcode = '42501';
      end if;
      new.termination_reason := null;
      new.closed_at := null;
      new.terminated_at := null;
    end if;
    if new.status = 'active' and private.listing_has_active_contract(new.listing_id) then
      raise exception 'this listing already has an active contract' using errcode = 'PT409',
        hint = 'Close or terminate it before recording another.';
    end if;
  elsif api then
    if new.status is distinct from old.status or new.closed_at is distinct from old.closed_at
       or new.terminated_at is distinct from old.terminated_at
       or new.termination_reason is distinct from old.termination_reason then
      raise exception 'a contract''s status changes only through close_contract() or terminate_contract()' using errcode = '42501';
    end if;
    if old.status <> 'active' then
      raise exception 'the contract is not active' using errcode = 'PT409';
    end if;
  end if;
  return new;
end;
$$;

comment on function private.guard_contract() is
  'Trigger (before insert or update on contracts): unknown form or time zone 400; the time zone defaults to the form''s. API callers: only the listing''s people record contracts (403), always active; status, closed/terminated columns change only through close_contract() / terminate_contract() (403); an inactive contract is not amended (409). A second active contract on a listing: 409.';

revoke execute on function private.guard_contract() from public;

grant execute on function private.guard_contract() to service_role;

create function private.sync_contract_deadlines(contract public.contracts)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  produced text[];
begin
  with computed as (
    select p.key, p.label, p.due_at, p.rule
    from public.preview_contract_deadlines(contract.form, private.contract_facts(contract)) p
  ), written as (
    insert into public.contract_deadlines as d (contract_id, listing_id, key, label, computed_due_at, rule)
    select contract.id, contract.listing_id, c.key, c.label, c.due_at, c.rule from computed c
    on conflict (contract_id, key) do update
      set label = excluded.label, computed_due_at = excluded.computed_due_at, rule = excluded.rule
      where not d.is_custom
        and (d.label, d.computed_due_at, d.rule) is distinct from (excluded.label, excluded.computed_due_at, excluded.rule)
    returning d.key
  )
  select array(select c.key from computed c) into produced;
  -- Key dates the amended facts no longer give disappear, unless someone
  -- already marked them done or waived.
  delete from public.contract_deadlines d
  where d.contract_id = contract.id and not d.is_custom and d.status = 'open' and d.key <> all (produced);
end;
$$;

comment on function private.sync_contract_deadlines(contract public.contracts) is
  'Writes a contract''s computed deadlines from preview_contract_deadlines(): new keys inserted, computed dates and rules updated (hand-changed dates keep their override), open key dates no longer produced deleted; custom, done and waived ones stay.';

revoke execute on function private.sync_contract_deadlines(contract public.contracts) from public;

grant execute on function private.sync_contract_deadlines(contract public.contracts) to service_role;

create function private.on_contract_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or private.contract_facts(new) is distinct from private.contract_facts(old) or new.form is distinct from old.form then
    if new.status = 'active' then
      perform private.sync_contract_deadlines(new);
    end if;
  end if;
  if tg_op = 'UPDATE' and (new.status, new.listing_agent_id, new.listing_tc_id) is distinct from (old.status, old.listing_agent_id, old.listing_tc_id) then
    update public.contract_deadlines d
    set contract_status = new.status, listing_agent_id = new.listing_agent_id, listing_tc_id = new.listing_tc_id
    where d.contract_id = new.id;
  end if;
  -- The listing's status follows its contract.
  if tg_op = 'INSERT' and new.status = 'active' then
    update public.listings l set status = 'under_contract' where l.id = new.listing_id and l.status <> 'under_contract';
  elsif tg_op = 'UPDATE' and new.status is distinct from old.status and new.status in ('closed', 'terminated') then
    update public.listings l set status = case new.status when 'closed' then 'closed' else 'live' end
    where l.id = new.listing_id and l.status <> case new.status when 'closed' then 'closed' else 'live' end;
  end if;
  return null;
end;
$$;

comment on function private.on_contract_change() is
  'Trigger (after insert or update on contracts): (re)computes the deadlines of an active contract when it is recorded or its form or facts change; copies its status and the listing''s people onto its deadlines; the listing becomes under_contract when an active contract is recorded, closed when it closes, live when it is terminated.';

revoke execute on function private.on_contract_change() from public;

grant execute on function private.on_contract_change() to service_role;

create function private.contract_to_settle(contract_id uuid)
returns public.contracts
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  contract public.contracts;
  relation text;
begin
  select c.* into contract from public.contracts c where c.id = contract_to_settle.contract_id for update;
  relation := private.listing_relation(contract.listing_id, context[1]::uuid, context[2]);
  if contract.id is null or (relation is null and not private.is_super_admin()) then
    raise exception 'contract not found' using errcode = 'PT404';
  end if;
  if relation is distinct from 'coordinator' and not private.is_super_admin() then
    raise exception 'only the listing''s coordinator closes or terminates a contract' using errcode = '42501';
  end if;
  if contract.status <> 'active' then
    raise exception 'the contract is not active' using errcode = 'PT409';
  end if;
  return contract;
end;
$$;

comment on function private.contract_to_settle(contract_id uuid) is
  'For close_contract() and terminate_contract(): the contract, locked for update, when the caller is its listing''s coordinator (acting as tc) or a super admin and it is active. 404 unknown or unseen, 403 the listing''s agent, 409 not active.';

revoke execute on function private.contract_to_settle(contract_id uuid) from public;

grant execute on function private.contract_to_settle(contract_id uuid) to service_role;

create function public.close_contract(contract_id uuid)
returns public.contracts
language plpgsql
security definer
set search_path = ''
as $$
declare
  contract public.contracts := private.contract_to_settle(close_contract.contract_id);
begin
  update public.contracts c set status = 'closed', closed_at = now()
  where c.id = contract.id returning c.* into contract;
  return contract;
end;
$$;

comment on function public.close_contract(contract_id uuid) is
  'The listing''s coordinator (acting as tc) or a super admin closes an active contract; the listing becomes closed. 404 unknown or unseen contract, 403 the listing''s agent, 409 not active.';

revoke execute on function public.close_contract(contract_id uuid) from public, anon;

grant execute on function public.close_contract(contract_id uuid) to authenticated, service_role;

create function public.terminate_contract(contract_id uuid, reason text)
returns public.contracts
language plpgsql
security definer
set search_path = ''
as $$
declare
  contract public.contracts := private.contract_to_settle(terminate_contract.contract_id);
begin
  if reason is null or char_length(btrim(reason)) = 0 then
    raise exception 'a reason is required to terminate a contract' using errcode = '22023';
  end if;
  if char_length(btrim(reason)) > 1000 then
    raise exception 'the reason must be at most 1,000 characters' using errcode = '22023';
  end if;
  update public.contracts c set status = 'terminated', terminated_at = now(), termination_reason = btrim(reason)
  where c.id = contract.id returning c.* into contract;
  return contract;
end;
$$;

comment on function public.terminate_contract(contract_id uuid, reason text) is
  'The listing''s coordinator (acting as tc) or a super admin terminates an active contract with a reason (required, 400 without); the listing returns to live. 404 unknown or unseen contract, 403 the listing''s agent, 409 not active.';

revoke execute on function public.terminate_contract(contract_id uuid, reason text) from public, anon;

grant execute on function public.terminate_contract(contract_id uuid, reason text) to authenticated, service_role;

-- Security invoker on purpose (see private.guard_contract()).
create function private.guard_contract_deadline()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('authenticated', 'anon');
  contract_state text;
  me uuid := private.current_account_id();
begin
  if tg_op = 'DELETE' then
    if api then
      if old.contract_status <> 'active' then
        raise exception 'the contract is not active; its deadlines no longer change' using errcode = 'PT409';
      end if;
      if not old.is_custom then
        raise exception 'only custom deadlines can be deleted; waive a key date instead' using errcode = '42501';
      end if;
    end if;
    return old;
  end if;
  if api and tg_op = 'INSERT' then
    -- Read under the caller's RLS: a contract they cannot see is not found.
    select c.status into contract_state from public.contracts c where c.id = new.contract_id;
    if contract_state is null then
      raise exception 'contract not found' using errcode = 'PT404';
    end if;
    if contract_state <> 'active' then
      raise exception 'the contract is not active; its deadlines no longer change' using errcode = 'PT409';
    end if;
    if new.due_at_override is null then
      raise exception 'a custom deadline needs a date (due_at_override)' using errcode = '22023';
    end if;
    new.is_custom := true;
    new.key := private.next_custom_deadline_key(new.contract_id);
    new.computed_due_at := null;
    new.rule := null;
  elsif api then
    if old.contract_status <> 'active' then
      raise exception 'the contract is not active; its deadlines no longer change' using errcode = 'PT409';
    end if;
    if (new.contract_id, new.key, new.is_custom) is distinct from (old.contract_id, old.key, old.is_custom) then
      raise exception 'contract_id, key and is_custom are fixed when the deadline is created' using errcode = '42501';
    end if;
    if (new.computed_due_at, new.rule) is distinct from (old.computed_due_at, old.rule) then
      raise exception 'computed_due_at and rule are set by the database; change the date through due_at_override' using errcode = '42501';
    end if;
    if new.label is distinct from old.label and not old.is_custom then
      raise exception 'only custom deadlines can be renamed' using errcode = '42501';
    end if;
    if old.is_custom and new.due_at_override is null then
      raise exception 'a custom deadline needs a date (due_at_override)' using errcode = '22023';
    end if;
  end if;
  -- Who marked it done or waived, and when: derived for API callers;
  -- privileged code (the seed) may backdate.
  if new.status = 'done' then
    if tg_op = 'UPDATE' and old.status = 'done' then
      if api then
        new.done_at := old.done_at;
        new.done_by := old.done_by;
      end if;
    elsif api or new.done_at is null then
      new.done_at := coalesce(case when api then null else new.done_at end, now());
      new.done_by := case when api then me else new.done_by end;
    end if;
  else
    new.done_at := null;
    new.done_by := null;
  end if;
  if new.status = 'waived' then
    if tg_op = 'UPDATE' and old.status = 'waived' then
      if api then
        new.waived_at := old.waived_at;
        new.waived_by := old.waived_by;
      end if;
    elsif api or new.waived_at is null then
      new.waived_at := coalesce(case when api then null else new.waived_at end, now());
      new.waived_by := case when api then me else new.waived_by end;
    end if;
  else
    new.waived_at := null;
    new.waived_by := null;
  end if;
  return new;
end;
$$;

comment on function private.guard_contract_deadline() is
  'Trigger (before insert, update or delete on contract_deadlines). API callers: deadlines change only while the contract is active (409); an added deadline is custom (key custom_<n>, no computed date, a date required); the contract, key, computed date and rule are not theirs to write (403); only custom deadlines are renamed or deleted (403). done_at/done_by and waived_at/waived_by follow status changes (the caller, now).';

revoke execute on function private.guard_contract_deadline() from public;

grant execute on function private.guard_contract_deadline() to service_role;

create function private.next_custom_deadline_key(contract_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  used integer;
begin
  -- The contract row's lock orders concurrent additions to one contract.
  perform 1 from public.contracts c where c.id = next_custom_deadline_key.contract_id for update;
  select coalesce(max(substr(d.key, 8)::integer), 0) into used
  from public.contract_deadlines d
  where d.contract_id = next_custom_deadline_key.contract_id and d.key ~ '^custom_\d{1,9}$';
  return 'custom_' || (used + 1);
end;
$$;

comment on function private.next_custom_deadline_key(contract_id uuid) is
  'The next free custom_<n> key of a contract''s deadlines, under a lock on the contract row.';

revoke execute on function private.next_custom_deadline_key(contract_id uuid) from public;

grant execute on function private.next_custom_deadline_key(contract_id uuid) to authenticated, service_role;

create function private.scope_contract_deadline()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select c.listing_id, c.listing_agent_id, c.listing_tc_id, c.status
  into new.listing_id, new.listing_agent_id, new.listing_tc_id, new.contract_status
  from public.contracts c where c.id = new.contract_id
  for share;
  return new;
end;
$$;

comment on function private.scope_contract_deadline() is
  'Trigger (before insert or update on contract_deadlines): listing_id, the copies of the listing''s people and contract_status come from the contract, under a share lock on it. Client values are replaced.';

revoke execute on function private.scope_contract_deadline() from public;

grant execute on function private.scope_contract_deadline() to service_role;

create function public.recompute_contract_deadline(deadline_id uuid)
returns public.contract_deadlines
language plpgsql
security invoker
set search_path = ''
as $$
declare
  deadline public.contract_deadlines;
begin
  select d.* into deadline from public.contract_deadlines d where d.id = recompute_contract_deadline.deadline_id;
  if deadline.id is null then
    raise exception 'deadline not found' using errcode = 'PT404';
  end if;
  if deadline.is_custom then
    raise exception 'a custom deadline has no computed date to return to' using errcode = '22023';
  end if;
  update public.contract_deadlines d set due_at_override = null
  where d.id = recompute_contract_deadline.deadline_id
  returning d.* into deadline;
  return deadline;
end;
$$;

comment on function public.recompute_contract_deadline(deadline_id uuid) is
  'Returns a hand-changed key date to its computed date (clears due_at_override). Security invoker: the update rules of contract_deadlines apply (the people on the listing, active contract: 409 otherwise). 404 unknown or unseen, 400 for a custom deadline.';

revoke execute on function public.recompute_contract_deadline(deadline_id uuid) from public, anon;

grant execute on function public.recompute_contract_deadline(deadline_id uuid) to authenticated, service_role;

-- Activity of the transaction, whoever did it: recorded, amended, closed,
-- terminated; deadlines done and waived.
create function private.log_contract_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := coalesce(private.current_account_id(), new.created_by);
  changed text[];
begin
  if tg_op = 'INSERT' then
    perform private.log_activity(actor, new.listing_id, 'contract_created', 'Recorded a contract',
      jsonb_build_object('contract_id', new.id, 'form', new.form));
  elsif new.status is distinct from old.status and new.status = 'closed' then
    perform private.log_activity(actor, new.listing_id, 'contract_closed', 'Closed the contract',
      jsonb_build_object('contract_id', new.id));
  elsif new.status is distinct from old.status and new.status = 'terminated' then
    perform private.log_activity(actor, new.listing_id, 'contract_terminated', 'Terminated the contract',
      jsonb_build_object('contract_id', new.id, 'reason', new.termination_reason));
  else
    select array_agg(n.key order by n.key) into changed
    from jsonb_each(to_jsonb(new)) n
    where n.key not in ('updated_at', 'listing_agent_id', 'listing_tc_id')
      and n.value is distinct from to_jsonb(old) -> n.key;
    if changed is not null then
      perform private.log_activity(actor, new.listing_id, 'contract_amended', 'Amended the contract',
        jsonb_build_object('contract_id', new.id, 'changed', to_jsonb(changed)));
    end if;
  end if;
  return null;
end;
$$;

comment on function private.log_contract_activity() is
  'Trigger (after insert or update on contracts): contract_created, contract_amended (with the changed columns), contract_closed, contract_terminated (with the reason).';

revoke execute on function private.log_contract_activity() from public;

grant execute on function private.log_contract_activity() to service_role;

create function private.log_deadline_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.log_activity(coalesce(private.current_account_id(), new.done_by, new.waived_by), new.listing_id,
    case new.status when 'done' then 'deadline_done' else 'deadline_waived' end,
    case new.status when 'done' then 'Marked done: ' else 'Waived: ' end || new.label,
    jsonb_build_object('contract_id', new.contract_id, 'deadline_id', new.id, 'key', new.key));
  return null;
end;
$$;

comment on function private.log_deadline_activity() is
  'Trigger (after update of status on contract_deadlines, to done or waived): deadline_done or deadline_waived.';

revoke execute on function private.log_deadline_activity() from public;

grant execute on function private.log_deadline_activity() to service_role;

-- The copies of a listing's people now also live on its contracts (and from
-- there on their deadlines): replaced whole from the listings baseline.
create or replace function private.copy_listing_people_to_items()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notes n set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where n.listing_id = new.id;
  update public.messages m set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where m.listing_id = new.id;
  update public.tasks t set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where t.listing_id = new.id;
  -- Contracts pass the copies on to their deadlines (private.on_contract_change()).
  update public.contracts c set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where c.listing_id = new.id;
  return null;
end;
$$;

comment on function private.copy_listing_people_to_items() is
  'Trigger (after update of agent_id or tc_id on listings): writes the listing''s new agent and coordinator into the copies on its notes, messages, tasks and contracts (contracts pass them on to their deadlines).';

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "People on a listing can read its contracts"
on public.contracts for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

create policy "People on a listing can record its contracts"
on public.contracts for insert to authenticated
with check (private.check_contract_writer(listing_id));

-- Without WITH CHECK, USING also checks the new row: an update cannot hand
-- the contract to people who are not on the listing.
create policy "People on a listing can amend its contracts"
on public.contracts for update to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

create policy "Super admins can delete contracts"
on public.contracts for delete to authenticated
using ((select private.is_super_admin()));

create policy "People on a listing can read its contract deadlines"
on public.contract_deadlines for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

create policy "People on a listing can add custom deadlines to its active contract"
on public.contract_deadlines for insert to authenticated
with check (
  contract_status = 'active'
  and (listing_agent_id = (select private.current_account_id())
       or ((select private.current_role()) = 'tc'
           and (listing_tc_id = (select private.current_account_id())
                or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
       or (select private.is_super_admin()))
);

-- The contract must be active: private.guard_contract_deadline() answers 409
-- otherwise, which a policy could not (it would change 0 rows silently).
create policy "People on a listing can update its contract deadlines"
on public.contract_deadlines for update to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

create policy "People on a listing can delete its custom contract deadlines"
on public.contract_deadlines for delete to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

-- Every column is granted: the triggers above replace or refuse what a client
-- may not write, with a message, instead of a bare "permission denied".
revoke all on public.contracts from anon, authenticated;

grant select, insert, update, delete on public.contracts to authenticated;

revoke all on public.contract_deadlines from anon, authenticated;

grant select, insert, update, delete on public.contract_deadlines to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger contracts_guard before insert or update on public.contracts
  for each row execute function private.guard_contract();

create trigger contracts_keep_columns before update on public.contracts
  for each row execute function private.keep_columns('listing_id', 'created_by');

create trigger contracts_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.contracts
for each row execute function private.copy_listing_people();

create trigger contracts_set_owner before insert on public.contracts
  for each row execute function private.set_owner('created_by');

create trigger contracts_set_timestamps before insert or update on public.contracts
  for each row execute function private.set_timestamps();

create trigger contracts_on_change after insert or update on public.contracts
  for each row execute function private.on_contract_change();

create trigger contracts_log_activity after insert or update on public.contracts
  for each row execute function private.log_contract_activity();

create trigger contract_deadlines_guard before insert or update or delete on public.contract_deadlines
  for each row execute function private.guard_contract_deadline();

create trigger contract_deadlines_scope before insert or update on public.contract_deadlines
  for each row execute function private.scope_contract_deadline();

create trigger contract_deadlines_set_timestamps before insert or update on public.contract_deadlines
  for each row execute function private.set_timestamps();

create trigger contract_deadlines_log_activity after update of status on public.contract_deadlines
  for each row when (new.status is distinct from old.status and new.status in ('done', 'waived'))
  execute function private.log_deadline_activity();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create unique index contracts_one_active_per_listing on public.contracts (listing_id) where status = 'active';

comment on index public.contracts_one_active_per_listing is 'At most one active contract per listing (a second one: 409, "this listing already has an active contract").';

create index contracts_listing_id_created_at_idx on public.contracts (listing_id, created_at desc);

create index contracts_listing_agent_id_idx on public.contracts (listing_agent_id);

create index contracts_listing_tc_id_idx on public.contracts (listing_tc_id);

create index contracts_created_by_idx on public.contracts (created_by);

create index contract_deadlines_listing_id_idx on public.contract_deadlines (listing_id);

create index contract_deadlines_open_by_tc_idx on public.contract_deadlines (listing_tc_id, due_at)
  where status = 'open' and contract_status = 'active';

comment on index public.contract_deadlines_open_by_tc_idx is 'The Deadlines screen of a coordinator: open deadlines of active contracts by due date.';

create index contract_deadlines_open_by_agent_idx on public.contract_deadlines (listing_agent_id, due_at)
  where status = 'open' and contract_status = 'active';

comment on index public.contract_deadlines_open_by_agent_idx is 'An agent''s next deadlines, and a coordinator''s through their agents: open deadlines of active contracts by due date.';

create index contract_deadlines_listing_agent_id_idx on public.contract_deadlines (listing_agent_id);

create index contract_deadlines_listing_tc_id_idx on public.contract_deadlines (listing_tc_id);

create index contract_deadlines_done_by_idx on public.contract_deadlines (done_by);

create index contract_deadlines_waived_by_idx on public.contract_deadlines (waived_by);
