-- ---------------------------------------------------------------------------
-- Sending messages to parties (issue 55, part B; the party-messages Edge
-- Function of part C calls these with the service role). A run claims the
-- approved messages that are due: each is rendered again first (a held one is
-- not taken; one whose text changed since a manual approval waits for a new
-- one), then its outbox row is claimed with private.claim_outbox()
-- (`for update skip locked`: concurrent runs never take the same message; a
-- claim that died is taken again after 30 minutes), and the text stored is the
-- text returned, so the text sent is the text stored. The run reports each
-- message: sent (a copy lands in the listing's thread as an outbound e-mail,
-- and in its activity) or failed (backed off and retried; after 5 attempts the
-- message is failed and the coordinator told).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function public.claim_party_messages(max_rows integer default 50, "at" timestamptz default now())
returns table (id uuid, listing_id uuid, subject text, body text, to_recipients jsonb, cc_recipients jsonb, from_name text,
  reply_to text, message_id text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(claim_party_messages."at", now());
  domain text := public.inbound_email_domain();
  picked uuid[];
  keys text[];
begin
  -- Due, approved and not being sent by another run; rows another run is
  -- looking at are skipped, not waited for.
  select coalesce(array_agg(d.id order by d.send_at, d.id), '{}') into picked
  from (
    select m.id, m.send_at
    from public.party_messages m
    join private.outbox o on o.id = m.outbox_id
    where m.status = 'approved'
      and m.send_at <= clock
      and o.sent_at is null
      and o.send_after <= now()
      and (o.claimed_at is null or o.claimed_at <= now() - interval '30 minutes')
    order by m.send_at, m.id
    limit greatest(coalesce(claim_party_messages.max_rows, 50), 0)
    for update of m skip locked
  ) d;
  perform private.refresh_party_message(x) from unnest(picked) x;
  select coalesce(array_agg(m.occurrence_key), '{}') into keys
  from public.party_messages m
  where m.id = any (picked) and m.status = 'approved' and m.send_at <= clock;

  return query
  with claimed as (
    select o.id from private.claim_outbox('party_message', claim_party_messages.max_rows, keys) o
  )
  update public.party_messages m set
    message_id = case when domain is not null then '<party-message-' || m.id || '@' || domain || '>' end
  from claimed c
  where m.outbox_id = c.id
  returning m.id, m.listing_id, m.subject, m.body, m.to_recipients, m.cc_recipients,
    coalesce((select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from public.listings l
      join public.users u on u.id = l.tc_id where l.id = m.listing_id) || ' via ListingDesk', 'ListingDesk'),
    case when domain is not null then 'listing-' || m.listing_id || '@' || domain end,
    m.message_id;
end;
$$;

comment on function public.claim_party_messages(max_rows integer, "at" timestamptz) is
  'The sending job takes up to max_rows approved messages due by `at`: each rendered again first (held ones are not taken), its outbox row claimed (for update skip locked: concurrent runs never take one twice; a claim older than 30 minutes without a finish is taken again). Returns what to send, as stored: subject, body, recipients, from_name "<coordinator> via ListingDesk", reply_to listing-<listing id>@<inbound domain> and message_id <party-message-<id>@<domain>> (both null when public.inbound_email_domain() is not set: the function then uses its own domain). Report each with finish_party_message(). Service role only.';

revoke execute on function public.claim_party_messages(max_rows integer, "at" timestamptz) from public, anon, authenticated;

grant execute on function public.claim_party_messages(max_rows integer, "at" timestamptz) to service_role;

create function public.finish_party_message(id uuid, error text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.party_messages;
  l public.listings;
  sender text;
  failures integer;
begin
  select * into m from public.party_messages x where x.id = finish_party_message.id for update;
  if not found then
    raise exception 'message not found' using errcode = 'PT404';
  end if;
  -- Reported twice (a retried request): the first report stands.
  if m.status <> 'approved' then
    return m.status;
  end if;
  select * into l from public.listings x where x.id = m.listing_id;
  sender := coalesce((select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from public.users u where u.id = l.tc_id)
    || ' via ListingDesk', 'ListingDesk');

  if finish_party_message.error is null then
    perform private.finish_outbox(m.outbox_id);
    update public.party_messages x set status = 'sent', sent_at = now() where x.id = m.id;
    insert into public.messages (listing_id, sender_id, content, party_message_id, email_direction, email_subject, email_from)
    values (m.listing_id, l.tc_id, left(m.body, 10000), m.id, 'outbound', left(m.subject, 1000), left(sender, 500));
    perform private.log_activity(l.tc_id, m.listing_id, 'party_message_sent',
      left('Sent "' || m.subject || '" to ' || coalesce((select string_agg(r ->> 'name', ', ') from jsonb_array_elements(m.to_recipients) r), 'nobody'), 1000),
      jsonb_build_object('party_message_id', m.id, 'to', m.to_recipients, 'cc', m.cc_recipients, 'message_id', m.message_id));
    return 'sent';
  end if;

  perform private.finish_outbox(m.outbox_id, finish_party_message.error);
  failures := m.attempts + 1;
  update public.party_messages x set attempts = failures, error = left(finish_party_message.error, 1000),
    status = case when failures >= 5 then 'failed' else 'approved' end
  where x.id = m.id;
  if failures < 5 then
    return 'approved';
  end if;
  -- Given up: decided without sending, so no run takes it again until retry_party_message().
  update private.outbox o set sent_at = now(), claimed_at = null, payload = o.payload || '{"failed": true}'::jsonb
  where o.id = m.outbox_id;
  perform private.notify(l.tc_id, 'alert', 'Message failed: ' || m.subject,
    'The message to ' || coalesce((select string_agg(r ->> 'name', ', ') from jsonb_array_elements(m.to_recipients) r), 'the parties')
      || ' about ' || l.address || ' could not be sent after 5 attempts: ' || left(finish_party_message.error, 1000),
    'party_message', m.id, '/outbox', 'high');
  return 'failed';
end;
$$;

comment on function public.finish_party_message(id uuid, error text) is
  'The sending job reports a claimed message. Without error: sent (sent_at), its copy written to the listing''s thread (messages: outbound e-mail, from the coordinator, with the subject) and an activity entry party_message_sent. With the error: the attempt counted and backed off (private.finish_outbox), still approved; the 5th failure makes it failed with the error and notifies the coordinator ("Message failed: <subject>", link /outbox). Returns the new status; a message already reported keeps (and returns) its status. 404 unknown id. Service role only.';

revoke execute on function public.finish_party_message(id uuid, error text) from public, anon, authenticated;

grant execute on function public.finish_party_message(id uuid, error text) to service_role;
