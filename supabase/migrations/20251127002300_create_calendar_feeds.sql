-- ---------------------------------------------------------------------------
-- Calendar feeds: each account may turn on a private iCalendar URL
-- (/functions/v1/calendar-feed/<token>.ics) that calendar apps subscribe to,
-- without signing in. The token is the secret: 256 random bits, shown once
-- by enable_calendar_feed() and stored only as its SHA-256, so neither the
-- database nor a backup reveals a working URL. A new token replaces the old
-- one (the old URL stops working at once); disable_calendar_feed() removes it.
-- The feed lists the deadlines the token's owner may read, decided here by
-- the same three routes as the contract_deadlines read policy, for the owner
-- as the account is now (a coordinator demoted to agent loses their agents'
-- deadlines from the very next fetch).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.calendar_feeds (
  user_id uuid primary key references public.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

comment on table public.calendar_feeds is
  'An account''s private calendar feed (at most one): the SHA-256 of its secret token. Written only by enable_calendar_feed() / disable_calendar_feed(); the owner reads whether it is on and since when.';

comment on column public.calendar_feeds.user_id is 'The account whose deadlines the feed lists.';

comment on column public.calendar_feeds.token_hash is 'Hex SHA-256 of the secret token in the feed URL; the token itself is never stored. Not readable through the API.';

comment on column public.calendar_feeds.created_at is 'When the current token was made (enable_calendar_feed()).';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.calendar_feeds enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function public.enable_calendar_feed()
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
  insert into public.calendar_feeds (user_id, token_hash, created_at)
  values (me, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now())
  on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at;
  return token;
end;
$$;

comment on function public.enable_calendar_feed() is
  'Turns on the caller''s calendar feed with a new secret token and returns it (64 hex characters; the URL is /functions/v1/calendar-feed/<token>.ics). Replaces any earlier token, whose URL then answers 404. Only the token''s SHA-256 is stored, so it is shown only now.';

revoke execute on function public.enable_calendar_feed() from public, anon;

grant execute on function public.enable_calendar_feed() to authenticated, service_role;

create function public.disable_calendar_feed()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  removed integer;
begin
  if me is null then
    raise exception 'sign in with an account to turn off a calendar feed' using errcode = '42501';
  end if;
  delete from public.calendar_feeds f where f.user_id = me;
  get diagnostics removed = row_count;
  return removed > 0;
end;
$$;

comment on function public.disable_calendar_feed() is
  'Turns off the caller''s calendar feed: its URL answers 404 from now on. True when a feed was on.';

revoke execute on function public.disable_calendar_feed() from public, anon;

grant execute on function public.disable_calendar_feed() to authenticated, service_role;

create function public.calendar_feed_deadlines(token_hash text, "at" timestamptz default now())
returns table (id uuid, listing_id uuid, key text, label text, due_at timestamptz, status text, updated_at timestamptz,
               address text, time_zone text, rule text)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  clock timestamptz := coalesce(calendar_feed_deadlines."at", now());
  feed_owner public.users;
begin
  select u.* into feed_owner
  from public.calendar_feeds f join public.users u on u.id = f.user_id
  where f.token_hash = calendar_feed_deadlines.token_hash;
  if feed_owner.id is null then
    raise exception 'calendar feed not found' using errcode = 'PT404';
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
  'The calendar-feed function''s query: the deadlines of active contracts that the owner of the feed with this token hash may read (the contract_deadlines read policy''s three routes, for the owner as their account is now), due from 90 days before to 400 days after `at`, at most 1,000 (PostgREST''s max_rows), by due date. Unknown or revoked hash: PT404. Service role only (the function hashes the token from the URL).';

revoke execute on function public.calendar_feed_deadlines(token_hash text, "at" timestamptz) from public, anon, authenticated;

grant execute on function public.calendar_feed_deadlines(token_hash text, "at" timestamptz) to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Users can read their own calendar feed"
on public.calendar_feeds for select to authenticated
using (user_id = (select private.current_account_id()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

-- The hash stays unreadable: the owner sees whether the feed is on and since when.
revoke all on public.calendar_feeds from anon, authenticated;

grant select (user_id, created_at) on public.calendar_feeds to authenticated;
