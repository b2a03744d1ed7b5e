-- ---------------------------------------------------------------------------
-- The key-date job within one run's budget (issue 55; party-triggers bench at
-- 10,000 active contracts): its first run took 529 s to create 18,402
-- messages and a run with nothing new 52 s, against the 8 s a PostgREST call
-- with the service role key gets (its statement timeout; a run cut there rolls
-- back whole and the next starts the same work over). Three changes:
--
--   1. Occurrences that already have their message are dropped first, by the
--      unique occurrence key, before any send moment is computed (the run with
--      nothing new computed every candidate's moment, holidays and all, and
--      only then looked); a template's offset bounds the key dates it can
--      reach in the 30-day window before the exact moment is computed.
--   2. A run stops creating after 4 seconds, soonest send moment first, and
--      the next run (15 minutes later) goes on where it stopped: a backlog —
--      templates added over thousands of open contracts — is spread over runs
--      instead of failing each of them. The order is (send moment, key), the
--      same in every run, so concurrent runs still meet on each key in the
--      same order and create each occurrence once.
--   3. A moment missed by less than an hour (a backlog, a late run) is still
--      created and sent at once, rather than never.
--
-- private.create_party_message also writes its outbox row once (the message's
-- id is drawn first and put in the row's payload) instead of inserting it and
-- updating it. Both replaced whole with the same signatures.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.create_party_message(template public.message_templates, listing_id uuid, occurrence_key text,
  trigger_reason text, deadline_id uuid, send_at timestamptz)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  message_id uuid := gen_random_uuid();
  box_id bigint;
  rendered record;
  created public.party_messages;
begin
  insert into private.outbox (kind, dedupe_key, send_after, payload)
  values ('party_message', create_party_message.occurrence_key, create_party_message.send_at,
    jsonb_build_object('party_message_id', message_id))
  on conflict (dedupe_key) do nothing
  returning id into box_id;
  if box_id is null then
    return null;
  end if;
  rendered := private.render_party_message(create_party_message.listing_id, template.subject, template.body,
    template.to_roles, template.cc_roles);
  insert into public.party_messages (id, listing_id, template_id, occurrence_key, outbox_id, trigger_reason, deadline_id, status,
    auto_send, subject_source, body_source, to_roles, cc_roles, subject, body, to_recipients, cc_recipients, send_at,
    held_reason, approved_at)
  values (message_id, create_party_message.listing_id, template.id, create_party_message.occurrence_key, box_id,
    left(create_party_message.trigger_reason, 1000), create_party_message.deadline_id,
    case when cardinality(rendered.missing) > 0 then 'held' when template.auto_send then 'approved' else 'waiting' end,
    template.auto_send, template.subject, template.body, template.to_roles, template.cc_roles, rendered.subject, rendered.body,
    rendered.to_recipients, rendered.cc_recipients, create_party_message.send_at,
    nullif(array_to_string(rendered.missing, '; '), ''),
    case when cardinality(rendered.missing) = 0 and template.auto_send then now() end)
  returning * into created;
  return created;
end;
$$;

comment on function private.create_party_message(template public.message_templates, listing_id uuid, occurrence_key text, trigger_reason text, deadline_id uuid, send_at timestamptz) is
  'Creates the message of one occurrence of a template on a listing, once: its outbox row (dedupe_key = occurrence_key, on conflict do nothing; payload names the message) and the rendered party_messages row — held when something is missing, approved when the template auto-sends, else waiting. Returns it, or null when the occurrence existed.';

create or replace function public.enqueue_party_messages("at" timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(enqueue_party_messages."at", now());
  -- Wall clock, not the transaction's: the budget is this run's own time.
  started timestamptz := clock_timestamp();
  occurrence record;
  created integer := 0;
begin
  for occurrence in
    with candidates as materialized (
      select t as template, t.trigger_offset_days, t.trigger_offset_unit, t.trigger_send_time, t.trigger_weekends, t.conditions,
        d.id as deadline_id, d.listing_id, d.due_at, d.label, c.time_zone, c.financing_type,
        'key_date:' || t.id || ':' || d.id as occurrence_key
      from public.message_templates t
      join public.contract_deadlines d on d.key = t.trigger_deadline_key
      join public.contracts c on c.id = d.contract_id
      join public.listings l on l.id = d.listing_id
      where t.is_active
        and t.trigger_kind = 'key_date'
        and d.status = 'open'
        and d.contract_status = 'active'
        -- Offsets are at most 60 (business) days: this bounds the key dates read by index.
        and d.due_at > clock - interval '100 days'
        and d.due_at <= clock + interval '130 days'
        -- The send day lies within these many calendar days of the key date
        -- (a weekend or holiday moves a calendar day by at most 4; N business
        -- days span at most 2N + 10 calendar days): key dates whose send day
        -- cannot fall in the window are not computed.
        and d.due_at + make_interval(days => case when t.trigger_offset_unit = 'business'
              then greatest(2 * t.trigger_offset_days + 10, t.trigger_offset_days) else t.trigger_offset_days + 4 end)
            > clock - interval '1 hour 1 day'
        and d.due_at + make_interval(days => case when t.trigger_offset_unit = 'business'
              then least(2 * t.trigger_offset_days - 10, t.trigger_offset_days) else t.trigger_offset_days - 4 end)
            <= clock + interval '31 days'
        and (t.owner_tc_id is null or t.owner_tc_id = l.tc_id)
        and private.template_matches(t.conditions, l.side, l.property_type, l.has_hoa, l.year_built, l.state, c.financing_type)
        -- Made already (by an earlier run, or one running now that committed).
        and not exists (select 1 from public.party_messages m where m.occurrence_key = 'key_date:' || t.id || ':' || d.id)
    )
    select x.template, x.listing_id, x.occurrence_key, x.deadline_id, s.send_at,
      private.key_date_trigger_reason(x.trigger_offset_days, x.trigger_offset_unit, x.label, x.due_at, x.time_zone,
        x.trigger_send_time, s.send_at) as reason
    from candidates x
    cross join lateral (
      select private.key_date_send_at(x.due_at, x.time_zone, x.trigger_offset_days, x.trigger_offset_unit,
        x.trigger_send_time, x.trigger_weekends) as send_at
    ) s
    -- A moment missed by less than an hour is still worth sending now.
    where s.send_at > clock - interval '1 hour'
      and s.send_at <= clock + interval '30 days'
    -- Soonest first, the key breaking ties: the same order in every run.
    order by s.send_at, x.occurrence_key
  loop
    exit when clock_timestamp() - started > interval '4 seconds';
    if (private.create_party_message(occurrence.template, occurrence.listing_id, occurrence.occurrence_key, occurrence.reason,
        occurrence.deadline_id, greatest(occurrence.send_at, clock))).id is not null then
      created := created + 1;
    end if;
  end loop;
  return created;
end;
$$;

comment on function public.enqueue_party_messages("at" timestamptz) is
  'Scheduled job (pg_cron every 15 minutes; the local stack''s timer): creates the messages of key-date templates whose send moment lies in (at - 1 hour, at + 30 days] (a moment missed by less than an hour is sent at once): every active key_date template × open key date of that key on an active contract, for listings of the template''s coordinator (any for a global template) matching its conditions; one per occurrence (key_date:<template>:<deadline id>) even under concurrent runs. Soonest first; a run stops creating after 4 seconds and the next goes on (a backlog spreads over runs). Held when something is missing, approved when the template auto-sends, else waiting. `at` is the clock (tests). Returns how many it created. Service role only.';
