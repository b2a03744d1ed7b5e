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

-- ---------------------------------------------------------------------------
-- Table
-- ---------------------------------------------------------------------------
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

create index inbound_emails_listing_id_status_idx on public.inbound_emails (listing_id, status, received_at desc);
create index inbound_emails_sender_received_at_idx on public.inbound_emails (sender, received_at desc);
create index inbound_emails_received_at_idx on public.inbound_emails (received_at);
create index inbound_emails_note_id_idx on public.inbound_emails (note_id);
create index inbound_emails_sender_account_id_idx on public.inbound_emails (sender_account_id);
create index inbound_emails_reviewed_by_idx on public.inbound_emails (reviewed_by);

create trigger inbound_emails_set_timestamps before update on public.inbound_emails
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Row-level security: read only; writes go through functions
-- ---------------------------------------------------------------------------
alter table public.inbound_emails enable row level security;

create policy "People on a listing can read its received mail"
on public.inbound_emails for select to authenticated
using ((select private.is_super_admin()) or listing_id in (select private.accessible_listing_ids()));

revoke all on public.inbound_emails from anon, authenticated;
grant select on public.inbound_emails to authenticated;

-- The review inbox updates live; Realtime applies the select policy above.
alter publication supabase_realtime add table public.inbound_emails;

-- ---------------------------------------------------------------------------
-- Storage: raw messages waiting for review
-- ---------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('inbound-email', 'inbound-email', false, 26214400, array['message/rfc822']);

-- Same scope rule as the listing's documents; only the service role writes here.
create policy "People on a listing can read its mail waiting for review"
on storage.objects for select to authenticated
using (bucket_id = 'inbound-email' and private.storage_object_allowed('listing-documents', name, false));
