-- ---------------------------------------------------------------------------
-- A key-date message re-rendered after its key date moved kept its old why:
-- the Outbox showed "1 day before Option period ends (Wed, Dec 9 …)" beside a
-- send time computed from Dec 11. private.refresh_party_message() now rewrites
-- trigger_reason with the send time, from the key date's current due_at (not
-- when the coordinator fixed the send time by hand). Replaced whole, same
-- signature.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.refresh_party_message(message_id uuid, as_seen boolean default false)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages;
  t public.message_templates;
  rendered record;
  missing text[];
  next_send_at timestamptz;
  next_reason text;
  next_status text;
  key_date record;
  changed boolean;
begin
  select * into m from public.party_messages x where x.id = refresh_party_message.message_id for update;
  if not found or m.status not in ('held', 'waiting', 'approved') then
    return m;
  end if;
  rendered := private.render_party_message(m.listing_id, m.subject_source, m.body_source, m.to_roles, m.cc_roles);
  missing := rendered.missing;
  next_send_at := m.send_at;
  next_reason := m.trigger_reason;
  if m.occurrence_key like 'key_date:%' then
    select d.due_at, d.status, d.contract_status, d.label, c.time_zone into key_date
    from public.contract_deadlines d join public.contracts c on c.id = d.contract_id
    where d.id = m.deadline_id;
    if key_date.due_at is null or key_date.contract_status <> 'active' then
      missing := missing || 'the key date is no longer on an active contract'::text;
    elsif key_date.status <> 'open' then
      missing := missing || ('the key date is marked ' || key_date.status);
    elsif not m.send_at_fixed then
      select * into t from public.message_templates x where x.id = m.template_id;
      if found and t.trigger_kind = 'key_date' then
        next_send_at := private.key_date_send_at(key_date.due_at, key_date.time_zone, t.trigger_offset_days,
          t.trigger_offset_unit, t.trigger_send_time, t.trigger_weekends);
        -- The why follows the date: "1 day before Option period ends (<the new date>)".
        next_reason := left(private.key_date_trigger_reason(t.trigger_offset_days, t.trigger_offset_unit, key_date.label,
          key_date.due_at, key_date.time_zone, t.trigger_send_time, next_send_at), 1000);
      end if;
    end if;
  end if;
  changed := (rendered.subject, rendered.body, next_send_at, rendered.to_recipients)
    is distinct from (m.subject, m.body, m.send_at, m.to_recipients);
  next_status := case
    when cardinality(missing) > 0 then 'held'
    when m.status = 'held' then case when m.auto_send then 'approved' else 'waiting' end
    -- An approval was of the text as it was: a changed text waits for a new one (auto-send needs none).
    when m.status = 'approved' and changed and not as_seen and not m.auto_send then 'waiting'
    else m.status end;
  update public.party_messages x set
    subject = rendered.subject,
    body = rendered.body,
    to_recipients = rendered.to_recipients,
    cc_recipients = rendered.cc_recipients,
    send_at = next_send_at,
    trigger_reason = next_reason,
    status = next_status,
    held_reason = nullif(array_to_string(missing, '; '), ''),
    previous = case when as_seen then null
      when changed then coalesce(x.previous, jsonb_build_object('subject', m.subject, 'body', m.body, 'send_at', m.send_at,
        'to_recipients', m.to_recipients))
      else x.previous end,
    changed_at = case when as_seen then null when changed then now() else x.changed_at end,
    seen_at = case when as_seen then now() else x.seen_at end,
    approved_by = case when next_status = 'approved' then x.approved_by end,
    approved_at = case when next_status = 'approved' then coalesce(x.approved_at, now()) end
  where x.id = m.id
  returning * into m;
  -- A claimed row is being sent: its time is the job's.
  update private.outbox o set send_after = next_send_at
  where o.id = m.outbox_id and o.sent_at is null and o.claimed_at is null and o.send_after is distinct from next_send_at;
  return m;
end;
$$;

comment on function private.refresh_party_message(message_id uuid, as_seen boolean) is
  'Re-renders one held, waiting or approved message from the listing as it is now: text and recipients, and for a key-date occurrence send_at and its trigger_reason (the why, naming the date) from the key date''s current due_at (unless set by hand; a key date gone, done or waived holds it). held follows what is missing (a held message that has everything becomes waiting, or approved when it auto-sends); an approved message whose text changed goes back to waiting unless auto-send. A change since the coordinator looked sets changed_at and keeps previous from the first unseen change; as_seen (the coordinator''s own edit) clears both instead. The outbox row''s send_after follows send_at. Other statuses are returned unchanged.';
