-- ---------------------------------------------------------------------------
-- Inbound e-mail: mail sent to listing-{id}@<domain>, filed as a note with
-- documents when the sender is on the listing, else kept for review by the
-- listing's people.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Mail received at a listing's forwarding address (listing-{id}@{domain}),
-- recorded by the inbound-email Edge Function (service role). Mail from
-- someone working on the listing is filed at once (a note and documents);
-- anyone else's waits as pending_review in the listing's review inbox until
-- its coordinator, agent or a super admin accepts or discards it. Mail for a
-- listing that does not exist is kept unclaimed (listing_id null) and, like
-- discarded mail, deleted after 30 days (public.purge_inbound_emails()).
--
-- The raw message of mail that is not filed at once lives in the private
-- bucket inbound-email at listings/<listing_id>/<id>.eml (unclaimed/<id>.eml
-- without a listing), readable only by the listing's reviewers.

create table public.inbound_emails (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid references public.listings (id) on delete cascade,
  message_id text not null unique check (char_length(message_id) between 1 and 998),
  recipient text not null check (char_length(recipient) <= 320),
  sender text not null check (char_length(sender) <= 320),
  sender_name text check (char_length(sender_name) <= 320),
  -- The account the sender was recognised as (its e-mail and access to the listing).
  sender_account_id uuid references public.users (id) on delete set null,
  subject text not null default '' check (char_length(subject) <= 998),
  body text not null default '' check (char_length(body) <= 20000),
  attachments jsonb not null default '[]'::jsonb check (jsonb_typeof(attachments) = 'array'),
  raw_path text check (char_length(raw_path) <= 500),
  status text not null default 'received' check (status in ('received', 'filed', 'discarded', 'pending_review')),
  note_id uuid references public.notes (id) on delete set null,
  reviewed_by uuid references public.users (id) on delete set null,
  reviewed_at timestamptz,
  received_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.inbound_emails is
  'Mail received at a listing''s forwarding address: filed at once from people on the listing, otherwise pending_review in the listing''s review inbox; unknown listings have listing_id null. Written only by the inbound-email function and the review functions.';

comment on column public.inbound_emails.id is 'Identifier of the received message (also names its raw object: <id>.eml).';

comment on column public.inbound_emails.listing_id is 'The listing of the listing-{id}@ address; null when no such listing exists (unclaimed mail).';

comment on column public.inbound_emails.message_id is 'The Message-ID header (or a hash of the message without one): the same message is recorded and filed once.';

comment on column public.inbound_emails.recipient is 'The forwarding address the message was matched by (To, Cc, Bcc or Delivered-To).';

comment on column public.inbound_emails.sender is 'The From address, lower case.';

comment on column public.inbound_emails.sender_name is 'The From display name, if any.';

comment on column public.inbound_emails.sender_account_id is 'The account whose e-mail equals the sender and who works on the listing; null for strangers.';

comment on column public.inbound_emails.subject is 'The Subject header (plain text).';

comment on column public.inbound_emails.body is 'The text body (HTML bodies converted to text; never rendered as HTML), cut to 20000 characters.';

comment on column public.inbound_emails.attachments is 'Attachment metadata: [{ "name", "type", "size" }], for the review inbox.';

comment on column public.inbound_emails.raw_path is 'Object path of the raw message in the private inbound-email bucket, kept while the mail is not filed.';

comment on column public.inbound_emails.status is 'received (being filed), filed, pending_review (stranger: waits for a reviewer) or discarded.';

comment on column public.inbound_emails.note_id is 'The note the mail was filed as.';

comment on column public.inbound_emails.reviewed_by is 'The reviewer who accepted or discarded pending mail.';

comment on column public.inbound_emails.reviewed_at is 'When pending mail was accepted or discarded.';

comment on column public.inbound_emails.received_at is 'When the inbound function received the message.';

comment on column public.inbound_emails.updated_at is 'Last change (set by trigger).';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.inbound_emails enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Recording and filing of mail sent to a listing's forwarding address. Both
-- functions are for the inbound-email Edge Function only (service role): it
-- authenticates the mail provider, parses the message, calls
-- receive_inbound_email() to record it (deduplication, rate limits, sender
-- check in one place), stores attachments through the Storage API (so the
-- bucket's type and size rules apply) and then calls file_inbound_email().
-- Accepted pending mail goes through the very same file_inbound_email().

-- ---------------------------------------------------------------------------
-- Helper: who the sender is on this listing
-- ---------------------------------------------------------------------------
create function private.inbound_sender_account(listing_id uuid, sender text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id
  from public.users u
  join auth.users a on a.id = u.auth_user_id
  join public.listings l on l.id = listing_id
  where lower(a.email) = lower(sender)
    and a.email_confirmed_at is not null
    and (u.id in (l.agent_id, l.tc_id) or 'super_admin' in (u.role, u.original_role))
  order by (u.id = l.agent_id) desc, (u.id = l.tc_id) desc, u.created_at
  limit 1
$$;

comment on function private.inbound_sender_account(listing_id uuid, sender text) is
  'The account of a sender who may file mail on the listing: verified sign-in e-mail equal to the sender and the listing''s agent, its coordinator or a super admin; null otherwise. Uses the users e-mail join, one row per account of that sign-in.';

revoke execute on function private.inbound_sender_account(listing_id uuid, sender text) from public;

grant execute on function private.inbound_sender_account(listing_id uuid, sender text) to service_role;

-- ---------------------------------------------------------------------------
-- Recording
-- ---------------------------------------------------------------------------
create function public.receive_inbound_email(
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
  insert into public.inbound_emails (listing_id, message_id, recipient, sender, sender_name, sender_account_id, subject, body, attachments, status)
  values (target, receive_inbound_email.message_id, lower(recipient), lower(receive_inbound_email.sender), nullif(sender_name, ''), account,
    left(coalesce(subject, ''), 998), left(coalesce(body, ''), 20000), coalesce(attachments, '[]'::jsonb),
    case when account is null then 'pending_review' else 'received' end)
  on conflict on constraint inbound_emails_message_id_key do nothing
  returning * into row;
  if row.id is null then
    -- A concurrent delivery of the same message won the insert.
    select * into existing from public.inbound_emails e where e.message_id = receive_inbound_email.message_id;
    return jsonb_build_object('outcome', 'duplicate', 'id', existing.id, 'status', existing.status);
  end if;
  if account is null then
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
    'sender_account_id', row.sender_account_id, 'raw_path', row.raw_path);
end;
$$;

comment on function public.receive_inbound_email(message_id text, listing_id uuid, recipient text, sender text, sender_name text, subject text, body text, attachments jsonb, sender_hourly_limit integer, listing_hourly_limit integer) is
  'Service role (inbound-email function): records a received message once per Message-ID. Outcome duplicate, rate_limited (per sender, per listing, within the last hour) or recorded with status received (sender works on the listing: file it) or pending_review (stranger or unknown listing; raw_path says where to keep the raw message). Reviewers are notified of pending mail.';

revoke execute on function public.receive_inbound_email(message_id text, listing_id uuid, recipient text, sender text, sender_name text, subject text, body text, attachments jsonb, sender_hourly_limit integer, listing_hourly_limit integer) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Filing (automatic and accepted mail alike)
-- ---------------------------------------------------------------------------
create function public.file_inbound_email(email_id uuid, author_id uuid, note_content text, documents jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  mail public.inbound_emails;
  filed_note uuid;
  author_sign_in uuid;
  document_ids jsonb;
  recipient_id uuid;
begin
  select * into mail from public.inbound_emails e where e.id = email_id for update;
  if not found or mail.listing_id is null then
    raise exception 'no such mail to file' using errcode = 'P0002';
  end if;
  if mail.status <> 'received' then
    raise exception 'mail is % and cannot be filed', mail.status using errcode = 'PT409';
  end if;
  -- The filing acts as its author, so private.notify() (document and mail
  -- notifications) does not tell the author about their own mail.
  select u.auth_user_id into author_sign_in from public.users u where u.id = author_id;
  perform set_config('request.jwt.claims', jsonb_build_object('sub', author_sign_in, 'role', 'authenticated')::text, true);

  with inserted as (
    insert into public.documents (id, listing_id, file_name, file_url, file_type, file_size, uploaded_by)
    select coalesce(d.id, gen_random_uuid()), mail.listing_id, d.file_name, d.file_url, d.file_type, d.file_size, author_id
    from jsonb_to_recordset(coalesce(documents, '[]'::jsonb)) as d(id uuid, file_name text, file_url text, file_type text, file_size bigint)
    returning id, file_name, file_url
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'file_name', file_name, 'file_url', file_url)), '[]'::jsonb) into document_ids from inserted;

  insert into public.notes (listing_id, user_id, content, is_email)
  values (mail.listing_id, author_id, left(note_content, 20000), true)
  returning id into filed_note;

  update public.inbound_emails e set status = 'filed', note_id = filed_note, raw_path = null where e.id = mail.id;

  for recipient_id in
    select distinct p.id from public.listings l cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
    where l.id = mail.listing_id and p.id is not null
  loop
    perform private.notify(recipient_id, 'other', 'New e-mail: ' || coalesce(nullif(mail.subject, ''), '(no subject)'),
      'From ' || mail.sender || ', filed as a note' || case when jsonb_array_length(document_ids) > 0
        then ' with ' || jsonb_array_length(document_ids) || ' document(s)' else '' end || '.',
      'note', filed_note, private.listing_url(mail.listing_id, recipient_id, 'notes'));
  end loop;
  return jsonb_build_object('note_id', filed_note, 'documents', document_ids);
end;
$$;

comment on function public.file_inbound_email(email_id uuid, author_id uuid, note_content text, documents jsonb) is
  'Service role (inbound-email function): files received mail as one e-mail note by author_id plus its stored attachments ([{id, file_name, file_url, file_type, file_size}]; id chosen by the caller so the note can link to the documents) as listing documents, marks it filed and notifies the listing''s agent and coordinator (not the author). The one filing path of automatic and accepted mail.';

revoke execute on function public.file_inbound_email(email_id uuid, author_id uuid, note_content text, documents jsonb) from public, anon, authenticated;

-- The review inbox: mail from strangers waits as pending_review until someone
-- working on the listing (its agent, its coordinator) or a super admin accepts
-- or discards it. Discarding is final here. Accepting claims the mail
-- (status received, reviewer stamped) and returns it; the inbound-email
-- function then files it with public.file_inbound_email(), the same path as
-- mail from people on the listing, attributed to the reviewer.

create function private.review_inbound_email(email_id uuid, decision text)
returns public.inbound_emails
language plpgsql
security definer
set search_path = ''
as $$
declare
  mail public.inbound_emails;
begin
  select * into mail from public.inbound_emails e
  where e.id = email_id
    and e.listing_id is not null
    and (private.is_super_admin() or e.listing_id in (select private.accessible_listing_ids()))
  for update;
  if not found then
    raise exception 'mail not found' using errcode = 'P0002';
  end if;
  if mail.status <> 'pending_review' then
    raise exception 'this mail was already %', case mail.status when 'discarded' then 'discarded' else 'filed' end using errcode = 'PT409';
  end if;
  update public.inbound_emails e
  set status = decision, reviewed_by = private.current_account_id(), reviewed_at = now()
  where e.id = mail.id
  returning * into mail;
  return mail;
end;
$$;

comment on function private.review_inbound_email(email_id uuid, decision text) is
  'Moves pending mail the caller may review (the listing''s agent or coordinator, a super admin) to decision (received = accepted, or discarded), stamping the reviewer; 404 when it does not exist or is on a listing the caller does not work on, 409 when already handled.';

revoke execute on function private.review_inbound_email(email_id uuid, decision text) from public;

grant execute on function private.review_inbound_email(email_id uuid, decision text) to service_role;

-- ---------------------------------------------------------------------------
-- Review functions
-- ---------------------------------------------------------------------------
create function public.accept_inbound_email(email_id uuid)
returns public.inbound_emails
language sql
security definer
set search_path = ''
as $$
  select * from private.review_inbound_email(email_id, 'received')
$$;

comment on function public.accept_inbound_email(email_id uuid) is
  'A reviewer (the listing''s agent or coordinator, a super admin) accepts pending mail: it becomes received with the reviewer stamped, ready for the inbound-email function to file it as the reviewer. Called by that function with the reviewer''s token.';

revoke execute on function public.accept_inbound_email(email_id uuid) from public, anon;

create function public.discard_inbound_email(email_id uuid)
returns public.inbound_emails
language sql
security definer
set search_path = ''
as $$
  select * from private.review_inbound_email(email_id, 'discarded')
$$;

comment on function public.discard_inbound_email(email_id uuid) is
  'A reviewer discards pending mail: it is never filed and is deleted with its raw message after 30 days (purge_inbound_emails).';

revoke execute on function public.discard_inbound_email(email_id uuid) from public, anon;

create function public.reopen_inbound_email(email_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.inbound_emails e set status = 'pending_review', reviewed_by = null, reviewed_at = null
  where e.id = email_id and e.status = 'received' and e.raw_path is not null
$$;

comment on function public.reopen_inbound_email(email_id uuid) is
  'Service role: puts accepted mail back into the review inbox when filing it failed, so nothing is lost.';

revoke execute on function public.reopen_inbound_email(email_id uuid) from public, anon, authenticated;

-- Retention without a scheduler: discarded mail and unclaimed mail (for a
-- listing that does not exist) is deleted 30 days after it was received. The
-- inbound-email function calls purge_inbound_emails() opportunistically on
-- each delivery and removes the returned raw messages from Storage; a
-- project with pg_cron may schedule the same call instead.
create function public.purge_inbound_emails(older_than interval default interval '30 days')
returns setof text
language sql
security definer
set search_path = ''
as $$
  delete from public.inbound_emails e
  where e.received_at < now() - older_than
    and (e.status = 'discarded' or e.listing_id is null)
  returning e.raw_path
$$;

comment on function public.purge_inbound_emails(older_than interval) is
  'Service role: deletes discarded and unclaimed mail received more than older_than (30 days) ago; returns the raw message paths (bucket inbound-email) to remove from Storage. Uses inbound_emails_received_at_idx.';

revoke execute on function public.purge_inbound_emails(older_than interval) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "People on a listing can read its received mail"
on public.inbound_emails for select to authenticated
using (
  private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.inbound_emails from anon, authenticated;

grant select on public.inbound_emails to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger inbound_emails_set_timestamps before update on public.inbound_emails
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index inbound_emails_listing_id_status_idx on public.inbound_emails (listing_id, status, received_at desc);

create index inbound_emails_sender_received_at_idx on public.inbound_emails (sender, received_at desc);

create index inbound_emails_received_at_idx on public.inbound_emails (received_at);

create index inbound_emails_note_id_idx on public.inbound_emails (note_id);

create index inbound_emails_sender_account_id_idx on public.inbound_emails (sender_account_id);

create index inbound_emails_reviewed_by_idx on public.inbound_emails (reviewed_by);
