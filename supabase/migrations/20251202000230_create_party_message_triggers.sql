-- ---------------------------------------------------------------------------
-- What creates messages to the parties (issue 55, part B):
--
-- * Key dates: public.enqueue_party_messages(at), the scheduled job (every
--   15 minutes, like the deadline reminders), creates for every active
--   key-date template × open key date of an active contract of that key, on a
--   listing of the template's coordinator (or any, for a global one) that
--   matches its conditions, the message whose send moment lies in
--   (at, at + 30 days]. One message per occurrence (key_date:<template>:<deadline>),
--   however many runs overlap: the outbox key decides, taken in key order.
-- * Events: an after-insert trigger on listing_events (status changed,
--   contract recorded / amended / terminated / closed, document approved, key
--   date done) and an after-update trigger on checklist items marked done
--   create the matching event templates' messages at once (send_at now).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- The session's zone is the contract's inside (restored by the SET clause) so TZ reads CST or CDT.
create function private.key_date_trigger_reason(offset_days integer, offset_unit text, label text, due_at timestamptz,
  time_zone text, send_time time, send_at timestamptz)
returns text
language plpgsql
stable
set search_path = ''
set timezone = 'UTC'
as $$
declare
  due_text text;
  planned date;
begin
  perform set_config('timezone', time_zone, true);
  due_text := to_char(due_at, 'Dy, Mon FMDD, YYYY "at" FMHH12:MI AM TZ');
  planned := (due_at at time zone time_zone)::date + case when offset_unit = 'calendar' then offset_days else 0 end;
  return case when offset_days = 0 then 'On the day ' || label
      else abs(offset_days) || case when offset_unit = 'business' then ' business' else '' end
        || case when abs(offset_days) = 1 then ' day ' else ' days ' end
        || case when offset_days < 0 then 'before ' else 'after ' end || label end
    || ' (' || due_text || '), at ' || to_char(coalesce(send_time, time '09:00'), 'FMHH12:MI AM') || ' ' || time_zone
    || case when offset_unit = 'calendar' and (send_at at time zone time_zone)::date <> planned
      then ', moved to ' || to_char(send_at, 'Dy, Mon FMDD') || ' (a weekend or holiday)' else '' end;
end;
$$;

comment on function private.key_date_trigger_reason(offset_days integer, offset_unit text, label text, due_at timestamptz, time_zone text, send_time time, send_at timestamptz) is
  'Why a key-date message exists, in words: "1 day before Option period ends (Tue, Dec 1, 2026 at 5:00 PM CST), at 9:00 AM America/Chicago", with ", moved to Fri, Nov 27 (a weekend or holiday)" when the weekend rule moved it.';

revoke execute on function private.key_date_trigger_reason(offset_days integer, offset_unit text, label text, due_at timestamptz, time_zone text, send_time time, send_at timestamptz) from public;

grant execute on function private.key_date_trigger_reason(offset_days integer, offset_unit text, label text, due_at timestamptz, time_zone text, send_time time, send_at timestamptz) to service_role;

create function public.enqueue_party_messages("at" timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(enqueue_party_messages."at", now());
  occurrence record;
  created integer := 0;
begin
  -- Keys in order: concurrent runs meet on each key in the same order (no
  -- deadlock), and a key another run created is left alone.
  for occurrence in
    select t as template, d.listing_id, 'key_date:' || t.id || ':' || d.id as occurrence_key, d.id as deadline_id, s.send_at,
      private.key_date_trigger_reason(t.trigger_offset_days, t.trigger_offset_unit, d.label, d.due_at, c.time_zone,
        t.trigger_send_time, s.send_at) as reason
    from public.message_templates t
    join public.contract_deadlines d on d.key = t.trigger_deadline_key
    join public.contracts c on c.id = d.contract_id
    join public.listings l on l.id = d.listing_id
    cross join lateral (
      select private.key_date_send_at(d.due_at, c.time_zone, t.trigger_offset_days, t.trigger_offset_unit,
        t.trigger_send_time, t.trigger_weekends) as send_at
    ) s
    where t.is_active
      and t.trigger_kind = 'key_date'
      and d.status = 'open'
      and d.contract_status = 'active'
      -- Offsets are at most 60 (business) days: this bounds the key dates read by index.
      and d.due_at > clock - interval '100 days'
      and d.due_at <= clock + interval '130 days'
      and s.send_at > clock
      and s.send_at <= clock + interval '30 days'
      and (t.owner_tc_id is null or t.owner_tc_id = l.tc_id)
      and private.template_matches(t.conditions, l.side, l.property_type, l.has_hoa, l.year_built, l.state, c.financing_type)
      and not exists (select 1 from public.party_messages m where m.occurrence_key = 'key_date:' || t.id || ':' || d.id)
    order by 3
  loop
    -- (row).id: a row value is "not null" only when every column is.
    if (private.create_party_message(occurrence.template, occurrence.listing_id, occurrence.occurrence_key, occurrence.reason,
        occurrence.deadline_id, occurrence.send_at)).id is not null then
      created := created + 1;
    end if;
  end loop;
  return created;
end;
$$;

comment on function public.enqueue_party_messages("at" timestamptz) is
  'Scheduled job (pg_cron every 15 minutes; the local stack''s timer): creates the messages of key-date templates whose send moment lies in (at, at + 30 days]: every active key_date template × open key date of that key on an active contract, for listings of the template''s coordinator (any for a global template) matching its conditions; one per occurrence (key_date:<template>:<deadline id>) even under concurrent runs. Held when something is missing, approved when the template auto-sends, else waiting. `at` is the clock (tests). Returns how many it created. Service role only.';

revoke execute on function public.enqueue_party_messages("at" timestamptz) from public, anon, authenticated;

grant execute on function public.enqueue_party_messages("at" timestamptz) to service_role;

create function private.create_event_party_messages(listing_id uuid, event_kind text, to_value text, key_suffix text, reason text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.message_templates;
  created integer := 0;
begin
  for t in
    select x.*
    from public.message_templates x
    join public.listings l on l.id = create_event_party_messages.listing_id
    left join public.contracts c on c.listing_id = l.id and c.status = 'active'
    where x.is_active
      and x.trigger_kind = 'event'
      and x.trigger_event = create_event_party_messages.event_kind
      and (x.trigger_status is null or x.trigger_status = create_event_party_messages.to_value)
      and (x.owner_tc_id is null or x.owner_tc_id = l.tc_id)
      and private.template_matches(x.conditions, l.side, l.property_type, l.has_hoa, l.year_built, l.state, c.financing_type)
    order by x.id
  loop
    if (private.create_party_message(t, create_event_party_messages.listing_id, 'event:' || t.id || ':' || key_suffix, reason,
        null, now())).id is not null then
      created := created + 1;
    end if;
  end loop;
  return created;
end;
$$;

comment on function private.create_event_party_messages(listing_id uuid, event_kind text, to_value text, key_suffix text, reason text) is
  'Creates the messages of the active event templates for event_kind (status_changed: those naming to_value or no status) that the listing matches (global ones and its coordinator''s), keyed event:<template>:<key_suffix>, send_at now. Returns how many.';

revoke execute on function private.create_event_party_messages(listing_id uuid, event_kind text, to_value text, key_suffix text, reason text) from public;

grant execute on function private.create_event_party_messages(listing_id uuid, event_kind text, to_value text, key_suffix text, reason text) to service_role;

create function private.on_listing_event_party_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.create_event_party_messages(new.listing_id, new.kind, new.to_value, new.id::text,
    case new.kind
      when 'status_changed' then 'Status changed to ' || coalesce((select s.label from public.listing_statuses s where s.key = new.to_value), new.to_value)
      when 'contract_recorded' then 'Contract recorded'
      when 'contract_amended' then 'Contract amended'
      when 'contract_terminated' then 'Contract terminated' || coalesce(': ' || new.reason, '')
      when 'contract_closed' then 'Contract closed'
      when 'document_approved' then 'Document approved' || coalesce(': ' || coalesce(new.detail ->> 'label', new.detail ->> 'file_name'), '')
      when 'deadline_done' then 'Key date done' || coalesce(': ' || (new.detail ->> 'label'), '')
      else new.kind end);
  return null;
end;
$$;

comment on function private.on_listing_event_party_messages() is
  'Trigger (after insert on listing_events): creates the messages of the event templates for the event (once per template and event, event:<template>:<event id>), with the event in words as trigger_reason.';

revoke execute on function private.on_listing_event_party_messages() from public;

grant execute on function private.on_listing_event_party_messages() to service_role;

create function private.on_checklist_item_done_party_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.create_event_party_messages(new.listing_id, 'checklist_item_done', null, 'checklist_item:' || new.id,
    'Checklist item done: ' || new.title);
  return null;
end;
$$;

comment on function private.on_checklist_item_done_party_messages() is
  'Trigger (after update of status on listing_checklist_items, to done): creates the messages of the checklist_item_done templates, once per template and item (event:<template>:checklist_item:<item id>).';

revoke execute on function private.on_checklist_item_done_party_messages() from public;

grant execute on function private.on_checklist_item_done_party_messages() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listing_events_party_messages after insert on public.listing_events
  for each row
  when (new.kind in ('status_changed', 'contract_recorded', 'contract_amended', 'contract_terminated', 'contract_closed',
    'document_approved', 'deadline_done'))
  execute function private.on_listing_event_party_messages();

create trigger listing_checklist_items_party_messages after update of status on public.listing_checklist_items
  for each row
  when (new.status = 'done' and old.status is distinct from 'done')
  execute function private.on_checklist_item_done_party_messages();
