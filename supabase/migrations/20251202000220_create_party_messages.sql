-- ---------------------------------------------------------------------------
-- Messages to the parties on a deal (issue 55, part B): the Outbox's rows.
-- Each is one occurrence of a template (a key date's moment, a listing event)
-- or a message composed by hand, unique by occurrence_key, with its row in
-- private.outbox (kind party_message, dedupe_key = occurrence_key) that the
-- sending job claims. The people on the listing read them; nobody writes them
-- directly: the database creates and re-renders them, and the listing's
-- coordinator (or a super admin) acts on them through the functions below —
-- approve, edit, skip, send now, mark seen, compose, retry. The listing's agent
-- reads them but acts on none (403); anyone else is told "message not found".
--
-- Status: held (something is missing: held_reason), waiting (for approval),
-- approved (goes at send_at), sent, failed (5 failed attempts), skipped.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.party_messages (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  listing_agent_id uuid,
  listing_tc_id uuid,
  template_id uuid references public.message_templates (id) on delete set null,
  occurrence_key text not null unique check (char_length(occurrence_key) between 1 and 500),
  outbox_id bigint unique references private.outbox (id) on delete set null,
  trigger_reason text check (char_length(trigger_reason) <= 1000),
  deadline_id uuid references public.contract_deadlines (id) on delete set null,
  status text not null check (status in ('held', 'waiting', 'approved', 'sent', 'failed', 'skipped')),
  auto_send boolean not null default false,
  subject_source text not null check (char_length(subject_source) between 1 and 300),
  body_source text not null check (char_length(body_source) between 1 and 20000),
  to_roles text[] not null,
  cc_roles text[] not null default '{}',
  subject text not null,
  body text not null,
  to_recipients jsonb not null default '[]'::jsonb,
  cc_recipients jsonb not null default '[]'::jsonb,
  send_at timestamptz not null,
  send_at_fixed boolean not null default false,
  held_reason text,
  changed_at timestamptz,
  previous jsonb,
  seen_at timestamptz,
  approved_by uuid references public.users (id) on delete set null,
  approved_at timestamptz,
  skipped_by uuid references public.users (id) on delete set null,
  skipped_at timestamptz,
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  error text check (char_length(error) <= 1000),
  message_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.party_messages is
  'Messages to the parties on a deal (the Outbox): one per template occurrence (key date moment, listing event) or composed by hand, rendered from the listing as it is now and re-rendered when it changes. Read by the people on the listing; written only by database functions (the coordinator''s approve / edit / skip / send now / mark seen / compose / retry, the job''s claim and finish).';

comment on column public.party_messages.id is 'Message id.';

comment on column public.party_messages.listing_id is 'The listing it is about (the thread its sent copy lands in).';

comment on column public.party_messages.listing_agent_id is 'Copy of the listing''s agent (private.copy_listing_people), for the read rule.';

comment on column public.party_messages.listing_tc_id is 'Copy of the listing''s coordinator (private.copy_listing_people), for the read rule and the Outbox''s query.';

comment on column public.party_messages.template_id is 'The template it came from; null once that template is deleted.';

comment on column public.party_messages.occurrence_key is 'What makes it one message (the job''s dedupe): key_date:<template>:<deadline id>, event:<template>:<listing_events id>, event:<template>:checklist_item:<item id>, manual:<uuid>. Also the dedupe_key of its outbox row.';

comment on column public.party_messages.outbox_id is 'Its row in private.outbox (kind party_message), which the sending job claims and finishes.';

comment on column public.party_messages.trigger_reason is 'Why it exists, in words: "1 day before Option period ends (Tue, Dec 1, 2026 at 5:00 PM CST), at 9:00 AM America/Chicago", "Status changed to Under contract", "Composed by hand".';

comment on column public.party_messages.deadline_id is 'Key-date occurrences: the contract_deadlines row whose date sets send_at.';

comment on column public.party_messages.status is 'held (something missing, see held_reason), waiting (for the coordinator''s approval), approved (goes at send_at), sent, failed (after 5 attempts), skipped.';

comment on column public.party_messages.auto_send is 'From the template: true = approved when created (and again once a held message has what it missed).';

comment on column public.party_messages.subject_source is 'Subject with its merge fields (the template''s, or the coordinator''s edit): fields stay live, so an edited message is never stale.';

comment on column public.party_messages.body_source is 'Body with its merge fields (the template''s, or the coordinator''s edit).';

comment on column public.party_messages.to_roles is 'Party roles it goes to.';

comment on column public.party_messages.cc_roles is 'Party roles copied.';

comment on column public.party_messages.subject is 'The rendered subject (what goes out; a missing field stays as written and holds the message).';

comment on column public.party_messages.body is 'The rendered body.';

comment on column public.party_messages.to_recipients is 'Rendered recipients: [{party_id, role, name, email}] of the to roles'' parties with an e-mail.';

comment on column public.party_messages.cc_recipients is 'Rendered cc recipients, same shape; an address already in to is not repeated.';

comment on column public.party_messages.send_at is 'When it goes once approved: key-date occurrences follow the key date (recomputed when it moves, unless the coordinator set the time), others when created.';

comment on column public.party_messages.send_at_fixed is 'true once the coordinator set send_at by hand (edit_party_message): a moved key date no longer moves it.';

comment on column public.party_messages.held_reason is 'Held: what is missing, joined by "; " (e.g. "{{lender.name}}: no lender on this listing; no Lender / loan officer with an e-mail").';

comment on column public.party_messages.changed_at is 'When a re-render last changed its subject, body, send_at or recipients since the coordinator looked (null: unchanged since).';

comment on column public.party_messages.previous is '{subject, body, send_at, to_recipients} as they were when the coordinator last looked (kept from the first unseen change), to show old → new.';

comment on column public.party_messages.seen_at is 'When the coordinator last looked (mark seen, approve, edit).';

comment on column public.party_messages.approved_by is 'Who approved it (null for auto-send).';

comment on column public.party_messages.approved_at is 'When it was approved.';

comment on column public.party_messages.skipped_by is 'Who skipped it.';

comment on column public.party_messages.skipped_at is 'When it was skipped.';

comment on column public.party_messages.sent_at is 'When it was sent.';

comment on column public.party_messages.attempts is 'Failed sending attempts so far (5 make it failed).';

comment on column public.party_messages.error is 'The last sending error (e.g. the SMTP answer).';

comment on column public.party_messages.message_id is 'The RFC 5322 Message-ID it is sent with: <party-message-<id>@<domain>>.';

comment on column public.party_messages.created_at is 'When it was created. Set by trigger.';

comment on column public.party_messages.updated_at is 'When it last changed. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.key_date_send_at(due_at timestamptz, time_zone text, offset_days integer, offset_unit text,
  send_time time, weekends boolean)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  day date := (due_at at time zone time_zone)::date;
begin
  if due_at is null then
    return null;
  end if;
  if offset_unit = 'business' then
    day := private.add_business_days(day, offset_days);
  else
    day := day + offset_days;
    if not coalesce(weekends, false) and not private.is_business_day(day) then
      day := private.add_business_days(day, -1);
    end if;
  end if;
  return (day + coalesce(send_time, time '09:00')) at time zone time_zone;
end;
$$;

comment on function private.key_date_send_at(due_at timestamptz, time_zone text, offset_days integer, offset_unit text, send_time time, weekends boolean) is
  'The send moment of a key-date trigger: the key date''s local day ± offset_days (calendar, or business days skipping weekends and legal holidays) at send_time in the contract''s zone; a calendar day on a weekend or holiday moves to the business day before unless weekends.';

revoke execute on function private.key_date_send_at(due_at timestamptz, time_zone text, offset_days integer, offset_unit text, send_time time, weekends boolean) from public;

grant execute on function private.key_date_send_at(due_at timestamptz, time_zone text, offset_days integer, offset_unit text, send_time time, weekends boolean) to service_role;

-- Rows are created only here: the outbox row first, so of concurrent runs
-- with the same key exactly one goes on (the others wait on the key, then do
-- nothing).
create function private.create_party_message(template public.message_templates, listing_id uuid, occurrence_key text,
  trigger_reason text, deadline_id uuid, send_at timestamptz)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  box_id bigint;
  rendered record;
  created public.party_messages;
begin
  insert into private.outbox (kind, dedupe_key, send_after)
  values ('party_message', create_party_message.occurrence_key, create_party_message.send_at)
  on conflict (dedupe_key) do nothing
  returning id into box_id;
  if box_id is null then
    return null;
  end if;
  rendered := private.render_party_message(create_party_message.listing_id, template.subject, template.body,
    template.to_roles, template.cc_roles);
  insert into public.party_messages (listing_id, template_id, occurrence_key, outbox_id, trigger_reason, deadline_id, status,
    auto_send, subject_source, body_source, to_roles, cc_roles, subject, body, to_recipients, cc_recipients, send_at,
    held_reason, approved_at)
  values (create_party_message.listing_id, template.id, create_party_message.occurrence_key, box_id,
    left(create_party_message.trigger_reason, 1000), create_party_message.deadline_id,
    case when cardinality(rendered.missing) > 0 then 'held' when template.auto_send then 'approved' else 'waiting' end,
    template.auto_send, template.subject, template.body, template.to_roles, template.cc_roles, rendered.subject, rendered.body,
    rendered.to_recipients, rendered.cc_recipients, create_party_message.send_at,
    nullif(array_to_string(rendered.missing, '; '), ''),
    case when cardinality(rendered.missing) = 0 and template.auto_send then now() end)
  returning * into created;
  update private.outbox o set payload = jsonb_build_object('party_message_id', created.id) where o.id = box_id;
  return created;
end;
$$;

comment on function private.create_party_message(template public.message_templates, listing_id uuid, occurrence_key text, trigger_reason text, deadline_id uuid, send_at timestamptz) is
  'Creates the message of one occurrence of a template on a listing, once: its outbox row (dedupe_key = occurrence_key, on conflict do nothing) and the rendered party_messages row — held when something is missing, approved when the template auto-sends, else waiting. Returns it, or null when the occurrence existed.';

revoke execute on function private.create_party_message(template public.message_templates, listing_id uuid, occurrence_key text, trigger_reason text, deadline_id uuid, send_at timestamptz) from public;

grant execute on function private.create_party_message(template public.message_templates, listing_id uuid, occurrence_key text, trigger_reason text, deadline_id uuid, send_at timestamptz) to service_role;

create function private.refresh_party_message(message_id uuid, as_seen boolean default false)
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
  if m.occurrence_key like 'key_date:%' then
    select d.due_at, d.status, d.contract_status, c.time_zone into key_date
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
  'Re-renders one held, waiting or approved message from the listing as it is now: text and recipients, and for a key-date occurrence send_at from the key date''s current due_at (unless set by hand; a key date gone, done or waived holds it). held follows what is missing (a held message that has everything becomes waiting, or approved when it auto-sends); an approved message whose text changed goes back to waiting unless auto-send. A change since the coordinator looked sets changed_at and keeps previous from the first unseen change; as_seen (the coordinator''s own edit) clears both instead. The outbox row''s send_after follows send_at. Other statuses are returned unchanged.';

revoke execute on function private.refresh_party_message(message_id uuid, as_seen boolean) from public;

grant execute on function private.refresh_party_message(message_id uuid, as_seen boolean) to service_role;

create function private.party_message_for_coordinator(message_id uuid)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages;
begin
  select * into m from public.party_messages x where x.id = party_message_for_coordinator.message_id for update;
  -- is true: the rule is null (not false) for a caller it does not name.
  if not found or private.is_on_listing(m.listing_agent_id, m.listing_tc_id, private.current_account_id(),
      private.acting_tc_id(), private.coordinated_agents(), private.is_super_admin()) is not true then
    raise exception 'message not found' using errcode = 'PT404';
  end if;
  if (private.is_super_admin()
      or private.coordinates_listing(m.listing_agent_id, m.listing_tc_id, private.acting_tc_id(), private.coordinated_agents())) is not true then
    raise exception 'only the listing''s coordinator sends messages to parties' using errcode = '42501';
  end if;
  return m;
end;
$$;

comment on function private.party_message_for_coordinator(message_id uuid) is
  'The message, locked, when the caller is its listing''s coordinator (acting as tc) or a super admin; the listing''s agent 403 "only the listing''s coordinator sends messages to parties"; anyone else, or an unknown id, 404 "message not found".';

revoke execute on function private.party_message_for_coordinator(message_id uuid) from public;

grant execute on function private.party_message_for_coordinator(message_id uuid) to authenticated, service_role;

create function private.refuse_party_message_status(m public.party_messages, allowed text[], action text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if not m.status = any (allowed) then
    raise exception 'this message is %; it cannot be %', m.status || case when m.status = 'held' then ' (' || coalesce(m.held_reason, '') || ')' else '' end, action
      using errcode = 'PT409';
  end if;
end;
$$;

comment on function private.refuse_party_message_status(m public.party_messages, allowed text[], action text) is
  'Raises PT409 (409) "this message is <status>; it cannot be <action>" (a held one with its reason) unless its status is one of allowed.';

revoke execute on function private.refuse_party_message_status(m public.party_messages, allowed text[], action text) from public;

grant execute on function private.refuse_party_message_status(m public.party_messages, allowed text[], action text) to authenticated, service_role;

create function public.approve_party_message(id uuid)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages := private.party_message_for_coordinator(approve_party_message.id);
begin
  if m.status = 'approved' then
    return m;
  end if;
  perform private.refuse_party_message_status(m, array['waiting'], 'approved');
  update public.party_messages x set status = 'approved', approved_by = private.current_account_id(), approved_at = now(),
    changed_at = null, previous = null, seen_at = now()
  where x.id = m.id
  returning * into m;
  return m;
end;
$$;

comment on function public.approve_party_message(id uuid) is
  'The coordinator approves a waiting message: it goes at its send_at; "changed since you looked" is cleared. Already approved: unchanged. 409 held, sent, failed or skipped; 403 the listing''s agent; 404 others.';

create function public.edit_party_message(id uuid, subject_source text default null, body_source text default null,
  to_roles text[] default null, cc_roles text[] default null, send_at timestamptz default null)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages := private.party_message_for_coordinator(edit_party_message.id);
begin
  perform private.refuse_party_message_status(m, array['held', 'waiting', 'approved'], 'edited');
  if edit_party_message.subject_source is not null and char_length(btrim(edit_party_message.subject_source)) not between 1 and 300 then
    raise exception 'subject_source must be text of 1 to 300 characters' using errcode = '22023';
  end if;
  if edit_party_message.body_source is not null and char_length(btrim(edit_party_message.body_source)) not between 1 and 20000 then
    raise exception 'body_source must be text of 1 to 20000 characters' using errcode = '22023';
  end if;
  perform private.check_merge_fields(edit_party_message.subject_source);
  perform private.check_merge_fields(edit_party_message.body_source);
  if edit_party_message.to_roles is not null and cardinality(edit_party_message.to_roles) = 0 then
    raise exception 'to_roles: name at least one role' using errcode = '22023';
  end if;
  perform private.check_party_roles(coalesce(edit_party_message.to_roles, '{}'), 'to_roles');
  perform private.check_party_roles(coalesce(edit_party_message.cc_roles, '{}'), 'cc_roles');
  if edit_party_message.send_at is not null and edit_party_message.send_at <= now() then
    raise exception 'send_at must be in the future (or null to keep %)', m.send_at using errcode = '22023';
  end if;
  update public.party_messages x set
    subject_source = coalesce(edit_party_message.subject_source, x.subject_source),
    body_source = coalesce(edit_party_message.body_source, x.body_source),
    to_roles = coalesce(edit_party_message.to_roles, x.to_roles),
    cc_roles = coalesce(edit_party_message.cc_roles, x.cc_roles),
    send_at = coalesce(edit_party_message.send_at, x.send_at),
    send_at_fixed = x.send_at_fixed or edit_party_message.send_at is not null,
    -- An edit is a new text to approve (auto-send included: the coordinator is looking at it).
    status = case when x.status = 'held' then 'held' else 'waiting' end,
    auto_send = false,
    approved_by = null,
    approved_at = null
  where x.id = m.id;
  return private.refresh_party_message(m.id, true);
end;
$$;

comment on function public.edit_party_message(id uuid, subject_source text, body_source text, to_roles text[], cc_roles text[], send_at timestamptz) is
  'The coordinator edits a held, waiting or approved message (null = keep each): subject and body with merge fields (they stay live: re-rendered with the listing), recipients by role, send_at (in the future; a key date moving later no longer moves it). Re-rendered at once; the message then waits for approval (held while something is missing). 400 unknown merge field or role, send_at past; 409 sent, failed or skipped; 403 the listing''s agent; 404 others.';

create function public.skip_party_message(id uuid)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages := private.party_message_for_coordinator(skip_party_message.id);
begin
  if m.status = 'skipped' then
    return m;
  end if;
  perform private.refuse_party_message_status(m, array['held', 'waiting', 'approved', 'failed'], 'skipped');
  update public.party_messages x set status = 'skipped', skipped_by = private.current_account_id(), skipped_at = now(),
    changed_at = null, previous = null, seen_at = now()
  where x.id = m.id
  returning * into m;
  -- Decided without sending: the job never takes it.
  update private.outbox o set sent_at = now(), claimed_at = null, payload = o.payload || '{"skipped": true}'::jsonb
  where o.id = m.outbox_id and o.sent_at is null;
  return m;
end;
$$;

comment on function public.skip_party_message(id uuid) is
  'The coordinator skips a message (held, waiting, approved or failed): it is never sent (its outbox row is decided). Already skipped: unchanged. 409 sent; 403 the listing''s agent; 404 others.';

create function public.send_party_message_now(id uuid)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages := private.party_message_for_coordinator(send_party_message_now.id);
begin
  perform private.refuse_party_message_status(m, array['waiting', 'approved'], 'sent now');
  update public.party_messages x set status = 'approved', approved_by = coalesce(case when x.status = 'approved' then x.approved_by end,
      private.current_account_id()),
    approved_at = coalesce(case when x.status = 'approved' then x.approved_at end, now()),
    send_at = now(), send_at_fixed = true, changed_at = null, previous = null, seen_at = now()
  where x.id = m.id
  returning * into m;
  update private.outbox o set send_after = now() where o.id = m.outbox_id and o.sent_at is null and o.claimed_at is null;
  return m;
end;
$$;

comment on function public.send_party_message_now(id uuid) is
  'The coordinator approves a waiting (or approved) message and makes it go now: send_at = now(), so the next run of the sending job takes it. 409 held, sent, failed or skipped; 403 the listing''s agent; 404 others.';

create function public.mark_party_message_seen(id uuid)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages := private.party_message_for_coordinator(mark_party_message_seen.id);
begin
  update public.party_messages x set changed_at = null, previous = null, seen_at = now()
  where x.id = m.id
  returning * into m;
  return m;
end;
$$;

comment on function public.mark_party_message_seen(id uuid) is
  'The coordinator has looked at a message: "changed since you looked" (changed_at, previous) is cleared. 403 the listing''s agent; 404 others.';

create function public.retry_party_message(id uuid)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages := private.party_message_for_coordinator(retry_party_message.id);
begin
  perform private.refuse_party_message_status(m, array['failed'], 'retried');
  update public.party_messages x set status = 'approved', attempts = 0, approved_by = private.current_account_id(),
    approved_at = now(), send_at = now(), seen_at = now()
  where x.id = m.id;
  update private.outbox o set sent_at = null, claimed_at = null, attempts = 0, send_after = now()
  where o.id = m.outbox_id;
  -- Rendered again now: what failed days ago may be out of date.
  return private.refresh_party_message(m.id, true);
end;
$$;

comment on function public.retry_party_message(id uuid) is
  'The coordinator sends a failed message again: approved, attempts reset, due now (re-rendered first). 409 unless failed; 403 the listing''s agent; 404 others.';

create function public.compose_party_message(listing_id uuid, template_id uuid)
returns public.party_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  l public.listings;
  t public.message_templates;
  m public.party_messages;
  composer text;
begin
  select * into l from public.listings x where x.id = compose_party_message.listing_id;
  if not found or private.is_on_listing(l.agent_id, l.tc_id, private.current_account_id(), private.acting_tc_id(),
      private.coordinated_agents(), private.is_super_admin()) is not true then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if (private.is_super_admin() or private.coordinates_listing(l.agent_id, l.tc_id, private.acting_tc_id(), private.coordinated_agents())) is not true then
    raise exception 'only the listing''s coordinator sends messages to parties' using errcode = '42501';
  end if;
  select * into t from public.message_templates x
  where x.id = compose_party_message.template_id
    and (x.owner_tc_id is null or x.owner_tc_id = l.tc_id or x.owner_tc_id = private.acting_tc_id() or private.is_super_admin());
  if not found then
    raise exception 'message template not found' using errcode = 'PT404';
  end if;
  select coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) into composer
  from public.users u where u.id = private.current_account_id();
  -- Composed by hand: it waits for the coordinator's review whatever the template says.
  t.auto_send := false;
  m := private.create_party_message(t, l.id, 'manual:' || gen_random_uuid(), 'Composed by hand by ' || coalesce(composer, 'the coordinator'),
    null, now());
  return m;
end;
$$;

comment on function public.compose_party_message(listing_id uuid, template_id uuid) is
  'The listing''s coordinator (or a super admin) starts a message from a template by hand: rendered now, waiting for review (or held with what is missing), send_at now; edit, then approve or send it. 404 unseen listing or a template the listing''s coordinator does not have (global or their own); 403 the listing''s agent.';

do $grants$
declare
  fn text;
begin
  foreach fn in array array['public.approve_party_message(uuid)',
    'public.edit_party_message(uuid, text, text, text[], text[], timestamptz)', 'public.skip_party_message(uuid)',
    'public.send_party_message_now(uuid)', 'public.mark_party_message_seen(uuid)', 'public.retry_party_message(uuid)',
    'public.compose_party_message(uuid, uuid)'] loop
    execute format('revoke execute on function %s from public, anon', fn);
    execute format('grant execute on function %s to authenticated, service_role', fn);
  end loop;
end
$grants$;

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.party_messages enable row level security;

create policy "People on a listing can read its party messages"
on public.party_messages for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

-- Nobody writes them through the API: only the functions above and the job's.
revoke all on public.party_messages from anon, authenticated;

grant select on public.party_messages to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger party_messages_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.party_messages
for each row execute function private.copy_listing_people();

create trigger party_messages_set_timestamps before insert or update on public.party_messages
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- The Outbox: a coordinator's messages by status, keyset-paged by (send_at, id).
create index party_messages_listing_tc_id_status_send_at_idx on public.party_messages (listing_tc_id, status, send_at, id);

create index party_messages_listing_agent_id_idx on public.party_messages (listing_agent_id);

-- A listing's messages (its list, and re-rendering after a change).
create index party_messages_listing_id_status_idx on public.party_messages (listing_id, status);

-- The sending job: approved messages that are due.
create index party_messages_approved_send_at_idx on public.party_messages (send_at, id) where status = 'approved';

create index party_messages_template_id_idx on public.party_messages (template_id);

create index party_messages_deadline_id_idx on public.party_messages (deadline_id);

create index party_messages_approved_by_idx on public.party_messages (approved_by);

create index party_messages_skipped_by_idx on public.party_messages (skipped_by);
