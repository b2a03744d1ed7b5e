-- Private schema: helper functions used by policies, server-only settings and
-- secrets. PostgREST does not expose it (config.toml [api] schemas), so nothing
-- here is reachable over REST except through the public functions that wrap it.

-- ---------------------------------------------------------------------------
-- Schema and privileges
-- ---------------------------------------------------------------------------
create schema if not exists private;
comment on schema private is 'Helpers, settings and secrets of ListingDesk; never exposed by the API.';

-- API roles need usage so policies may call helper functions; tables stay
-- ungranted. Every migration revokes EXECUTE on its functions from public and
-- anon and grants authenticated only what the app calls (explicitly, rather
-- than through default privileges that would also change other code's functions).
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Settings (server-side configuration that must not live in client code)
-- ---------------------------------------------------------------------------
create table private.settings (
  key text primary key check (char_length(key) <= 100),
  value text not null
);
comment on table private.settings is
  'Server-side settings read only by security definer functions, e.g. role_switcher_email (the one account allowed to use the role switcher) and mls_encryption_key.';
alter table private.settings enable row level security;
revoke all on private.settings from public, anon, authenticated;
-- Not granted anyway; the explicit deny documents intent if a grant ever slips in.
create policy "Nobody can read settings through the API" on private.settings
  for select to authenticated using (false);

insert into private.settings (key, value) values
  ('role_switcher_email', 'switcher@listingdesk.test'),
  ('mls_encryption_key', encode(extensions.gen_random_bytes(32), 'hex'));

create function private.setting(setting_key text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.value from private.settings s where s.key = setting_key
$$;
comment on function private.setting(text) is 'Value of a server-side setting; not granted to API roles.';
revoke execute on function private.setting(text) from public, anon, authenticated;

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

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.setting(text),
  private.set_timestamps()
from public, anon;
