-- ---------------------------------------------------------------------------
-- Messages to parties, part C (issue 55): a party's reply is filed on the
-- listing's thread.
--
-- Messages to parties go out with Reply-To listing-<id>@<domain>, the
-- listing's own address (inbound e-mail). Mail to that address from the
-- e-mail of one of the listing's parties' contacts — who has no account, so
-- it used to wait in the review inbox — is now filed at once as an inbound
-- e-mail row of the listing's Messages thread (public.messages,
-- email_direction inbound, with the party, the sender and the subject), its
-- attachments as listing documents as before, and the listing's agent and
-- coordinator are told ("Reply from <name>: <subject>"). Mail from the
-- people working on the listing is filed as a note as before; anyone else's
-- still waits for review. The same Message-ID is filed once
-- (inbound_emails.message_id). The thread's copy of a message sent to
-- parties (email_direction outbound) notifies nobody: the coordinator sent
-- it, and the activity log records it.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.messages
  add constraint messages_party_id_fkey foreign key (party_id) references public.listing_parties (id) on delete set null;

alter table public.inbound_emails
  add column party_id uuid references public.listing_parties (id) on delete set null,
  add column thread_message_id uuid references public.messages (id) on delete set null;

comment on column public.inbound_emails.party_id is
  'The listing party whose contact''s e-mail equals the sender (and who has no account on the listing): the mail is a reply filed on the listing''s thread. Null for other senders, or once the party is removed.';

comment on column public.inbound_emails.thread_message_id is
  'The listing thread''s message a party''s reply was filed as (public.messages, email_direction inbound); null for mail filed as a note or not filed.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Helper: which party of this listing the sender is
-- ---------------------------------------------------------------------------
create function private.inbound_sender_party(listing_id uuid, sender text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.id
  from public.listing_parties p
  join public.contacts c on c.id = p.contact_id
  where p.listing_id = inbound_sender_party.listing_id
    and c.email = lower(btrim(sender))
  order by array_position(private.party_roles(), p.role), p.position, p.created_at
  limit 1
$$;

comment on function private.inbound_sender_party(listing_id uuid, sender text) is
  'The party of the listing whose contact''s e-mail is the sender (contacts store e-mail lower-cased), the first by role order and position when the contact holds several roles; null when none.';

revoke execute on function private.inbound_sender_party(listing_id uuid, sender text) from public;

grant execute on function private.inbound_sender_party(listing_id uuid, sender text) to service_role;

-- ---------------------------------------------------------------------------
-- Recording (replaces the version of …_create_inbound_email.sql: a party's
-- mail is received for filing, not held for review)
-- ---------------------------------------------------------------------------
create or replace function public.receive_inbound_email(
  message_id text, listing_id uuid, recipient text, sender text, sender_name text,
  subject text, body text, attachments jsonb,
  sender_hourly_limit integer default 30, listing_hourly_limit integer default 120)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  existing public.inbound_emails;
  target uuid;
  account uuid;
  party uuid;
  row public.inbound_emails;
  recipient_id uuid;
begin
  select * into existing from public.inbound_emails e where e.message_id = receive_inbound_email.message_id;
  if found then
    return jsonb_build_object('outcome', 'duplicate', 'id', existing.id, 'status', existing.status);
  end if;
  select l.id into target from public.listings l where l.id = receive_inbound_email.listing_id;
  if (select count(*) from public.inbound_emails e
      where e.sender = lower(receive_inbound_email.sender) and e.received_at > now() - interval '1 hour') >= sender_hourly_limit then
    return jsonb_build_object('outcome', 'rate_limited', 'scope', 'sender');
  end if;
  if target is not null and (select count(*) from public.inbound_emails e
      where e.listing_id = target and e.received_at > now() - interval '1 hour') >= listing_hourly_limit then
    return jsonb_build_object('outcome', 'rate_limited', 'scope', 'listing');
  end if;
  account := case when target is null then null else private.inbound_sender_account(target, receive_inbound_email.sender) end;
  -- People working on the listing file notes; a party (no account here) files a reply on the thread.
  party := case when target is null or account is not null then null else private.inbound_sender_party(target, receive_inbound_email.sender) end;
  insert into public.inbound_emails (listing_id, message_id, recipient, sender, sender_name, sender_account_id, party_id, subject, body, attachments, status)
  values (target, receive_inbound_email.message_id, lower(recipient), lower(receive_inbound_email.sender), nullif(sender_name, ''), account, party,
    left(coalesce(subject, ''), 998), left(coalesce(body, ''), 20000), coalesce(attachments, '[]'::jsonb),
    case when account is null and party is null then 'pending_review' else 'received' end)
  on conflict on constraint inbound_emails_message_id_key do nothing
  returning * into row;
  if row.id is null then
    -- A concurrent delivery of the same message won the insert.
    select * into existing from public.inbound_emails e where e.message_id = receive_inbound_email.message_id;
    return jsonb_build_object('outcome', 'duplicate', 'id', existing.id, 'status', existing.status);
  end if;
  if account is null and party is null then
    update public.inbound_emails e
    set raw_path = coalesce('listings/' || target || '/', 'unclaimed/') || row.id || '.eml'
    where e.id = row.id
    returning * into row;
    -- The reviewers learn that mail waits for them.
    for recipient_id in
      select distinct p.id from public.listings l cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
      where l.id = target and p.id is not null
    loop
      perform private.notify(recipient_id, 'alert', 'E-mail waiting for review: ' || coalesce(nullif(row.subject, ''), '(no subject)'),
        'From ' || row.sender || '. Accept it to file it on the listing, or discard it.', 'inbound_email', row.id,
        private.listing_url(target, recipient_id, 'notes'));
    end loop;
  end if;
  return jsonb_build_object('outcome', 'recorded', 'id', row.id, 'status', row.status, 'listing_id', row.listing_id,
    'sender_account_id', row.sender_account_id, 'party_id', row.party_id, 'raw_path', row.raw_path);
end;
$$;

comment on function public.receive_inbound_email(message_id text, listing_id uuid, recipient text, sender text, sender_name text, subject text, body text, attachments jsonb, sender_hourly_limit integer, listing_hourly_limit integer) is
  'Service role (inbound-email function): records a received message once per Message-ID. Outcome duplicate, rate_limited (per sender, per listing, within the last hour) or recorded with status received — the sender works on the listing (sender_account_id: file it as a note) or is one of its parties (party_id: file it on the thread with public.file_party_reply()) — or pending_review (stranger or unknown listing; raw_path says where to keep the raw message). Reviewers are notified of pending mail.';

-- ---------------------------------------------------------------------------
-- Filing a party's reply
-- ---------------------------------------------------------------------------
create function public.file_party_reply(email_id uuid, content text, documents jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  mail public.inbound_emails;
  filed_message uuid;
  document_ids jsonb;
begin
  select * into mail from public.inbound_emails e where e.id = email_id for update;
  if not found or mail.listing_id is null or mail.party_id is null then
    raise exception 'no such reply to file' using errcode = 'P0002';
  end if;
  if mail.status <> 'received' then
    raise exception 'mail is % and cannot be filed', mail.status using errcode = 'PT409';
  end if;

  -- Nobody signed in: the documents have no uploader, and private.notify()
  -- tells both the agent and the coordinator.
  with inserted as (
    insert into public.documents (id, listing_id, file_name, file_url, file_type, file_size)
    select coalesce(d.id, gen_random_uuid()), mail.listing_id, d.file_name, d.file_url, d.file_type, d.file_size
    from jsonb_to_recordset(coalesce(documents, '[]'::jsonb)) as d(id uuid, file_name text, file_url text, file_type text, file_size bigint)
    returning id, file_name, file_url
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'file_name', file_name, 'file_url', file_url)), '[]'::jsonb) into document_ids from inserted;

  insert into public.messages (listing_id, content, email_direction, party_id, email_from, email_subject)
  values (mail.listing_id, coalesce(nullif(left(btrim(content), 10000), ''), '(no text)'), 'inbound', mail.party_id,
    left(coalesce(mail.sender_name || ' <' || mail.sender || '>', mail.sender), 500), left(mail.subject, 1000))
  returning id into filed_message;

  update public.inbound_emails e set status = 'filed', thread_message_id = filed_message, raw_path = null where e.id = mail.id;
  return jsonb_build_object('message_id', filed_message, 'documents', document_ids);
end;
$$;

comment on function public.file_party_reply(email_id uuid, content text, documents jsonb) is
  'Service role (inbound-email function): files a party''s received reply (inbound_emails.party_id set by receive_inbound_email()) as an inbound e-mail message on the listing''s thread (content cut to 10,000 characters; "(no text)" when empty) plus its stored attachments ([{id, file_name, file_url, file_type, file_size}]) as listing documents, and marks the mail filed. The message''s insert notifies the listing''s agent and coordinator (private.notify_message()). 404 (P0002) for mail that is not a party''s, 409 when already filed.';

revoke execute on function public.file_party_reply(email_id uuid, content text, documents jsonb) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Trigger function (replaces the version of …_create_notifications.sql):
-- e-mail rows of a listing's thread
-- ---------------------------------------------------------------------------
create or replace function private.notify_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender_name text := coalesce(
    (select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from public.users u where u.id = new.sender_id), 'User');
  title text := 'New message from ' || sender_name;
  recipient uuid;
begin
  if new.email_direction = 'outbound' then
    return null;
  end if;
  if new.email_direction = 'inbound' then
    title := 'Reply from '
      || coalesce((select c.name from public.listing_parties p join public.contacts c on c.id = p.contact_id where p.id = new.party_id),
                  nullif(btrim(split_part(new.email_from, '<', 1)), ''), new.email_from, 'a party')
      || ': ' || coalesce(nullif(new.email_subject, ''), '(no subject)');
  end if;
  if new.is_general then
    for recipient in
      select u.id from public.users u
      where (u.id = new.team_tc_id or u.assigned_tc_id = new.team_tc_id) and u.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', 'New team message from ' || sender_name, new.content, 'message', new.id, '/agent-messages');
    end loop;
  else
    for recipient in
      select distinct p.id from public.listings l
      cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
      where l.id = new.listing_id and p.id is not null and p.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', title, new.content, 'message', new.id,
        private.listing_url(new.listing_id, recipient, 'messages'));
    end loop;
  end if;
  return null;
end;
$$;

comment on function private.notify_message() is
  'Trigger: a listing message notifies the other side (agent at /agent-listing/{id}, coordinator at /listing/{id}?tab=messages); a party''s e-mailed reply (email_direction inbound) notifies both as "Reply from <name>: <subject>"; the thread''s copy of a message sent to parties (outbound) notifies nobody; a team message the team.';

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- Only replies carry a party: a partial index serves the foreign key's set
-- null without an entry for every chat message.
create index messages_party_id_idx on public.messages (party_id) where party_id is not null;

comment on index public.messages_party_id_idx is 'A party''s replies on the thread: the foreign key''s set null when the party is removed.';

create index inbound_emails_party_id_idx on public.inbound_emails (party_id) where party_id is not null;

comment on index public.inbound_emails_party_id_idx is 'Replies of a party: the foreign key''s set null when the party is removed.';

create index inbound_emails_thread_message_id_idx on public.inbound_emails (thread_message_id) where thread_message_id is not null;

comment on index public.inbound_emails_thread_message_id_idx is 'The mail a thread message was filed from: the foreign key''s set null when the message is deleted.';
