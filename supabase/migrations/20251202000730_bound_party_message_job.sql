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
--      only then looked); each template reads its key's open key dates by a
--      range of due dates (a new index on key, due_at).
--   2. A run takes the occurrences not yet made nearest first, in bands of
--      the key date moved by the offset (1, 3, 7, 14, 38 days ahead; one
--      total order for every run, whatever each has left, so concurrent runs
--      never deadlock), and stops after 4 s; the next
--      run (15 minutes later) goes on where it stopped: a backlog — templates
--      added over thousands of open contracts — is spread over runs instead
--      of failing each of them.
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
  -- Null for the first band, whose start depends on the template (below).
  band_start timestamptz;
  band_end timestamptz;
  occurrence record;
  created integer := 0;
begin
  -- Bands of the approximate moment (the key date moved by the offset, a
  -- business day counted as 7/5 calendar days, before the weekend and holiday
  -- rules and the time of day), nearest first; within a band by (moment, key).
  -- That is one total order for every run, whatever each has left to make, so
  -- concurrent runs meet on each key in the same order (no deadlock), and the
  -- soonest messages are made first.
  foreach band_end in array array[clock + interval '1 day', clock + interval '3 days', clock + interval '7 days',
    clock + interval '14 days', clock + interval '38 days'] loop
    for occurrence in
      with pairs as materialized (
        select t as template, t.trigger_offset_days, t.trigger_offset_unit, t.trigger_send_time, t.trigger_weekends, t.conditions,
          t.owner_tc_id, d.id as deadline_id, d.contract_id, d.listing_id, d.due_at, d.label,
          'key_date:' || t.id || ':' || d.id as occurrence_key, d.due_at + x.shift as approximate
        from public.message_templates t
        cross join lateral (select make_interval(days => case when t.trigger_offset_unit = 'business'
          then (t.trigger_offset_days * 7) / 5 else t.trigger_offset_days end) as shift,
          -- How much earlier than the exact moment the approximate one can be:
          -- a calendar day before the key date only moves earlier (the time of
          -- day aside); one after it moves later, by up to 4 days, and business
          -- days counted as 7/5 err by a few days either way.
          case when t.trigger_offset_unit = 'calendar' and t.trigger_offset_days <= 0 then interval '1 day'
            else interval '8 days' end as slack) x
        join public.contract_deadlines d on d.key = t.trigger_deadline_key
        where t.is_active
          and t.trigger_kind = 'key_date'
          and d.status = 'open'
          and d.contract_status = 'active'
          -- The band, as a range of due dates per template (index on key, due_at).
          and d.due_at > coalesce(band_start, clock - interval '1 hour' - x.slack) - x.shift
          and d.due_at <= band_end - x.shift
          -- Made already (by an earlier run, or one running now that committed).
          and not exists (select 1 from public.party_messages m where m.occurrence_key = 'key_date:' || t.id || ':' || d.id)
      )
      select p.*, c.time_zone, s.send_at
      from pairs p
      join public.contracts c on c.id = p.contract_id
      join public.listings l on l.id = p.listing_id
      cross join lateral (
        select private.key_date_send_at(p.due_at, c.time_zone, p.trigger_offset_days, p.trigger_offset_unit,
          p.trigger_send_time, p.trigger_weekends) as send_at
      ) s
      where (p.owner_tc_id is null or p.owner_tc_id = l.tc_id)
        and private.template_matches(p.conditions, l.side, l.property_type, l.has_hoa, l.year_built, l.state, c.financing_type)
      order by p.approximate, p.occurrence_key
    loop
      -- A moment missed by less than an hour is still worth sending now.
      continue when occurrence.send_at <= clock - interval '1 hour' or occurrence.send_at > clock + interval '30 days';
      exit when clock_timestamp() - started > interval '4 seconds';
      if (private.create_party_message(occurrence.template, occurrence.listing_id, occurrence.occurrence_key,
          private.key_date_trigger_reason(occurrence.trigger_offset_days, occurrence.trigger_offset_unit, occurrence.label,
            occurrence.due_at, occurrence.time_zone, occurrence.trigger_send_time, occurrence.send_at),
          occurrence.deadline_id, greatest(occurrence.send_at, clock))).id is not null then
        created := created + 1;
      end if;
    end loop;
    exit when clock_timestamp() - started > interval '4 seconds';
    band_start := band_end;
  end loop;
  return created;
end;
$$;

comment on function public.enqueue_party_messages("at" timestamptz) is
  'Scheduled job (pg_cron every 15 minutes; the local stack''s timer): creates the messages of key-date templates whose send moment lies in (at - 1 hour, at + 30 days] (a moment missed by less than an hour is sent at once): every active key_date template × open key date of that key on an active contract, for listings of the template''s coordinator (any for a global template) matching its conditions; one per occurrence (key_date:<template>:<deadline id>) even under concurrent runs. Occurrences not yet made are taken nearest first, in bands of the key date moved by the offset (1, 3, 7, 14, 38 days ahead; one order for every run, so concurrent runs never deadlock); a run stops after 4 seconds and the next goes on (a backlog spreads over runs). Held when something is missing, approved when the template auto-sends, else waiting. `at` is the clock (tests). Returns how many it created. Service role only.';

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- The job reads, per key-date template, the open key dates of its key in a
-- range of due dates.
create index contract_deadlines_open_key_due_at_idx on public.contract_deadlines (key, due_at)
  where status = 'open' and contract_status = 'active';

comment on index public.contract_deadlines_open_key_due_at_idx is
  'Open key dates of active contracts by key and due date: enqueue_party_messages() reads each key-date template''s key in the range of due dates its offset can bring into the 30-day window.';
