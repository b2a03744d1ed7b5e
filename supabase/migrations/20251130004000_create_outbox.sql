-- ---------------------------------------------------------------------------
-- One outbox (issue 52) for what the database sends later or elsewhere: the
-- deadline reminders (notifications, next migration), the daily deadline
-- digest (mail through the deadline-digest Edge Function, the one after) and
-- whatever comes next (templated messages to parties). A message is a row
-- with a dedupe key: enqueueing it again is a no-op
-- (`on conflict (dedupe_key) do nothing`), so "already sent" is the unique
-- key, not a mark on the row the message is about. A job takes rows with
-- private.claim_outbox() (`for update skip locked`: concurrent runs never take
-- the same row), delivers them and reports each with private.finish_outbox():
-- sent, or failed (the error kept, the attempt counted, taken again after a
-- back-off of 1, 2, 4 … minutes, at most an hour). A claim whose run died (no
-- finish within 30 minutes) is taken again by the next claim and counted as a
-- failed attempt.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Outside the API schema: only database functions read and write it.
create table private.outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,62}$'),
  dedupe_key text not null constraint outbox_dedupe_key_key unique check (char_length(dedupe_key) between 1 and 500),
  recipient uuid references public.users (id) on delete cascade,
  payload jsonb not null default '{}'::jsonb check (jsonb_typeof(payload) = 'object'),
  send_after timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  error text check (char_length(error) <= 1000),
  created_at timestamptz not null default now()
);

comment on table private.outbox is
  'What the database sends later or elsewhere, one row per message, each enqueued once (dedupe_key): deadline reminders (kind deadline_reminder, keys deadline:<id>:3d|1d|overdue) and the daily digest (deadline_digest, digest:<coordinator>:<local date>). Jobs claim rows with private.claim_outbox() and report with private.finish_outbox().';

comment on column private.outbox.id is 'Row id, increasing in the order rows were enqueued.';

comment on column private.outbox.kind is 'What sort of message, and so which job delivers it: deadline_reminder, deadline_digest.';

comment on column private.outbox.dedupe_key is 'What makes the message one message: enqueueing the same key again does nothing, so a key that exists was already sent, is being sent or was decided. deadline:<deadline id>:3d|1d|overdue, digest:<coordinator id>:<YYYY-MM-DD>.';

comment on column private.outbox.recipient is 'The account it goes to when it is for one person (a digest''s coordinator); null when the delivering job finds the recipients at delivery (a reminder goes to the listing''s agent and coordinator of that moment).';

comment on column private.outbox.payload is 'What the delivering job needs and what was decided: a reminder''s deadline_id, reminder, due_at and passed_over; a digest''s local_date, time_zone, items and item_count.';

comment on column private.outbox.send_after is 'Not to be claimed before this time: when it was enqueued, or after a failure the end of its back-off.';

comment on column private.outbox.claimed_at is 'When a run took it on; null while it waits. A claim older than 30 minutes without sent_at is a run that died and is taken again.';

comment on column private.outbox.sent_at is 'When it was delivered, or decided without delivery (a reminder passed over by a later one: payload.passed_over; a digest with nothing due: payload.item_count 0); null until then.';

comment on column private.outbox.attempts is 'Failed attempts so far: sends that failed (private.finish_outbox() with an error) and claims that died. The back-off doubles with each.';

comment on column private.outbox.error is 'Why the last failed attempt failed (e.g. the SMTP answer), for the operator; kept after a later success.';

comment on column private.outbox.created_at is 'When it was enqueued.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

-- Like every private table: no grant to API roles, RLS on, and an explicit
-- deny that documents intent if a grant ever slips in. Only the security
-- definer functions (service role) read and write it.
alter table private.outbox enable row level security;

create policy "Nobody can read the outbox through the API" on private.outbox
  for select to authenticated using (false);

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.claim_outbox(kind text, max_rows integer, keys text[] default null, stale interval default interval '30 minutes')
returns setof private.outbox
language sql
security definer
set search_path = ''
as $$
  with picked as (
    select o.id
    from private.outbox o
    where o.kind = claim_outbox.kind
      and o.sent_at is null
      and o.send_after <= now()
      and (o.claimed_at is null or o.claimed_at <= now() - claim_outbox.stale)
      and (claim_outbox.keys is null or o.dedupe_key = any (claim_outbox.keys))
    order by o.send_after, o.id
    limit claim_outbox.max_rows
    -- Rows another run holds are skipped, not waited for; one it claimed and
    -- committed meanwhile is re-checked and no longer matches.
    for update skip locked
  )
  update private.outbox o set
    claimed_at = now(),
    attempts = o.attempts + case when o.claimed_at is null then 0 else 1 end,
    error = case when o.claimed_at is null then o.error
      else 'the run that claimed it at ' || to_char(o.claimed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC did not finish' end
  from picked
  where o.id = picked.id
  returning o.*
$$;

comment on function private.claim_outbox(kind text, max_rows integer, keys text[], stale interval) is
  'Takes up to max_rows (null: all) messages of a kind that are due (send_after passed), not sent, and not claimed or claimed longer than `stale` ago (a run that died: counted as a failed attempt), oldest first; only the given dedupe keys when `keys` is not null. Marks them claimed and returns them. Concurrent claims never return the same row (for update skip locked).';

revoke execute on function private.claim_outbox(kind text, max_rows integer, keys text[], stale interval) from public;

grant execute on function private.claim_outbox(kind text, max_rows integer, keys text[], stale interval) to service_role;

create function private.finish_outbox(id bigint, error text default null)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with finished as (
    update private.outbox o set
      sent_at = case when finish_outbox.error is null then now() end,
      claimed_at = case when finish_outbox.error is null then o.claimed_at end,
      attempts = o.attempts + case when finish_outbox.error is null then 0 else 1 end,
      error = coalesce(left(finish_outbox.error, 1000), o.error),
      -- 1, 2, 4 … minutes after the failure, at most an hour.
      send_after = case when finish_outbox.error is null then o.send_after
        else now() + least(interval '1 minute' * power(2, least(o.attempts, 6)), interval '1 hour') end
    where o.id = finish_outbox.id and o.sent_at is null and o.claimed_at is not null
    returning 1
  )
  select count(*) = 1 from finished
$$;

comment on function private.finish_outbox(id bigint, error text) is
  'Reports a claimed message: without error it is sent (sent_at); with the error (e.g. the SMTP answer) it is released, the error kept, the attempt counted and send_after set 1, 2, 4 … minutes ahead (at most an hour) so a later claim takes it again. Answers whether a claimed, unsent row was finished.';

revoke execute on function private.finish_outbox(id bigint, error text) from public;

grant execute on function private.finish_outbox(id bigint, error text) to service_role;

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- The claim reads the unsent rows of one kind by send_after; sent rows, the
-- great majority, are outside the index.
create index outbox_unsent_idx on private.outbox (kind, send_after, id) where sent_at is null;

comment on index private.outbox_unsent_idx is
  'Unsent messages of a kind in the order private.claim_outbox() takes them.';

-- Deleting an account removes its messages (on delete cascade).
create index outbox_recipient_idx on private.outbox (recipient);

comment on index private.outbox_recipient_idx is
  'The messages of an account: the foreign key''s cascade when an account is deleted.';
