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
comment on function private.inbound_sender_account(uuid, text) is
  'The account of a sender who may file mail on the listing: verified sign-in e-mail equal to the sender and the listing''s agent, its coordinator or a super admin; null otherwise. Uses the users e-mail join, one row per account of that sign-in.';

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
comment on function public.receive_inbound_email(text, uuid, text, text, text, text, text, jsonb, integer, integer) is
  'Service role (inbound-email function): records a received message once per Message-ID. Outcome duplicate, rate_limited (per sender, per listing, within the last hour) or recorded with status received (sender works on the listing: file it) or pending_review (stranger or unknown listing; raw_path says where to keep the raw message). Reviewers are notified of pending mail.';

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
comment on function public.file_inbound_email(uuid, uuid, text, jsonb) is
  'Service role (inbound-email function): files received mail as one e-mail note by author_id plus its stored attachments ([{id, file_name, file_url, file_type, file_size}]; id chosen by the caller so the note can link to the documents) as listing documents, marks it filed and notifies the listing''s agent and coordinator (not the author). The one filing path of automatic and accepted mail.';

-- ---------------------------------------------------------------------------
-- Function privileges: the service role only
-- ---------------------------------------------------------------------------
revoke execute on function
  private.inbound_sender_account(uuid, text),
  public.receive_inbound_email(text, uuid, text, text, text, text, text, jsonb, integer, integer),
  public.file_inbound_email(uuid, uuid, text, jsonb)
from public, anon, authenticated;
grant execute on function
  public.receive_inbound_email(text, uuid, text, text, text, text, text, jsonb, integer, integer),
  public.file_inbound_email(uuid, uuid, text, jsonb)
to service_role;
-- The function checks the forwarding domain the admin settings name.
grant execute on function public.inbound_email_domain() to service_role;
