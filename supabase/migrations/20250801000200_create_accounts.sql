-- ---------------------------------------------------------------------------
-- Accounts: a sign-in (auth.users) owns one or more accounts (public.users,
-- role agent, tc or super_admin) and acts as one of them (active_accounts).
-- The caller helpers every policy uses live here, with the account functions
-- (switching account or role, assigning agents, profile, MLS password) and the
-- agent cards' view. Privileged columns (role, original_role, assigned_tc_id)
-- have no update grant: they change only through these functions.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Accounts: public.users holds the app's accounts. One sign-in (auth.users row)
-- may own several accounts with different roles (account selection, a
-- coordinator's test agent profile); public.active_accounts records which one
-- the sign-in is acting as, and every policy acts for that account through
-- private.current_account_id().

create table public.users (
  id uuid primary key default gen_random_uuid(),
  auth_user_id uuid not null references auth.users (id) on delete cascade,
  email text not null check (char_length(email) <= 255),
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  profile_image_url text check (char_length(profile_image_url) <= 500),
  id_photos jsonb not null default '[]'::jsonb,
  role text not null default 'agent' check (role in ('agent', 'tc', 'super_admin')),
  original_role text check (original_role in ('agent', 'tc', 'super_admin')),
  assigned_tc_id uuid references public.users (id) on delete set null,
  phone text check (char_length(phone) <= 50),
  mls_system text check (char_length(mls_system) <= 255),
  mls_username text check (char_length(mls_username) <= 255),
  mls_systems jsonb not null default '[]'::jsonb,
  license_number text check (char_length(license_number) <= 100),
  brokerage text check (char_length(brokerage) <= 255),
  brokerage_address text check (char_length(brokerage_address) <= 500),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Set by the database (mark_test_profiles): an agent account of a sign-in that also owns a tc account.
  is_test_profile boolean not null default false,
  -- One lower-case column for the people searches (name and e-mail), indexed by trigram.
  search_text text generated always as (
    lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))
  ) stored,
  constraint users_not_own_tc check (assigned_tc_id <> id),
  -- Target of active_accounts' composite key: an active account must belong to the sign-in.
  constraint users_id_auth_user_key unique (id, auth_user_id)
);

comment on table public.users is
  'Accounts of the app (agent, tc, super_admin). Several accounts may share one sign-in (auth_user_id) and one e-mail, so e-mail is not unique. Role, original_role, assigned_tc_id and auth_user_id change only through functions. The MLS password is not here: see private.user_secrets.';

comment on column public.users.id is 'Account id (one sign-in may own several accounts).';

comment on column public.users.auth_user_id is 'The sign-in (auth.users.id) owning this account. No UPDATE grant.';

comment on column public.users.email is 'The sign-in''s e-mail (auth.users.email), set and kept in sync by the database; not writable through the API. Changed through Auth''s e-mail change.';

comment on column public.users.first_name is 'First name (up to 100 characters).';

comment on column public.users.last_name is 'Last name (up to 100 characters).';

comment on column public.users.profile_image_url is 'Avatar: object path in the public avatars bucket (<account_id>/…) or a URL.';

comment on column public.users.id_photos is 'Photos of identity documents: JSON array of object paths or URLs.';

comment on column public.users.role is 'agent, tc (transaction coordinator) or super_admin. Changes only through switch_role() (role switcher) or the database; no UPDATE grant.';

comment on column public.users.original_role is 'The true role while the role switcher shows another one; null when role is the true role. Super admin rights also apply when this is super_admin.';

comment on column public.users.assigned_tc_id is 'An agent''s coordinator (the team); null when unassigned or not an agent. Changes only through assign_agent()/unassign_agent().';

comment on column public.users.phone is 'Phone number as entered (up to 50 characters).';

comment on column public.users.mls_system is 'Name of the agent''s main MLS system.';

comment on column public.users.mls_username is 'User name on the MLS system. The password is encrypted in private.user_secrets.';

comment on column public.users.mls_systems is 'Further MLS systems of the agent (JSON array).';

comment on column public.users.license_number is 'Real-estate license number.';

comment on column public.users.brokerage is 'Name of the brokerage the person works for.';

comment on column public.users.brokerage_address is 'Address of the brokerage.';

comment on column public.users.notes is 'Free-text notes on the profile.';

comment on column public.users.created_at is 'When the account was created. Set by trigger.';

comment on column public.users.updated_at is 'When the account last changed. Set by trigger.';

comment on column public.users.is_test_profile is 'True for an agent account whose sign-in also has a coordinator account (the coordinator''s test agent profile; badge ''Test Profile''). Kept by private.mark_test_profiles(); clients cannot write it.';

comment on column public.users.search_text is 'lower(first_name || '' '' || last_name || '' '' || email), kept by the database: what the search boxes match a word against (search_text like ''%word%'', src/lib/person-search.ts). Words never hold spaces, so a match never spans two of the fields.';

create table public.active_accounts (
  auth_user_id uuid primary key references auth.users (id) on delete cascade,
  user_id uuid not null,
  updated_at timestamptz not null default now(),
  foreign key (user_id, auth_user_id) references public.users (id, auth_user_id) on delete cascade
);

comment on table public.active_accounts is
  'The account a sign-in currently acts as. Written only by public.switch_account(); without a row the sign-in acts as its oldest account.';

comment on column public.active_accounts.auth_user_id is 'The sign-in (auth.users.id); one row per sign-in.';

comment on column public.active_accounts.user_id is 'The account the sign-in acts as; must belong to the same sign-in (composite foreign key).';

comment on column public.active_accounts.updated_at is 'When the sign-in last switched account.';

create table private.user_secrets (
  user_id uuid primary key references public.users (id) on delete cascade,
  mls_password_encrypted bytea,
  updated_at timestamptz not null default now()
);

comment on table private.user_secrets is
  'Owner-only secrets (MLS password, encrypted with pgp_sym_encrypt). Outside the API schema, not granted, not published: reachable only through get_mls_password()/set_mls_password().';

comment on column private.user_secrets.user_id is 'The account owning the secrets.';

comment on column private.user_secrets.mls_password_encrypted is 'MLS password encrypted with pgp_sym_encrypt and private.settings mls_encryption_key; null when not set. Read only through get_mls_password().';

comment on column private.user_secrets.updated_at is 'When the secret was last set or cleared.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.users enable row level security;

alter table public.active_accounts enable row level security;

alter table private.user_secrets enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- The caller. Every rule acts for the caller's account: the sign-in's active
-- account (active_accounts, changed only by switch_account()), else its
-- oldest. private.caller_context() reads it from the tables at each call; the
-- helpers below each take one part of it, and policies call them as
-- `(select private.fn())`, an InitPlan run once per statement. Nothing is
-- kept past a statement (the helpers of one read-only statement share one
-- lookup), so a role switch, an assignment, a deletion or an account switch is
-- seen by the very next statement, on any connection.
-- ---------------------------------------------------------------------------

create function private.caller_context()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  sign_in uuid := auth.uid();
  key text;
  kept text;
  context text[];
begin
  if sign_in is null then
    return array[null, null, null, null, null]::text[];
  end if;
  -- A policy's helpers each ask once per statement; the first answer serves
  -- the others of the same statement, for the same sign-in, and only while
  -- this transaction has written nothing (no transaction id yet). Within one
  -- statement the tables are read from one snapshot, so a lookup would give
  -- the same answer; once the transaction writes, every call looks again and
  -- sees its own changes. The key names the statement, so nothing is used
  -- past it, and the setting is local to the transaction.
  if txid_current_if_assigned() is null then
    key := statement_timestamp()::text || '/' || sign_in::text || '/';
    kept := current_setting('listingdesk.caller', true);
    if starts_with(kept, key) then
      return string_to_array(substr(kept, length(key) + 1), '/', '');
    end if;
  end if;
  -- One statement: the active account of the sign-in, else its oldest, and a
  -- coordinator's agents.
  select array[u.id::text, u.role, u.original_role, (case u.role when 'tc' then u.id when 'agent' then u.assigned_tc_id end)::text,
               case when u.role = 'tc' then (select string_agg(a.id::text, ',') from public.users a where a.assigned_tc_id = u.id) end]
    into context
  from public.users u
  where u.id = coalesce(
      (select a.user_id from public.active_accounts a where a.auth_user_id = sign_in),
      (select o.id from public.users o where o.auth_user_id = sign_in order by o.created_at, o.id limit 1));
  context := coalesce(context, array[null, null, null, null, null]::text[]);
  if key is not null then
    perform set_config('listingdesk.caller', key || array_to_string(context, '/', ''), true);
  end if;
  return context;
end;
$$;

comment on function private.caller_context() is
  'The caller as {account id, role, original_role, team id, agents} (agents: a coordinator''s assigned agents, comma-separated; nulls for anon or a sign-in without account), read from users and active_accounts. Within one statement of a transaction that has written nothing, the first answer is reused (transaction-local setting listingdesk.caller keyed by statement_timestamp() and the sign-in): stable, since within one statement the tables are read from one snapshot; nothing is kept past the statement. Policies read it through current_account_id(), current_role(), is_super_admin(), current_team_id(), is_coordinator() and coordinated_agents(), each as an InitPlan.';

revoke execute on function private.caller_context() from public;

grant execute on function private.caller_context() to authenticated, service_role;

create function private.current_account_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return nullif((private.caller_context())[1], '')::uuid;
end;
$$;

comment on function private.current_account_id() is
  'The account the caller acts as: the active account of auth.uid(), else its oldest account; null for anon. Call as (select private.current_account_id()).';

revoke execute on function private.current_account_id() from public;

grant execute on function private.current_account_id() to authenticated, service_role;

create function private.current_role()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return nullif((private.caller_context())[2], '');
end;
$$;

comment on function private.current_role() is
  'Role of the active account (agent, tc, super_admin) or null.';

revoke execute on function private.current_role() from public;

grant execute on function private.current_role() to authenticated, service_role;

create function private.is_super_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The role, or the original role of a super admin using the role switcher.
  return coalesce('super_admin' = any ((private.caller_context())[2:3]), false);
end;
$$;

comment on function private.is_super_admin() is
  'True when the active account is super_admin, or is using the role switcher with original_role super_admin.';

revoke execute on function private.is_super_admin() from public;

grant execute on function private.is_super_admin() to authenticated, service_role;

create function private.current_team_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return nullif((private.caller_context())[4], '')::uuid;
end;
$$;

comment on function private.current_team_id() is
  'The team of the active account, identified by its coordinator: a tc''s own id, an agent''s assigned_tc_id; null for unassigned agents and super_admin.';

revoke execute on function private.current_team_id() from public;

grant execute on function private.current_team_id() to authenticated, service_role;

create function private.is_coordinator()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  return coalesce(context[2] in ('tc', 'super_admin') or context[3] = 'super_admin', false);
end;
$$;

comment on function private.is_coordinator() is
  'True for tc and super admin accounts (the coordinator team chat audience).';

revoke execute on function private.is_coordinator() from public;

grant execute on function private.is_coordinator() to authenticated, service_role;

create function private.coordinated_agents()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(string_to_array(nullif((private.caller_context())[5], ''), ',')::uuid[], '{}');
end;
$$;

comment on function private.coordinated_agents() is
  'The agents assigned to the caller when acting as tc (users.assigned_tc_id), as an array; empty for everyone else. Policies test `column = any ((select private.coordinated_agents())::uuid[])`, one InitPlan per statement.';

revoke execute on function private.coordinated_agents() from public;

grant execute on function private.coordinated_agents() to authenticated, service_role;

-- For functions that join on the caller's agents (workflow scope, listing stats).
create function private.coordinated_agent_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query select unnest(private.coordinated_agents());
end;
$$;

comment on function private.coordinated_agent_ids() is
  'The agents assigned to the caller when acting as tc, as a set (private.coordinated_agents() unnested); empty for everyone else.';

revoke execute on function private.coordinated_agent_ids() from public;

grant execute on function private.coordinated_agent_ids() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Guard (security invoker on purpose): role, original_role, assigned_tc_id and auth_user_id are changed only
-- by security definer functions (current_user is then their owner, not an API
-- role). Column grants below already stop direct updates; this also covers inserts.
-- ---------------------------------------------------------------------------
create function private.guard_user_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      raise exception 'accounts are created by sign-up or onboarding, not by the client' using errcode = '42501';
    end if;
    if new.role is distinct from old.role or new.original_role is distinct from old.original_role
       or new.assigned_tc_id is distinct from old.assigned_tc_id or new.auth_user_id is distinct from old.auth_user_id then
      raise exception 'role, original_role, assigned_tc_id and auth_user_id change only through functions' using errcode = '42501';
    end if;
  end if;
  if new.assigned_tc_id is not null and (tg_op = 'INSERT' or new.assigned_tc_id is distinct from old.assigned_tc_id) and not exists (
    select 1 from public.users t where t.id = new.assigned_tc_id and 'tc' in (t.role, t.original_role)
  ) then
    raise exception 'assigned_tc_id must be a coordinator account' using errcode = '23514';
  end if;
  return new;
end;
$$;

comment on function private.guard_user_columns() is
  'Trigger: API roles cannot insert accounts or change privileged columns; assigned_tc_id must name a tc.';

revoke execute on function private.guard_user_columns() from public;

grant execute on function private.guard_user_columns() to service_role;

-- ---------------------------------------------------------------------------
-- Forced account creation (/api/force-account-creation): an account for a
-- sign-in that has none (e.g. created before this trigger existed).
-- ---------------------------------------------------------------------------
create function public.ensure_account()
returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  sign_in auth.users;
  account public.users;
begin
  select * into sign_in from auth.users where id = auth.uid();
  if sign_in.id is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if private.current_account_id() is null then
    perform private.create_first_account(sign_in);
  end if;
  select * into account from public.users where id = private.current_account_id();
  return account;
end;
$$;

comment on function public.ensure_account() is
  'Returns the active account, creating the first one if the sign-in has none.';

revoke execute on function public.ensure_account() from public, anon;

-- ---------------------------------------------------------------------------
-- Switching accounts: unknown id 404, another sign-in's account 403.
-- ---------------------------------------------------------------------------
create function public.switch_account(account_id uuid)
returns public.users
language plpgsql
security definer
set search_path = ''
as $$
declare
  account public.users;
begin
  select * into account from public.users u where u.id = account_id;
  if account.id is null then
    raise exception 'account not found' using errcode = 'PT404';
  end if;
  if account.auth_user_id is distinct from auth.uid() then
    raise exception 'not one of your accounts' using errcode = '42501';
  end if;
  insert into public.active_accounts (auth_user_id, user_id) values (auth.uid(), account.id)
  on conflict (auth_user_id) do update set user_id = excluded.user_id, updated_at = now();
  return account;
end;
$$;

comment on function public.switch_account(account_id uuid) is
  'Makes one of the caller''s own accounts the active one (404 unknown account, 403 another sign-in''s).';

revoke execute on function public.switch_account(account_id uuid) from public, anon;

-- ---------------------------------------------------------------------------
-- Role switcher: only the sign-in whose verified auth e-mail equals the
-- role_switcher_email setting. (The profile e-mail is editable, so it is never
-- used for this check.) Records the true role in original_role.
-- ---------------------------------------------------------------------------
create function public.switch_role(target text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  account public.users;
  true_role text;
  next_role text;
begin
  if not exists (
    select 1 from auth.users a
    where a.id = auth.uid() and lower(a.email) = lower(private.setting('role_switcher_email'))
  ) then
    raise exception 'the role switcher is not available for this account' using errcode = '42501';
  end if;
  select * into account from public.users u where u.id = private.current_account_id();
  if target is null then
    next_role := case account.role when 'agent' then 'tc' when 'tc' then 'super_admin' else 'agent' end;
  elsif target in ('agent', 'tc', 'super_admin') then
    next_role := target;
  else
    raise exception 'unknown role %', target using errcode = '22023';
  end if;
  true_role := coalesce(account.original_role, account.role);
  update public.users u
  set role = next_role, original_role = case when next_role = true_role then null else true_role end
  where u.id = account.id;
  return next_role;
end;
$$;

comment on function public.switch_role(target text) is
  'Role switcher for the one privileged sign-in: without target agent->tc, tc->super_admin, else->agent; records original_role.';

revoke execute on function public.switch_role(target text) from public, anon;

-- ---------------------------------------------------------------------------
-- Coordinator assignment: unknown agent or coordinator 404; another
-- coordinator's agent 403; already yours 409. Both functions read the agent
-- FOR UPDATE before checking it, so two calls about the same agent decide one
-- after the other: the second waits for the first transaction and then gets
-- the refusal it would get run afterwards (one row locked per call, so they
-- cannot deadlock each other; tests/integration/agent-assignment-races.test.ts).
-- ---------------------------------------------------------------------------
create function public.assign_agent(agent_id uuid, tc_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  target_tc uuid := coalesce(tc_id, me);
  agent public.users;
begin
  if not (private.is_super_admin() or (private.current_role() = 'tc' and target_tc = me)) then
    raise exception 'only coordinators assign agents to themselves' using errcode = '42501';
  end if;
  -- Locked: a concurrent assignment of the same agent commits (or not) before this one checks it.
  select * into agent from public.users u where u.id = agent_id and u.role = 'agent' for update;
  if agent.id is null then
    raise exception 'agent not found' using errcode = 'PT404';
  end if;
  if not private.is_team_coordinator(target_tc) then
    raise exception 'coordinator not found' using errcode = 'PT404';
  end if;
  if not private.is_super_admin() and agent.assigned_tc_id is not null then
    if agent.assigned_tc_id = me then
      raise exception 'agent is already assigned to you' using errcode = 'PT409';
    end if;
    raise exception 'agent is assigned to another coordinator' using errcode = '42501';
  end if;
  update public.users u set assigned_tc_id = target_tc where u.id = agent.id;
  update public.listings l set tc_id = target_tc where l.agent_id = agent.id;
end;
$$;

comment on function public.assign_agent(agent_id uuid, tc_id uuid) is
  'Assigns an agent to a coordinator (a tc: unassigned agents to self; super admin: anyone). 404 unknown agent/coordinator, 403 another coordinator''s agent, 409 already yours. Locks the agent''s row, so concurrent calls decide one after the other.';

revoke execute on function public.assign_agent(agent_id uuid, tc_id uuid) from public, anon;

create function public.unassign_agent(agent_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  agent public.users;
begin
  -- Locked: a concurrent move of the same agent commits (or not) before this one checks whose agent it is.
  select * into agent from public.users u where u.id = agent_id and u.role = 'agent' for update;
  if agent.id is null then
    raise exception 'agent not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or agent.assigned_tc_id = me) then
    raise exception 'not your agent' using errcode = '42501';
  end if;
  update public.users u set assigned_tc_id = null where u.id = agent.id;
  update public.listings l set tc_id = null where l.agent_id = agent.id;
end;
$$;

comment on function public.unassign_agent(agent_id uuid) is
  'Unassigns an agent from its coordinator (the coordinator itself or a super admin). 404 unknown agent, 403 someone else''s. Locks the agent''s row, so concurrent calls decide one after the other.';

revoke execute on function public.unassign_agent(agent_id uuid) from public, anon;

-- ---------------------------------------------------------------------------
-- The test agent profile shows the coordinator's sign-in e-mail. The argument
-- stays for callers of the old signature; another address is refused (400).
-- ---------------------------------------------------------------------------
create function public.create_test_agent_profile(profile_email text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  tc public.users;
  sign_in_email text;
  account_id uuid;
begin
  select * into tc from public.users u where u.id = private.current_account_id() and u.role = 'tc';
  if tc.id is null then
    raise exception 'only coordinators have a test agent profile' using errcode = '42501';
  end if;
  select a.email into sign_in_email from auth.users a where a.id = tc.auth_user_id;
  if profile_email is not null and lower(btrim(profile_email)) is distinct from lower(sign_in_email) then
    raise exception 'the test agent profile uses your sign-in e-mail; another address is not accepted' using errcode = '22023',
      hint = 'Leave profile_email out, or change your sign-in e-mail through Auth.';
  end if;
  if exists (select 1 from public.users u where u.auth_user_id = tc.auth_user_id and u.role = 'agent') then
    raise exception 'this sign-in already has an agent account' using errcode = '23505';
  end if;
  insert into public.users (auth_user_id, email, role, first_name, last_name, assigned_tc_id)
  values (tc.auth_user_id, sign_in_email, 'agent', tc.first_name, tc.last_name, tc.id)
  returning id into account_id;
  return account_id;
end;
$$;

comment on function public.create_test_agent_profile(profile_email text) is
  'Creates the calling coordinator''s test agent account under the same sign-in, with the sign-in''s e-mail (profile_email, if given, must be that address).';

revoke execute on function public.create_test_agent_profile(profile_email text) from public, anon;

-- set_mls_password(): a blank or over-long password is bad input (22023,
-- HTTP 400) with a message the profile screen shows; null clears it.

create function public.set_mls_password(password text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
begin
  if me is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if password is not null and btrim(password) = '' then
    raise exception 'The MLS password cannot be blank; clear it instead.' using errcode = '22023';
  end if;
  if char_length(password) > 255 then
    raise exception 'The MLS password can be at most 255 characters.' using errcode = '22023';
  end if;
  insert into private.user_secrets (user_id, mls_password_encrypted, updated_at)
  values (me, case when password is null then null
    else extensions.pgp_sym_encrypt(password, private.setting('mls_encryption_key')) end, now())
  on conflict (user_id) do update set mls_password_encrypted = excluded.mls_password_encrypted, updated_at = now();
end;
$$;

comment on function public.set_mls_password(password text) is
  'Stores the active account''s MLS password, encrypted (null clears it; blank or longer than 255 characters is refused with 22023).';

revoke execute on function public.set_mls_password(password text) from public, anon;

create function public.get_mls_password()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select extensions.pgp_sym_decrypt(s.mls_password_encrypted, private.setting('mls_encryption_key'))
  from private.user_secrets s
  where s.user_id = private.current_account_id()
$$;

comment on function public.get_mls_password() is
  'The active account''s own MLS password; nobody can read another account''s.';

revoke execute on function public.get_mls_password() from public, anon;

-- ---------------------------------------------------------------------------
-- Deleting a user: unknown id 404; one's own active account 409.
-- ---------------------------------------------------------------------------
create function public.delete_user(account_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  sign_in uuid;
begin
  if not private.is_super_admin() then
    raise exception 'super admin access required' using errcode = '42501';
  end if;
  if account_id = private.current_account_id() then
    raise exception 'you cannot delete the account you are using' using errcode = 'PT409';
  end if;
  delete from public.users u where u.id = account_id returning u.auth_user_id into sign_in;
  if sign_in is null then
    raise exception 'user not found' using errcode = 'PT404';
  end if;
  if not exists (select 1 from public.users u where u.auth_user_id = sign_in) then
    delete from auth.users a where a.id = sign_in;
  end if;
end;
$$;

comment on function public.delete_user(account_id uuid) is
  'Super admin: deletes an account and, when it was the last one, its sign-in. 403 for others, 404 unknown account, 409 own active account.';

revoke execute on function public.delete_user(account_id uuid) from public, anon;

create function private.is_tc_account(account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.users u where u.id = account_id and u.role in ('tc', 'super_admin'))
$$;

comment on function private.is_tc_account(account_id uuid) is
  'True when the account may join coordinator channels. Evaluated per row.';

revoke execute on function private.is_tc_account(account_id uuid) from public;

grant execute on function private.is_tc_account(account_id uuid) to authenticated, service_role;

-- The app shows the role switcher only to the privileged sign-in. The rule
-- (verified auth e-mail equals private.settings.role_switcher_email) lives in
-- the database next to switch_role(), so the client asks instead of knowing
-- the e-mail.

create function public.can_switch_role()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.users a
    where a.id = (select auth.uid()) and lower(a.email) = lower(private.setting('role_switcher_email'))
  )
$$;

comment on function public.can_switch_role() is
  'True when the caller may use switch_role(): the same check switch_role() applies. One indexed auth.users lookup.';

revoke execute on function public.can_switch_role() from public, anon;

-- The e-mail shown for an account is its sign-in's e-mail (auth.users.email),
-- never free text: an agent could otherwise show teammates the admin's
-- address. The database sets public.users.email from auth.users on every
-- insert (sign-up trigger, onboarding, the test agent profile) and follows
-- Auth when the address changes (after the new address is confirmed, Auth
-- updates auth.users.email). API roles, super admins included, have no UPDATE
-- privilege on the column; changing it goes through Auth's e-mail change.

-- ---------------------------------------------------------------------------
-- Derivation: whatever an insert or update supplies, the sign-in's e-mail wins.
-- ---------------------------------------------------------------------------
create function private.set_account_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.email := coalesce((select a.email from auth.users a where a.id = new.auth_user_id), '');
  return new;
end;
$$;

comment on function private.set_account_email() is
  'Trigger on public.users: email is the sign-in''s auth.users.email (one primary-key lookup per written row).';

revoke execute on function private.set_account_email() from public;

grant execute on function private.set_account_email() to service_role;

-- ---------------------------------------------------------------------------
-- Sync: a confirmed e-mail change in Auth reaches every account of the sign-in.
-- ---------------------------------------------------------------------------
create function private.sync_account_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users u set email = coalesce(new.email, '')
  where u.auth_user_id = new.id and u.email is distinct from coalesce(new.email, '');
  return null;
end;
$$;

comment on function private.sync_account_email() is
  'Trigger on auth.users: when Auth changes a sign-in''s e-mail, its accounts follow.';

revoke execute on function private.sync_account_email() from public;

grant execute on function private.sync_account_email() to service_role;

create function public.available_agents()
returns table (id uuid, first_name text, last_name text, email text, profile_image_url text, created_at timestamptz, search_text text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.current_role() = 'tc' or private.is_super_admin()) then
    raise exception 'only coordinators and super admins list available agents' using errcode = '42501';
  end if;
  return query
    select u.id, u.first_name, u.last_name, u.email, u.profile_image_url, u.created_at, u.search_text
    from public.users u
    where u.role = 'agent' and u.assigned_tc_id is null
    order by u.first_name, u.last_name, u.id;
end;
$$;

comment on function public.available_agents() is
  'Unassigned agents (id, names, e-mail, avatar, created_at, search_text) for the Agent Assignments screen; coordinators and super admins only (others get 42501). PostgREST filters and orders its result like a table (rpc/available_agents?order=first_name).';

revoke execute on function public.available_agents() from public, anon;

-- The agent dashboard's stat cards (Total Listings, Incomplete, Ready, Under
-- Contract; spec part 2 §2, §3 "Listing stats") in one request.
--
-- Why a function and not `listings?select=status,count()`: hosted PostgREST
-- runs with aggregates off (`db-aggregates-enabled = false`, the default), so
-- a client cannot group or count by status through /rest/v1; fetching every
-- row to count it in the browser would not scale (an agent may have hundreds).
-- The function is security invoker, so the RLS of public.listings decides
-- which rows are counted, exactly as for the list it summarises.

-- ---------------------------------------------------------------------------
-- Helper: does an account exist (ignoring RLS), so refusals can tell
-- "unknown id" (404) from "not yours" (403).
-- ---------------------------------------------------------------------------
create function private.account_exists(account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.users u where u.id = account_id)
$$;

comment on function private.account_exists(account_id uuid) is
  'True when an account (public.users row) with this id exists; for error statuses of functions.';

revoke execute on function private.account_exists(account_id uuid) from public;

grant execute on function private.account_exists(account_id uuid) to authenticated, service_role;

-- The agent profile shows whether an MLS password is stored ("set" / "not
-- set") without reading the secret: get_mls_password() decrypts, and the
-- profile screen must not hold the password unless its owner asks to see it.

create function public.mls_password_is_set()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.user_secrets s
    where s.user_id = (select private.current_account_id()) and s.mls_password_encrypted is not null
  )
$$;

comment on function public.mls_password_is_set() is
  'True when the active account has an MLS password stored; never decrypts it and never answers for another account. One primary-key lookup on private.user_secrets.';

revoke execute on function public.mls_password_is_set() from public, anon;

-- The invitations Edge Function (and any client) needs to know whether the
-- caller acts as a super admin before doing anything on their behalf, to
-- answer 403 'Super admin access required' rather than a silent empty result.
-- The rule itself stays private.is_super_admin() (role or original_role of the
-- active account); this exposes only its answer for the caller themselves.
create function public.is_super_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.is_super_admin()
$$;

comment on function public.is_super_admin() is
  'True when the caller''s active account is super_admin (role or original_role while using the role switcher). Reveals only the caller''s own status; used by the invitations Edge Function.';

revoke execute on function public.is_super_admin() from public, anon;

-- The signed-in person's active account in one call, for the `/api`
-- surface's GET /api/auth/user (the app itself reads the same through
-- supabase-js): the account row as its owner may read it, plus whether the
-- sign-in may use the role switcher.
create function public.current_account()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select to_jsonb(u) || jsonb_build_object('can_switch_role', public.can_switch_role())
  from public.users u
  where u.id = (select private.current_account_id())
$$;

comment on function public.current_account() is
  'The caller''s active account (its public.users row under RLS) plus can_switch_role; null when the sign-in has no account. One indexed lookup.';

revoke execute on function public.current_account() from public, anon;

create function public.current_account_id()
returns uuid
language sql
stable
security invoker
set search_path = ''
as $$
  select private.current_account_id()
$$;

comment on function public.current_account_id() is
  'The account (users.id) the caller acts as, for API queries that name it (user_id = me); null when the sign-in has no account.';

revoke execute on function public.current_account_id() from public, anon;

-- The profile form's save in one call, for the `/api` surface's PUT
-- /api/profile: writes the given profile columns of the caller's active
-- account (the same row the app's `users?id=eq.<active account>` update
-- writes) and answers the row. Security invoker, so the users table's column
-- grants and RLS decide as for the app. The e-mail is not a column here: it
-- changes only through Auth's confirmed e-mail change.
create function public.update_own_profile(changes jsonb)
returns public.users
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowed constant text[] := array['first_name', 'last_name', 'phone', 'mls_system', 'mls_username',
    'license_number', 'brokerage', 'brokerage_address'];
  unknown text;
  account public.users;
begin
  if changes is null or jsonb_typeof(changes) <> 'object' then
    raise exception 'changes must be an object of profile fields' using errcode = '22023';
  end if;
  select k into unknown from jsonb_object_keys(changes) k where k <> all (allowed) limit 1;
  if unknown is not null then
    raise exception 'unknown profile field: %', unknown using errcode = '22023';
  end if;
  select k into unknown from jsonb_each(changes) e(k, v) where jsonb_typeof(v) not in ('string', 'null') limit 1;
  if unknown is not null then
    raise exception 'profile field % must be text or null', unknown using errcode = '22023';
  end if;
  if (changes ? 'first_name' and coalesce(btrim(changes ->> 'first_name'), '') = '')
     or (changes ? 'last_name' and coalesce(btrim(changes ->> 'last_name'), '') = '') then
    raise exception 'first and last name cannot be blank' using errcode = '22023';
  end if;

  update public.users u
  set first_name = case when changes ? 'first_name' then changes ->> 'first_name' else u.first_name end,
      last_name = case when changes ? 'last_name' then changes ->> 'last_name' else u.last_name end,
      phone = case when changes ? 'phone' then changes ->> 'phone' else u.phone end,
      mls_system = case when changes ? 'mls_system' then changes ->> 'mls_system' else u.mls_system end,
      mls_username = case when changes ? 'mls_username' then changes ->> 'mls_username' else u.mls_username end,
      license_number = case when changes ? 'license_number' then changes ->> 'license_number' else u.license_number end,
      brokerage = case when changes ? 'brokerage' then changes ->> 'brokerage' else u.brokerage end,
      brokerage_address = case when changes ? 'brokerage_address' then changes ->> 'brokerage_address' else u.brokerage_address end
  where u.id = (select private.current_account_id())
  returning * into account;
  if account.id is null then
    raise exception 'this sign-in has no account yet' using errcode = 'PT404';
  end if;
  return account;
end;
$$;

comment on function public.update_own_profile(changes jsonb) is
  'Writes the given profile fields (first_name, last_name, phone, mls_system, mls_username, license_number, brokerage, brokerage_address; a missing key is kept, null clears) of the caller''s active account and returns it. Security invoker (column grants, RLS). 400 unknown field, non-text value or blank name; 404 no account.';

revoke execute on function public.update_own_profile(changes jsonb) from public, anon;

-- The caller's active account as a row PostgREST can embed from, for the
-- `/api` surface: GET /api/notifications and /api/notifications/unread-count
-- read the caller's own inbox in one request by embedding `notifications` on
-- this row (the notifications policy lets a super admin read every inbox, so
-- the inbox must be named by the active account, which only the database knows).

create function public.my_account()
returns setof public.users
language sql
stable
security invoker
set search_path = ''
rows 1
as $$
  select u.* from public.users u where u.id = (select private.current_account_id())
$$;

comment on function public.my_account() is
  'The caller''s active account (its public.users row under RLS), no row when the sign-in has none; an embedding root for the caller''s own rows (e.g. my_account?select=notifications(...)). One indexed lookup.';

revoke execute on function public.my_account() from public, anon;

-- Counts per agent shown, on the indexes, for the agent cards: evaluated once
-- per row of agent_overview, so the view hands over the caller it worked out
-- once per statement ((select private.caller_context()), an InitPlan) instead
-- of the function asking again for every row.
create function private.agent_work_count(agent uuid, what text, caller text[])
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := caller[1]::uuid;
begin
  -- Whose work the caller may count: their own, their agents' (acting as tc), anyone's for a super admin.
  if me is null
     or not (agent = me
       or 'super_admin' = any (caller[2:3])
       or (caller[2] = 'tc' and agent = any (coalesce(string_to_array(nullif(caller[5], ''), ',')::uuid[], '{}')))) then
    return 0;
  end if;
  return case what
    when 'listings' then (select count(*) from public.listings l where l.agent_id = agent)
    when 'tasks' then (select count(*) from public.tasks t where t.assigned_to_id = agent)
    when 'open_tasks' then (select count(*) from public.tasks t where t.assigned_to_id = agent and t.status <> 'completed')
  end;
end;
$$;

comment on function private.agent_work_count(agent uuid, what text, caller text[]) is
  'One count of one agent for the agent_overview view (what: listings, tasks, open_tasks): the agent themself, their coordinator (acting as tc) and super admins get it, anyone else 0. caller is private.caller_context() of the statement, passed by the view from its InitPlan. Counts on the indexes, without per-row policies.';

revoke execute on function private.agent_work_count(agent uuid, what text, caller text[]) from public;

grant execute on function private.agent_work_count(agent uuid, what text, caller text[]) to authenticated, service_role;

create function private.derive_test_profiles(sign_ins uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- An agent account is a test profile while its sign-in has a coordinator
  -- account. Only rows whose flag changes are written, so the trigger this
  -- update fires again finds nothing left to change.
  update public.users u
     set is_test_profile = derived.value
    from (
      select a.id, a.role = 'agent' and exists (
               select 1 from public.users t where t.auth_user_id = a.auth_user_id and t.role = 'tc'
             ) as value
        from public.users a
       where a.auth_user_id = any (sign_ins)
    ) derived
   where u.id = derived.id
     and u.is_test_profile is distinct from derived.value;
end;
$$;

comment on function private.derive_test_profiles(sign_ins uuid[]) is
  'Sets users.is_test_profile on every account of the given sign-ins (the one rule for the flag: an agent account whose sign-in also has a coordinator account). Called by private.mark_test_profiles() and once by this migration for existing accounts.';

revoke execute on function private.derive_test_profiles(sign_ins uuid[]) from public;

create function private.mark_test_profiles()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One writer per sign-in until its transaction ends: a coordinator account
  -- and an agent account of one sign-in created at the same time would each
  -- miss the other's uncommitted row. The second waits here, and its update
  -- (a new statement, so a new snapshot) sees the first one's row.
  perform pg_advisory_xact_lock(hashtextextended('listingdesk test profiles ' || s::text, 0))
     from unnest(array[old.auth_user_id, new.auth_user_id]) s
    where s is not null
    order by s;
  -- The sign-ins this row had and has (old is null on insert, new on delete).
  perform private.derive_test_profiles(array[old.auth_user_id, new.auth_user_id]);
  return null;
end;
$$;

comment on function private.mark_test_profiles() is
  'Trigger on users (after insert, delete, or update of role, auth_user_id or is_test_profile): sets is_test_profile on every account of the sign-ins the row had and has, one transaction per sign-in at a time. Security definer: clients have no update grant on the flag.';

revoke execute on function private.mark_test_profiles() from public;

-- ---------------------------------------------------------------------------
-- Section - Views
-- ---------------------------------------------------------------------------

-- The agent cards and the agent picker read this view; the counts come from
-- agent_work_count(), given the statement's caller once (InitPlans).
create view public.agent_overview with (security_invoker = true) as
select
  u.id,
  u.first_name,
  u.last_name,
  u.email,
  u.profile_image_url,
  u.assigned_tc_id,
  u.is_test_profile,
  u.created_at,
  private.agent_work_count(u.id, 'listings', (select private.caller_context())) as listing_count,
  private.agent_work_count(u.id, 'tasks', (select private.caller_context())) as task_count,
  private.agent_work_count(u.id, 'open_tasks', (select private.caller_context())) as open_task_count,
  u.search_text
from public.users u
where u.role = 'agent';

comment on view public.agent_overview is
  'Agent cards of the coordinator dashboard: agent accounts the caller may read (security_invoker: RLS of users applies), with counts of their listings and tasks for callers who may see that agent''s work (private.agent_work_count). Query as agent_overview?assigned_tc_id=eq.<coordinator>&order=first_name.';

comment on column public.agent_overview.id is 'The agent account (public.users.id).';

comment on column public.agent_overview.first_name is 'Agent first name.';

comment on column public.agent_overview.last_name is 'Agent last name.';

comment on column public.agent_overview.email is 'Agent e-mail (the account''s, not necessarily the sign-in''s).';

comment on column public.agent_overview.profile_image_url is 'Avatar path or URL (bucket avatars).';

comment on column public.agent_overview.assigned_tc_id is 'The agent''s coordinator; null when unassigned.';

comment on column public.agent_overview.is_test_profile is 'True when the account shares its sign-in with a coordinator account (the coordinator''s test agent profile; badge ''Test Profile'').';

comment on column public.agent_overview.created_at is 'When the agent account was created.';

comment on column public.agent_overview.listing_count is 'Listings of this agent (0 unless the caller is the agent, their coordinator or a super admin).';

comment on column public.agent_overview.task_count is 'Tasks assigned to this agent (0 unless the caller is the agent, their coordinator or a super admin).';

comment on column public.agent_overview.open_task_count is 'Of task_count, those not completed.';

comment on column public.agent_overview.search_text is 'The agent''s users.search_text: lowercased first name, last name and e-mail, for the search box (search_text like ''%word%'').';

-- ---------------------------------------------------------------------------
-- Section - Functions on views
-- ---------------------------------------------------------------------------

-- One coordinator's agents with their counts, for the `/api` surface's
-- GET /api/agents/by-tc/{tcId}: the dashboard grid's agent_overview rows of
-- that coordinator, refused with a status instead of an empty list when the
-- caller may not ask (another coordinator's team is 403, an unknown
-- coordinator 404), so a client can tell "no agents" from "not yours".
create function public.coordinator_agents(tc_id uuid)
returns setof public.agent_overview
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not ((select private.is_super_admin()) or tc_id = (select private.current_account_id())) then
    raise exception 'only that coordinator or a super admin lists their agents' using errcode = '42501';
  end if;
  if not exists (select 1 from public.users u where u.id = tc_id and u.role = 'tc') then
    raise exception 'coordinator not found' using errcode = 'PT404';
  end if;
  return query select o.* from public.agent_overview o where o.assigned_tc_id = tc_id;
end;
$$;

comment on function public.coordinator_agents(tc_id uuid) is
  'agent_overview rows of one coordinator''s agents (that coordinator or a super admin; 403 otherwise, 404 unknown coordinator). Security invoker: the counts are what the caller may read. Callers filter, order and page the result like a table.';

revoke execute on function public.coordinator_agents(tc_id uuid) from public, anon;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Nobody can read secrets through the API" on private.user_secrets
  for select to authenticated using (false);

create policy "Users can update their own active account's profile and super admins any"
on public.users for update to authenticated
using (id = (select private.current_account_id()) or (select private.is_super_admin()))
with check (id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Super admins can delete accounts"
on public.users for delete to authenticated
using ((select private.is_super_admin()));

create policy "Sign-ins can read their active account record"
on public.active_accounts for select to authenticated
using (auth_user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------
-- Users: one's own accounts, one's team (a coordinator's agents, an agent's
-- coordinator), coordinators each other, super admins everyone. The team
-- columns are tested first: each `(select private.…())` is an InitPlan that
-- runs only when an OR arm reaches it, and a coordinator's agents (the most
-- read rows) hold at the first arm (docs/performance.md).
-- ---------------------------------------------------------------------------
create policy "Users can read their accounts and team, tcs other tcs, super admins all"
on public.users for select to authenticated
using (
  assigned_tc_id = (select private.current_team_id())
  or id = (select private.current_team_id())
  or ((select private.current_role()) = 'tc' and role = 'tc')
  or auth_user_id = (select auth.uid())
  or (select private.is_super_admin())
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.users from anon, authenticated;

grant select, delete on public.users to authenticated;

grant update (first_name, last_name, profile_image_url, id_photos, phone, mls_system, mls_username, mls_systems, license_number, brokerage, brokerage_address, notes) on public.users to authenticated;

revoke all on public.active_accounts from anon, authenticated;

grant select on public.active_accounts to authenticated;

revoke all on public.agent_overview from anon, authenticated;

grant select on public.agent_overview to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger users_set_timestamps before insert or update on public.users
  for each row execute function private.set_timestamps();

create trigger users_guard_columns before insert or update on public.users
  for each row execute function private.guard_user_columns();

create trigger users_set_email before insert or update of email, auth_user_id on public.users
  for each row execute function private.set_account_email();

create trigger users_mark_test_profiles
after insert or delete or update of role, auth_user_id, is_test_profile on public.users
for each row execute function private.mark_test_profiles();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Indexes (foreign keys and policy/screen columns)
-- ---------------------------------------------------------------------------
create index users_auth_user_id_idx on public.users (auth_user_id);

create index users_assigned_tc_id_idx on public.users (assigned_tc_id);

create index users_role_idx on public.users (role);

create index users_email_idx on public.users (lower(email));

create index active_accounts_user_id_auth_user_id_idx on public.active_accounts (user_id, auth_user_id);

-- The admin console's accounts tab (newest first) and the agent grids (by name).
create index users_created_at_idx on public.users (created_at desc, id);

create index users_role_name_idx on public.users (role, first_name, last_name, id);
