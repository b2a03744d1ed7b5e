-- ---------------------------------------------------------------------------
-- Calendar feeds stop when unused, and their owner sees when they were last
-- fetched (issue 51 item 11). A feed's secret address never expired: one
-- pasted into a calendar long since deleted, or leaked, kept listing the
-- owner's deadlines for ever. Now each fetch is recorded (last_fetched_at,
-- written at most once a minute, so a calendar polling often costs one small
-- update a minute at most), and a feed not fetched for 180 days stops: its
-- address answers 404 like a turned-off one (expires_at, 180 days after the
-- last fetch or after turning it on). Calendar apps fetch at least daily, so
-- only a feed nobody uses stops. The owner turns it on again with
-- resume_calendar_feed(), which keeps the same address: a device that was
-- off for months (a laptop in a drawer) picks the feed up again without
-- being subscribed anew, and an owner who fears the address leaked has New
-- URL, which replaces it. The feed's answers are no longer cacheable for 5
-- minutes (the calendar-feed function), so revocation is immediate too.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.calendar_feeds
  add column last_fetched_at timestamptz,
  add column expires_at timestamptz not null default now() + interval '180 days';

-- Feeds on before this migration were never recorded as fetched: they run 180 days from now.
comment on column public.calendar_feeds.last_fetched_at is
  'When a calendar app last fetched the feed (recorded by calendar_feed_deadlines(), at most once a minute); null while it has never been fetched.';

comment on column public.calendar_feeds.expires_at is
  'When the feed stops unless fetched before: 180 days after its last fetch, after it was turned on, or after resume_calendar_feed(). From then on its address answers 404 until the owner turns it on again.';

comment on table public.calendar_feeds is
  'An account''s private calendar feed (at most one): the SHA-256 of its secret token, when it was last fetched and when it stops unless fetched. Written only by enable_calendar_feed(), resume_calendar_feed(), disable_calendar_feed() and the feed''s fetches; the owner reads all but the hash.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.enable_calendar_feed()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  token text;
begin
  if me is null then
    raise exception 'sign in with an account to turn on a calendar feed' using errcode = '42501';
  end if;
  token := encode(extensions.gen_random_bytes(32), 'hex');
  insert into public.calendar_feeds (user_id, token_hash, created_at, last_fetched_at, expires_at)
  values (me, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now(), null, now() + interval '180 days')
  on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at,
    last_fetched_at = excluded.last_fetched_at, expires_at = excluded.expires_at;
  return token;
end;
$$;

comment on function public.enable_calendar_feed() is
  'Turns on the caller''s calendar feed with a new secret token and returns it (64 hex characters; the URL is /functions/v1/calendar-feed/<token>.ics). Replaces any earlier token, whose URL then answers 404; the new one has never been fetched and runs 180 days unless fetched. Only the token''s SHA-256 is stored, so it is shown only now.';

create function public.resume_calendar_feed()
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  stops_at timestamptz;
begin
  if me is null then
    raise exception 'sign in with an account to turn on a calendar feed' using errcode = '42501';
  end if;
  update public.calendar_feeds f set expires_at = now() + interval '180 days'
  where f.user_id = me
  returning f.expires_at into stops_at;
  if stops_at is null then
    raise exception 'no calendar feed to turn on again: turn it on for a new address' using errcode = 'PT404';
  end if;
  return stops_at;
end;
$$;

comment on function public.resume_calendar_feed() is
  'Turns the caller''s calendar feed on again with the same address (e.g. after it stopped, unused for 180 days): it runs 180 days from now unless fetched; returns when it would stop. Calendars still subscribed to the address get it again at their next fetch. 404 when the caller has no feed (enable_calendar_feed() makes one).';

revoke execute on function public.resume_calendar_feed() from public, anon;

grant execute on function public.resume_calendar_feed() to authenticated, service_role;

-- Volatile now (it records the fetch), so PostgREST runs it in a read-write transaction.
create or replace function public.calendar_feed_deadlines(token_hash text, "at" timestamptz default now())
returns table (id uuid, listing_id uuid, key text, label text, due_at timestamptz, status text, updated_at timestamptz,
               address text, time_zone text, rule text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  clock timestamptz := coalesce(calendar_feed_deadlines."at", now());
  feed public.calendar_feeds;
  feed_owner public.users;
begin
  -- A stopped feed is no feed: the same 404 as an unknown or revoked token, and nothing written.
  select f.* into feed
  from public.calendar_feeds f
  where f.token_hash = calendar_feed_deadlines.token_hash and f.expires_at > now();
  if feed.user_id is null then
    raise exception 'calendar feed not found' using errcode = 'PT404';
  end if;
  select u.* into feed_owner from public.users u where u.id = feed.user_id;
  if feed_owner.id is null then
    raise exception 'calendar feed not found' using errcode = 'PT404';
  end if;
  -- The fetch, at most once a minute: a calendar polling every few seconds costs one small update a minute.
  if feed.last_fetched_at is null or feed.last_fetched_at < now() - interval '1 minute' then
    update public.calendar_feeds f set last_fetched_at = now(), expires_at = now() + interval '180 days'
    where f.user_id = feed.user_id;
  end if;
  -- The three routes of "People on a listing can read its contract deadlines",
  -- for the owner instead of the caller: their own listings, acting as tc
  -- those they coordinate or whose agent is theirs, everything for a super admin.
  return query
  select d.id, d.listing_id, d.key, d.label, d.due_at, d.status, d.updated_at, l.address, c.time_zone, d.rule
  from public.contract_deadlines d
  join public.listings l on l.id = d.listing_id
  join public.contracts c on c.id = d.contract_id
  where d.contract_status = 'active'
    and d.due_at >= clock - interval '90 days'
    and d.due_at < clock + interval '400 days'
    and (
      d.listing_agent_id = feed_owner.id
      or (feed_owner.role = 'tc'
          and (d.listing_tc_id = feed_owner.id
               or d.listing_agent_id in (select a.id from public.users a where a.assigned_tc_id = feed_owner.id)))
      or 'super_admin' in (feed_owner.role, feed_owner.original_role)
    )
  order by d.due_at, d.id
  -- PostgREST answers at most max_rows (1,000, as on hosted) rows of a call anyway.
  limit 1000;
end;
$$;

comment on function public.calendar_feed_deadlines(token_hash text, "at" timestamptz) is
  'The calendar-feed function''s query: the deadlines of active contracts that the owner of the feed with this token hash may read (the contract_deadlines read policy''s three routes, for the owner as their account is now), due from 90 days before to 400 days after `at`, at most 1,000 (PostgREST''s max_rows), by due date. Records the fetch (last_fetched_at, and expires_at 180 days on; at most once a minute). Unknown, revoked or stopped (expires_at passed) hash: PT404, nothing written. Service role only (the function hashes the token from the URL).';

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

-- The hash stays unreadable: the owner sees whether the feed is on, since when, when it was last fetched and when it stops.
grant select (last_fetched_at, expires_at) on public.calendar_feeds to authenticated;
