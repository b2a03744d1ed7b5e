-- ---------------------------------------------------------------------------
-- Platform: the private schema, server-side settings and the helpers every
-- concern uses (timestamps, owner columns, kept columns, word search).
--
-- The private schema holds helper functions used by policies, server-only
-- settings and secrets. PostgREST does not expose it (config.toml [api]
-- schemas), so nothing here is reachable over REST except through the public
-- functions that wrap it.
--
-- This file and the ones after it are the baseline: one file per concern,
-- each with its tables, rules, grants, functions and triggers. From here on
-- migrations are append-only: a change is a new file that replaces a
-- function or policy whole.
-- ---------------------------------------------------------------------------

create schema if not exists private;
comment on schema private is 'Helpers, settings and secrets of ListingDesk; never exposed by the API.';

-- API roles need usage so policies may call helper functions; tables stay
-- ungranted. Every file revokes EXECUTE on its functions from public and
-- anon and grants authenticated only what the app calls (explicitly, rather
-- than through default privileges that would also change other code's functions).
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Trigram indexes for the admin console's searches (listings, people).
create extension if not exists pg_trgm with schema extensions;

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Settings (server-side configuration that must not live in client code)
-- ---------------------------------------------------------------------------
create table private.settings (
  key text primary key check (char_length(key) <= 100),
  value text not null
);

comment on table private.settings is
  'Server-side settings read only by security definer functions, e.g. role_switcher_email (the one account allowed to use the role switcher) and mls_encryption_key.';

comment on column private.settings.key is 'Setting name, e.g. role_switcher_email, mls_encryption_key.';

comment on column private.settings.value is 'Setting value as text; read only by security definer functions (private.setting(key)).';

-- ---------------------------------------------------------------------------
-- Section - Settings
-- ---------------------------------------------------------------------------

insert into private.settings (key, value) values
  ('role_switcher_email', 'switcher@listingdesk.test'),
  ('mls_encryption_key', encode(extensions.gen_random_bytes(32), 'hex')),
  ('inbound_email_domain', ''),
  ('invitation_lifetime_days', '7');

-- ---------------------------------------------------------------------------
-- Section - Plans
-- ---------------------------------------------------------------------------

-- Signed-in requests are planned generically: PostgREST's prepared
-- statements would otherwise be re-planned with each caller's values, and the
-- policies' helper InitPlans make custom plans no better: with `auto` the
-- coordinator's agent cards answer 25 % fewer requests per second
-- (docs/performance.md, measured with the caller looked up per statement).
alter role authenticated set plan_cache_mode = 'force_generic_plan';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table private.settings enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.setting(setting_key text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.value from private.settings s where s.key = setting_key
$$;

comment on function private.setting(setting_key text) is
  'Value of a server-side setting; not granted to API roles.';

revoke execute on function private.setting(setting_key text) from public;

grant execute on function private.setting(setting_key text) to service_role;

-- ---------------------------------------------------------------------------
-- Timestamps: created_at is fixed at insert, updated_at follows every update.
-- API callers cannot forge either; privileged code (the seed) may backdate.
-- ---------------------------------------------------------------------------
create function private.set_timestamps()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if current_user in ('authenticated', 'anon') or new.created_at is null then
      new.created_at := now();
    end if;
    if tg_argv[0] is distinct from 'created_only' then
      new.updated_at := new.created_at;
    end if;
  else
    if current_user in ('authenticated', 'anon') then
      new.created_at := old.created_at;
    end if;
    if tg_argv[0] is distinct from 'created_only' then
      new.updated_at := now();
    end if;
  end if;
  return new;
end;
$$;

comment on function private.set_timestamps() is
  'Trigger: keeps created_at immutable and updated_at current. Argument created_only for tables without updated_at.';

revoke execute on function private.set_timestamps() from public;

grant execute on function private.set_timestamps() to service_role;

-- Owner columns (who wrote a row: uploaded_by, sender_id, user_id,
-- created_by_id, tc_id of a coordinator's own rows, ...) are the caller's
-- active account, written by the database: whatever id an API client sends is
-- replaced by private.current_account_id(). Scoping columns of tables whose
-- UPDATE grant covers every column (messages, AI tables, invitations) are
-- frozen after insert, so a row cannot be moved to another owner, listing,
-- team or agent. Privileged code (seed, security definer functions, the
-- service role) is not an API role and writes these columns as it needs.

-- ---------------------------------------------------------------------------
-- Functions (security invoker on purpose: current_user is the API role for
-- direct requests and the function owner inside security definer functions)
-- ---------------------------------------------------------------------------
create function private.set_owner()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  me uuid;
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  me := private.current_account_id();
  if me is null then
    raise exception 'this sign-in has no account yet' using errcode = '42501';
  end if;
  new := jsonb_populate_record(new, jsonb_build_object(tg_argv[0], me));
  return new;
end;
$$;

comment on function private.set_owner() is
  'Trigger (before insert, argument: the owner column): API callers always write as their active account; a sent id is overwritten.';

revoke execute on function private.set_owner() from public;

grant execute on function private.set_owner() to service_role;

create function private.keep_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  col text;
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  foreach col in array tg_argv loop
    if (to_jsonb(new) -> col) is distinct from (to_jsonb(old) -> col) then
      raise exception '% is fixed when the row is created', col using errcode = '42501';
    end if;
  end loop;
  return new;
end;
$$;

comment on function private.keep_columns() is
  'Trigger (before update, arguments: column names): API callers cannot change these owner and scoping columns (403).';

revoke execute on function private.keep_columns() from public;

grant execute on function private.keep_columns() to service_role;

create function private.invitation_expires_at()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select now() + make_interval(days => coalesce(private.setting('invitation_lifetime_days')::integer, 7))
$$;

comment on function private.invitation_expires_at() is
  'Default expiry of a new invitation: now plus the invitation_lifetime_days setting (7 when unset).';

revoke execute on function private.invitation_expires_at() from public;

grant execute on function private.invitation_expires_at() to authenticated, service_role;

-- Admin console lists for the `/api` surface (GET /api/admin/users,
-- /api/admin/listings, /api/admin/invitations): super admins only, so another
-- caller gets 403 'Super admin access required' instead of the rows RLS would
-- show them (a coordinator reads their team), searched like the admin console
-- (every word in one of the shown columns, case-insensitive) and paged inside
-- the function, so a page never reads more than its rows (a set-returning
-- plpgsql function materialises its whole result before PostgREST could page).
-- Security invoker: RLS still applies (a super admin reads every row).

create function private.has_every_word(search text, haystack text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(strpos(lower(coalesce(haystack, '')), lower(w)) > 0), true)
  from regexp_split_to_table(btrim(coalesce(search, '')), '\s+') w
  where w <> ''
$$;

comment on function private.has_every_word(search text, haystack text) is
  'True when every whitespace-separated word of search occurs in haystack (case-insensitive, literally: no wildcards); true for a blank search. Not indexable: for small tables or already-narrowed rows.';

revoke execute on function private.has_every_word(search text, haystack text) from public;

grant execute on function private.has_every_word(search text, haystack text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- Not granted anyway; the explicit deny documents intent if a grant ever slips in.
create policy "Nobody can read settings through the API" on private.settings
  for select to authenticated using (false);
