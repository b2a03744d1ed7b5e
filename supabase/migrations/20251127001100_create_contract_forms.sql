-- ---------------------------------------------------------------------------
-- Contract forms and their deadline rules, as data: each key date of a form
-- is a row (anchor, offset, calendar or business days, cut-off time, roll),
-- read by one engine, public.preview_contract_deadlines(form, facts), which
-- the contract screens preview with and contracts compute their deadlines
-- with. Rows change only through migrations.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.contract_forms (
  key text primary key check (key ~ '^[a-z0-9-]{1,40}$'),
  label text not null check (char_length(label) between 1 and 200),
  time_zone text not null,
  start_fact text not null check (start_fact in ('effective_date', 'acceptance_date'))
);

comment on table public.contract_forms is
  'Contract forms whose deadlines ListingDesk computes (trec-20-18, car-rpa, generic). Written only by migrations.';

comment on column public.contract_forms.key is 'Form key, e.g. trec-20-18.';

comment on column public.contract_forms.label is 'Name of the form shown to people.';

comment on column public.contract_forms.time_zone is 'IANA time zone whose local cut-off times the form''s deadlines use, unless a contract names another.';

comment on column public.contract_forms.start_fact is 'The date fact that is day 0 of the form: effective_date (TREC) or acceptance_date (C.A.R.); contracts store it in contracts.effective_date.';

create table public.deadline_rules (
  form text not null references public.contract_forms (key) on delete cascade,
  key text not null check (key ~ '^[a-z0-9_]{1,60}$' and key !~ '^custom_'),
  label text not null check (char_length(label) between 1 and 200),
  position integer not null,
  anchor text not null check (anchor in ('effective_date', 'acceptance_date', 'closing_date')),
  days_fact text check (days_fact ~ '^[a-z_]+_days$'),
  default_days integer check (default_days >= 0),
  offset_days integer check (offset_days >= 0),
  unit text not null default 'calendar' check (unit in ('calendar', 'business')),
  cutoff time not null default '23:59',
  roll text not null default 'none' check (roll in ('next_business_day', 'none')),
  requires_fact text,
  unless_fact text,
  primary key (form, key, position),
  constraint deadline_rules_one_count check (days_fact is not null or default_days is null)
);

comment on table public.deadline_rules is
  'One row per way a form computes a key date: due = anchor + N (calendar or business days) at the local cut-off, optionally rolled to the next business day. Rows of one (form, key) are alternatives; the first applicable by position wins. Written only by migrations.';

comment on column public.deadline_rules.form is 'The contract form (contract_forms.key).';

comment on column public.deadline_rules.key is 'Deadline key, e.g. option_period_end; custom_<n> is reserved for deadlines people add.';

comment on column public.deadline_rules.label is 'Name of the deadline shown to people.';

comment on column public.deadline_rules.position is 'Order of the rules within the form; among alternatives of one key the first applicable wins.';

comment on column public.deadline_rules.anchor is 'The date fact counted from: effective_date, acceptance_date or closing_date.';

comment on column public.deadline_rules.days_fact is 'Fact holding N, e.g. option_days; without default_days the rule applies only when the fact is given.';

comment on column public.deadline_rules.default_days is 'N when days_fact is not given.';

comment on column public.deadline_rules.offset_days is 'Fixed N of rules without days_fact (0 when null).';

comment on column public.deadline_rules.unit is 'calendar: anchor + N days; business: the N-th day after the anchor that is not a Saturday, Sunday or legal holiday.';

comment on column public.deadline_rules.cutoff is 'Local time of day the deadline ends, in the contract''s time zone (23:59 = 11:59 PM).';

comment on column public.deadline_rules.roll is 'next_business_day: a last day on a Saturday, Sunday or legal holiday moves to the next day that is none of these; none: it stays.';

comment on column public.deadline_rules.requires_fact is 'The rule applies only when this fact is given (e.g. closing_date).';

comment on column public.deadline_rules.unless_fact is 'The rule does not apply when this boolean fact is true (e.g. all_cash).';

-- ---------------------------------------------------------------------------
-- Section - Rows
-- ---------------------------------------------------------------------------

insert into public.contract_forms (key, label, time_zone, start_fact) values
  ('trec-20-18', 'TREC One to Four Family Residential Contract (Resale)', 'America/Chicago', 'effective_date'),
  ('car-rpa', 'C.A.R. Residential Purchase Agreement', 'America/Los_Angeles', 'acceptance_date'),
  ('generic', 'Other contract', 'America/Chicago', 'acceptance_date');

-- TREC 20-18: the effective date is day 0; "N days after" counts calendar
-- days; only the earnest money and option fee move off weekends and holidays
-- (paragraph 5A); the option period ends at 5:00 PM local time even on a Sunday.
insert into public.deadline_rules (form, key, label, position, anchor, days_fact, default_days, offset_days, unit, cutoff, roll, requires_fact, unless_fact) values
  ('trec-20-18', 'earnest_money', 'Earnest money due', 10, 'effective_date', null, null, 3, 'calendar', '23:59', 'next_business_day', null, null),
  ('trec-20-18', 'option_fee', 'Option fee due', 20, 'effective_date', null, null, 3, 'calendar', '23:59', 'next_business_day', null, null),
  ('trec-20-18', 'option_period_end', 'Option period ends', 30, 'effective_date', 'option_days', null, null, 'calendar', '17:00', 'none', null, null),
  ('trec-20-18', 'title_commitment', 'Title commitment due', 40, 'effective_date', 'title_commitment_days', 20, null, 'calendar', '23:59', 'none', null, null),
  ('trec-20-18', 'survey', 'Survey due', 50, 'effective_date', 'survey_days', null, null, 'calendar', '23:59', 'none', null, null),
  ('trec-20-18', 'financing_approval', 'Buyer approval for financing', 60, 'effective_date', 'financing_days', null, null, 'calendar', '23:59', 'none', null, null),
  ('trec-20-18', 'closing', 'Closing', 70, 'closing_date', null, null, 0, 'calendar', '23:59', 'none', 'closing_date', null);

-- C.A.R. RPA: the acceptance date is day 0; every deadline ends 11:59 PM and a
-- last day on a Saturday, Sunday or legal holiday moves to the next day that
-- is none of these; the deposit counts business days.
insert into public.deadline_rules (form, key, label, position, anchor, days_fact, default_days, offset_days, unit, cutoff, roll, requires_fact, unless_fact) values
  ('car-rpa', 'deposit', 'Buyer''s deposit due', 10, 'acceptance_date', null, null, 3, 'business', '23:59', 'next_business_day', null, null),
  ('car-rpa', 'seller_disclosures', 'Seller disclosures due', 20, 'acceptance_date', 'disclosure_days', 7, null, 'calendar', '23:59', 'next_business_day', null, null),
  ('car-rpa', 'inspection_contingency', 'Inspection contingency removal', 30, 'acceptance_date', 'inspection_days', 17, null, 'calendar', '23:59', 'next_business_day', null, null),
  ('car-rpa', 'appraisal_contingency', 'Appraisal contingency removal', 40, 'acceptance_date', 'appraisal_days', 17, null, 'calendar', '23:59', 'next_business_day', null, null),
  ('car-rpa', 'loan_contingency', 'Loan contingency removal', 50, 'acceptance_date', 'loan_days', 21, null, 'calendar', '23:59', 'next_business_day', null, 'all_cash'),
  ('car-rpa', 'close_of_escrow', 'Close of escrow', 60, 'closing_date', null, null, 0, 'calendar', '23:59', 'next_business_day', 'closing_date', null),
  ('car-rpa', 'close_of_escrow', 'Close of escrow', 61, 'acceptance_date', 'escrow_days', 30, null, 'calendar', '23:59', 'next_business_day', null, null);

-- Other contracts: the closing date; people add their own deadlines.
insert into public.deadline_rules (form, key, label, position, anchor, days_fact, default_days, offset_days, unit, cutoff, roll, requires_fact, unless_fact) values
  ('generic', 'closing', 'Closing', 10, 'closing_date', null, null, 0, 'calendar', '23:59', 'none', 'closing_date', null);

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.contract_forms enable row level security;

alter table public.deadline_rules enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- The facts arrive as JSON from people's forms; each reader says which fact
-- and which value is wrong (22023, PostgREST 400).
create function private.fact_date(facts jsonb, fact text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  value jsonb := facts -> fact;
  parsed date;
begin
  if value is null or value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^\d{4}-\d{2}-\d{2}$' then
    begin
      parsed := (value #>> '{}')::date;
      return parsed;
    exception when others then
      null;
    end;
  end if;
  raise exception '% must be a date YYYY-MM-DD, got %', fact, value::text using errcode = '22023';
end;
$$;

comment on function private.fact_date(facts jsonb, fact text) is
  'The date fact of a contract''s facts (YYYY-MM-DD), null when absent; 22023 naming the fact and value when it is not a real date.';

revoke execute on function private.fact_date(facts jsonb, fact text) from public;

grant execute on function private.fact_date(facts jsonb, fact text) to authenticated, service_role;

create function private.fact_days(facts jsonb, fact text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  value jsonb := facts -> fact;
  text_value text := value #>> '{}';
begin
  if value is null or value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(value) in ('number', 'string') and text_value ~ '^\d{1,4}$' and text_value::integer <= 3650 then
    return text_value::integer;
  end if;
  raise exception '% must be a whole number of days from 0 to 3650, got %', fact, value::text using errcode = '22023';
end;
$$;

comment on function private.fact_days(facts jsonb, fact text) is
  'A day count of a contract''s facts (whole number 0 to 3650, as a JSON number or digits), null when absent; 22023 naming the fact and value otherwise.';

revoke execute on function private.fact_days(facts jsonb, fact text) from public;

grant execute on function private.fact_days(facts jsonb, fact text) to authenticated, service_role;

create function private.valid_time_zone(zone text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  -- IANA names only (Region/City, or UTC): Postgres would also take POSIX
  -- offsets such as '+05', whose sign is the reverse of what people expect.
  if zone is null or zone !~ '^(UTC|[A-Z][A-Za-z_]+(/[A-Za-z0-9_+-]+)+)$' then
    return false;
  end if;
  perform now() at time zone zone;
  return true;
exception when invalid_parameter_value then
  return false;
end;
$$;

comment on function private.valid_time_zone(zone text) is
  'True when zone is an IANA time zone name Postgres knows (e.g. America/Chicago, UTC).';

revoke execute on function private.valid_time_zone(zone text) from public;

grant execute on function private.valid_time_zone(zone text) to authenticated, service_role;

-- Why a day is not a business day, for the rule text: "Independence Day",
-- "a Saturday", or null when it is one.
create function private.non_business_reason(day date)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    private.holiday_name(day),
    case extract(isodow from day)::integer when 6 then 'a Saturday' when 7 then 'a Sunday' end
  )
$$;

comment on function private.non_business_reason(day date) is
  'Why a day is not a business day: the holiday''s name, ''a Saturday'' or ''a Sunday''; null for a business day.';

revoke execute on function private.non_business_reason(day date) from public;

grant execute on function private.non_business_reason(day date) to authenticated, service_role;

create function public.preview_contract_deadlines(form text, facts jsonb)
returns table (key text, label text, due_at timestamptz, rule text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  contract_form public.contract_forms;
  zone text;
  start_date date;
  r public.deadline_rules;
  done_keys text[] := '{}';
  keys text[] := '{}';
  labels text[] := '{}';
  dues timestamptz[] := '{}';
  rules text[] := '{}';
  fact text;
  n integer;
  anchor_date date;
  landed date;
  due date;
  reason text;
  skipped text[];
  explanation text;
begin
  select f.* into contract_form from public.contract_forms f where f.key = preview_contract_deadlines.form;
  if contract_form.key is null then
    raise exception 'unknown contract form "%"', form using errcode = '22023';
  end if;
  facts := coalesce(facts, '{}'::jsonb);
  if jsonb_typeof(facts) <> 'object' then
    raise exception 'facts must be a JSON object' using errcode = '22023';
  end if;
  -- Every fact given is checked, used by this form or not, so a typo in a
  -- value is reported rather than silently ignored.
  foreach fact in array array['effective_date', 'acceptance_date', 'closing_date'] loop
    perform private.fact_date(facts, fact);
  end loop;
  foreach fact in array array['option_days', 'title_commitment_days', 'survey_days', 'financing_days', 'disclosure_days',
                              'inspection_days', 'appraisal_days', 'loan_days', 'escrow_days'] loop
    perform private.fact_days(facts, fact);
  end loop;
  if facts ? 'all_cash' and jsonb_typeof(facts -> 'all_cash') not in ('boolean', 'null') then
    raise exception 'all_cash must be true or false, got %', (facts -> 'all_cash')::text using errcode = '22023';
  end if;
  zone := coalesce(nullif(facts ->> 'time_zone', ''), contract_form.time_zone);
  if not private.valid_time_zone(zone) then
    raise exception 'time_zone must be an IANA time zone such as America/Chicago, got "%"', zone using errcode = '22023';
  end if;
  start_date := private.fact_date(facts, contract_form.start_fact);
  if start_date is null then
    raise exception '% is required for %', contract_form.start_fact, contract_form.key using errcode = '22023';
  end if;

  for r in select d.* from public.deadline_rules d where d.form = contract_form.key order by d.position loop
    continue when r.key = any (done_keys);
    continue when r.requires_fact is not null and coalesce(facts -> r.requires_fact, 'null'::jsonb) = 'null'::jsonb;
    continue when r.unless_fact is not null and coalesce((facts ->> r.unless_fact)::boolean, false);
    n := coalesce(private.fact_days(facts, r.days_fact), r.default_days);
    continue when r.days_fact is not null and n is null;
    n := coalesce(n, r.offset_days, 0);
    anchor_date := private.fact_date(facts, r.anchor);
    continue when anchor_date is null;

    skipped := '{}';
    if r.unit = 'business' then
      landed := anchor_date;
      for i in 1 .. n loop
        landed := landed + 1;
        while not private.is_business_day(landed) loop
          reason := private.holiday_name(landed);
          if reason is not null then
            skipped := skipped || (reason || ' ' || to_char(landed, 'Dy YYYY-MM-DD'));
          end if;
          landed := landed + 1;
        end loop;
      end loop;
    else
      landed := anchor_date + n;
    end if;

    if r.anchor = 'closing_date' and n = 0 then
      explanation := 'closing date ' || to_char(landed, 'Dy YYYY-MM-DD');
    else
      explanation := n || case when r.unit = 'business' then ' business' else '' end
        || case when n = 1 then ' day' else ' days' end
        || ' after ' || to_char(anchor_date, 'Dy YYYY-MM-DD')
        || case when cardinality(skipped) > 0 then ' (skipping ' || array_to_string(skipped, ', ') || ')' else '' end
        || ' is ' || to_char(landed, 'Dy YYYY-MM-DD');
    end if;

    due := landed;
    reason := private.non_business_reason(landed);
    if reason is not null and r.roll = 'next_business_day' then
      -- Holidays passed on the way (a Saturday before a Monday holiday) are named too.
      skipped := '{}';
      while not private.is_business_day(due) loop
        due := due + 1;
        if private.holiday_name(due) is not null then
          skipped := skipped || (private.holiday_name(due) || ' ' || to_char(due, 'Dy YYYY-MM-DD'));
        end if;
      end loop;
      explanation := explanation || ', ' || reason || ': moved to ' || to_char(due, 'Dy YYYY-MM-DD')
        || case when cardinality(skipped) > 0 then ' (skipping ' || array_to_string(skipped, ', ') || ')' else '' end;
    elsif reason is not null then
      explanation := explanation || ', ' || reason || ': not moved';
    end if;
    explanation := explanation || ', ' || to_char(date '2000-01-01' + r.cutoff, 'FMHH12:MI AM') || ' ' || zone;

    done_keys := done_keys || r.key;
    keys := keys || r.key;
    labels := labels || r.label;
    dues := dues || ((due + r.cutoff) at time zone zone);
    rules := rules || explanation;
  end loop;

  return query
    select u.key, u.label, u.due_at, u.rule
    from unnest(keys, labels, dues, rules) as u(key, label, due_at, rule)
    order by u.due_at, u.key;
end;
$$;

comment on function public.preview_contract_deadlines(form text, facts jsonb) is
  'The key dates a contract form''s deadline_rules give for the facts (effective_date / acceptance_date / closing_date as YYYY-MM-DD, day counts such as option_days, all_cash, optional time_zone), ordered by due_at then key, each with the rule in words (e.g. "3 days after Wed 2026-07-01 is Sat 2026-07-04, Independence Day: moved to Mon 2026-07-06, 11:59 PM America/Chicago"). Unknown form, missing start date, invalid value: 22023 (400) saying which. Contracts compute their deadlines with it.';

revoke execute on function public.preview_contract_deadlines(form text, facts jsonb) from public, anon;

grant execute on function public.preview_contract_deadlines(form text, facts jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Signed-in users can read contract forms"
on public.contract_forms for select to authenticated
using (true);

create policy "Signed-in users can read deadline rules"
on public.deadline_rules for select to authenticated
using (true);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.contract_forms from anon, authenticated;

revoke all on public.deadline_rules from anon, authenticated;

grant select on public.contract_forms to authenticated;

grant select on public.deadline_rules to authenticated;
