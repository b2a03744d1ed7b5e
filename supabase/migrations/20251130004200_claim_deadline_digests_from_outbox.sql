-- ---------------------------------------------------------------------------
-- The daily deadline digest moves onto the outbox (issue 52): each
-- coordinator's digest for a local day is an outbox row keyed
-- digest:<coordinator id>:<YYYY-MM-DD> (kind deadline_digest, recipient the
-- coordinator), which replaces private.deadline_digests (migration
-- 20251127002200) and its own claim/finish bookkeeping.
-- public.claim_deadline_digests(at) and public.finish_deadline_digest(...)
-- keep their signatures and answers, so the deadline-digest Edge Function is
-- unchanged, and their rules: at most one digest per coordinator and local
-- day however often or concurrently the job runs; a day with nothing due is
-- decided without a mail; a failed send is taken again by a later run (after
-- the outbox's back-off, 1 minute at first); a claim that died is taken again
-- after 30 minutes. A day's digest is only ever taken on that day.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Data
-- ---------------------------------------------------------------------------

-- The decisions already made move over, so nobody gets a second digest on
-- the day of the change. A failed one (claimed_at -infinity) waits no longer.
insert into private.outbox (kind, dedupe_key, recipient, payload, send_after, claimed_at, sent_at, attempts, error, created_at)
select 'deadline_digest', 'digest:' || g.coordinator_id || ':' || to_char(g.local_date, 'YYYY-MM-DD'), g.coordinator_id,
  jsonb_build_object('local_date', to_char(g.local_date, 'YYYY-MM-DD'), 'time_zone', g.time_zone, 'item_count', g.item_count),
  least(g.claimed_at, now()),
  case when g.claimed_at > '-infinity' then g.claimed_at end,
  coalesce(g.sent_at, case when g.item_count = 0 then g.claimed_at end),
  case when g.error is null then 0 else 1 end,
  g.error,
  case when g.claimed_at > '-infinity' then g.claimed_at else now() end
from private.deadline_digests g
on conflict (dedupe_key) do nothing;

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

drop table private.deadline_digests;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.claim_deadline_digests("at" timestamptz default now())
returns table (coordinator_id uuid, email text, first_name text, last_name text, local_date date, time_zone text, items jsonb)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  clock timestamptz := coalesce(claim_deadline_digests."at", now());
  coordinators uuid[];
  zones text[];
  days text[];
  today text[];
  claimed bigint[];
begin
  -- 1. Every coordinator past 7:00 AM where they are has that day's digest in
  -- the outbox (enqueued once: the key is the coordinator and the day).
  select coalesce(array_agg(z.id), '{}'), coalesce(array_agg(z.zone), '{}'),
         coalesce(array_agg(to_char(clock at time zone z.zone, 'YYYY-MM-DD')), '{}')
    into coordinators, zones, days
  from (select u.id, private.coordinator_time_zone(u.id) as zone from public.users u where u.role = 'tc') z
  where (clock at time zone z.zone)::time >= time '07:00';
  today := array(select 'digest:' || g.coordinator || ':' || g.day from unnest(coordinators, days) as g(coordinator, day));
  -- Keys in order: concurrent runs wait on each other's keys in the same order.
  insert into private.outbox (kind, dedupe_key, recipient, payload)
  select 'deadline_digest', 'digest:' || g.coordinator || ':' || g.day, g.coordinator,
    jsonb_build_object('local_date', g.day, 'time_zone', g.zone)
  from unnest(coordinators, zones, days) as g(coordinator, zone, day)
  order by 2
  on conflict (dedupe_key) do nothing;

  -- 2. Claim that day's digests not decided yet (a failed one after its
  -- back-off, one whose run died after 30 minutes); rows another run holds
  -- are its own.
  select coalesce(array_agg(c.id), '{}') into claimed
  from private.claim_outbox('deadline_digest', null, today) c;

  -- 3. What each claimed digest lists, worked out now (a retry lists the
  -- deadlines as they are then): the coordinator's open deadlines of active
  -- contracts overdue, due today and in the next 7 days.
  update private.outbox o set payload = o.payload || jsonb_build_object('items', x.deadlines, 'item_count', jsonb_array_length(x.deadlines))
  from (
    select q.id, coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', d.id, 'listing_id', d.listing_id, 'address', l.address, 'key', d.key, 'label', d.label,
            'due_at', d.due_at, 'due_text', private.deadline_due_text(d.due_at, k.time_zone),
            'agent', nullif(btrim(concat_ws(' ', a.first_name, a.last_name)), ''),
            'section', case
              when d.due_at < clock then 'overdue'
              when d.due_at < (q.day + 1)::timestamp at time zone q.zone then 'today'
              else 'week' end)
          order by d.due_at, d.id)
        from public.contract_deadlines d
        join public.listings l on l.id = d.listing_id
        join public.contracts k on k.id = d.contract_id
        left join public.users a on a.id = d.listing_agent_id
        where d.status = 'open' and d.contract_status = 'active'
          and d.due_at < (q.day + 8)::timestamp at time zone q.zone
          and (d.listing_tc_id = q.recipient
               or d.listing_agent_id in (select ag.id from public.users ag where ag.assigned_tc_id = q.recipient))
      ), '[]'::jsonb) as deadlines
    from (
      select c.id, c.recipient, (c.payload ->> 'local_date')::date as day, c.payload ->> 'time_zone' as zone
      from private.outbox c where c.id = any (claimed)
    ) q
  ) x
  where o.id = x.id;

  -- 4. A day with nothing due is decided now, without a mail.
  perform private.finish_outbox(o.id) from private.outbox o where o.id = any (claimed) and (o.payload ->> 'item_count')::integer = 0;

  return query
  select u.id, u.email, u.first_name, u.last_name, (o.payload ->> 'local_date')::date, o.payload ->> 'time_zone', o.payload -> 'items'
  from private.outbox o
  join public.users u on u.id = o.recipient
  where o.id = any (claimed) and o.sent_at is null
  order by u.id;
end;
$$;

comment on function public.claim_deadline_digests("at" timestamptz) is
  'The deadline-digest function''s first step: for every coordinator past 7:00 AM local time (private.coordinator_time_zone()), enqueues that day''s digest in the outbox (digest:<coordinator>:<YYYY-MM-DD>), claims the ones not decided yet and returns those with something due: their open deadlines of active contracts overdue (section overdue), due today (today) and in the next 7 days (week), oldest first; a digest with nothing due is decided without a mail. Concurrent calls claim each coordinator once. `at` is the clock (tests). Service role only.';

create or replace function public.finish_deadline_digest(coordinator_id uuid, local_date date, error text default null)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.finish_outbox(o.id, finish_deadline_digest.error)
  from private.outbox o
  where o.dedupe_key = 'digest:' || finish_deadline_digest.coordinator_id || ':' || to_char(finish_deadline_digest.local_date, 'YYYY-MM-DD')
$$;

comment on function public.finish_deadline_digest(coordinator_id uuid, local_date date, error text) is
  'The deadline-digest function''s last step per coordinator: sent (no error), or failed with the SMTP error, which a later run takes on again after the outbox''s back-off (private.finish_outbox()). Service role only.';
