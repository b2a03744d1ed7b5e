-- ---------------------------------------------------------------------------
-- One way to file a mail's stored attachments as listing documents. The
-- party-reply path (public.file_party_reply, …_file_party_replies.sql) copied
-- the documents insert of public.file_inbound_email; both now call
-- private.file_inbound_attachments(listing, uploader, documents). Both
-- functions are replaced whole with the same signatures and answers.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.file_inbound_attachments(listing_id uuid, uploaded_by uuid, documents jsonb)
returns jsonb
language sql
security definer
set search_path = ''
as $$
  with inserted as (
    insert into public.documents (id, listing_id, file_name, file_url, file_type, file_size, uploaded_by)
    select coalesce(d.id, gen_random_uuid()), file_inbound_attachments.listing_id, d.file_name, d.file_url, d.file_type, d.file_size,
      file_inbound_attachments.uploaded_by
    from jsonb_to_recordset(coalesce(file_inbound_attachments.documents, '[]'::jsonb))
      as d(id uuid, file_name text, file_url text, file_type text, file_size bigint)
    returning id, file_name, file_url
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'file_name', i.file_name, 'file_url', i.file_url)), '[]'::jsonb)
  from inserted i
$$;

comment on function private.file_inbound_attachments(listing_id uuid, uploaded_by uuid, documents jsonb) is
  'Files a mail''s stored attachments ([{id, file_name, file_url, file_type, file_size}]; id chosen by the caller so a note can link to them) as documents of the listing, uploaded by the given account (null: nobody signed in, a party''s reply). Returns [{id, file_name, file_url}]. Used by file_inbound_email() and file_party_reply().';

revoke execute on function private.file_inbound_attachments(listing_id uuid, uploaded_by uuid, documents jsonb) from public;

grant execute on function private.file_inbound_attachments(listing_id uuid, uploaded_by uuid, documents jsonb) to service_role;

create or replace function public.file_inbound_email(email_id uuid, author_id uuid, note_content text, documents jsonb)
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

  document_ids := private.file_inbound_attachments(mail.listing_id, author_id, documents);

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

create or replace function public.file_party_reply(email_id uuid, content text, documents jsonb)
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
  document_ids := private.file_inbound_attachments(mail.listing_id, null, documents);

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

