-- Accounts: public.users holds the app's accounts. One sign-in (auth.users row)
-- may own several accounts with different roles (account selection, a
-- coordinator's test agent profile); public.active_accounts records which one
-- the sign-in is acting as, and every policy acts for that account through
-- private.current_account_id().

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------
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
  constraint users_not_own_tc check (assigned_tc_id <> id),
  -- Target of active_accounts' composite key: an active account must belong to the sign-in.
  constraint users_id_auth_user_key unique (id, auth_user_id)
);
comment on table public.users is
  'Accounts of the app (agent, tc, super_admin). Several accounts may share one sign-in (auth_user_id) and one e-mail, so e-mail is not unique. Role, original_role, assigned_tc_id and auth_user_id change only through functions. The MLS password is not here: see private.user_secrets.';

create table public.active_accounts (
  auth_user_id uuid primary key references auth.users (id) on delete cascade,
  user_id uuid not null,
  updated_at timestamptz not null default now(),
  foreign key (user_id, auth_user_id) references public.users (id, auth_user_id) on delete cascade
);
comment on table public.active_accounts is
  'The account a sign-in currently acts as. Written only by public.switch_account(); without a row the sign-in acts as its oldest account.';

create table private.user_secrets (
  user_id uuid primary key references public.users (id) on delete cascade,
  mls_password_encrypted bytea,
  updated_at timestamptz not null default now()
);
comment on table private.user_secrets is
  'Owner-only secrets (MLS password, encrypted with pgp_sym_encrypt). Outside the API schema, not granted, not published: reachable only through get_mls_password()/set_mls_password().';
alter table private.user_secrets enable row level security;
revoke all on private.user_secrets from public, anon, authenticated;
create policy "Nobody can read secrets through the API" on private.user_secrets
  for select to authenticated using (false);

-- ---------------------------------------------------------------------------
-- Indexes (foreign keys and policy/screen columns)
-- ---------------------------------------------------------------------------
create index users_auth_user_id_idx on public.users (auth_user_id);
create index users_assigned_tc_id_idx on public.users (assigned_tc_id);
create index users_role_idx on public.users (role);
create index users_email_idx on public.users (lower(email));
create index active_accounts_user_id_auth_user_id_idx on public.active_accounts (user_id, auth_user_id);

create trigger users_set_timestamps before insert or update on public.users
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Helpers used by every policy. Each is stable security definer so a policy
-- calling it as (select private.fn()) runs it once per statement and is not
-- itself subject to the RLS of the tables it reads.
-- ---------------------------------------------------------------------------
create function private.current_account_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select a.user_id from public.active_accounts a where a.auth_user_id = auth.uid()),
    (select u.id from public.users u where u.auth_user_id = auth.uid() order by u.created_at, u.id limit 1)
  )
$$;
comment on function private.current_account_id() is
  'The account the caller acts as: the active account of auth.uid(), else its oldest account; null for anon. Call as (select private.current_account_id()).';

create function private.current_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.role from public.users u where u.id = private.current_account_id()
$$;
comment on function private.current_role() is 'Role of the active account (agent, tc, super_admin) or null.';

create function private.is_super_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select 'super_admin' in (u.role, u.original_role)
    from public.users u where u.id = private.current_account_id()
  ), false)
$$;
comment on function private.is_super_admin() is
  'True when the active account is super_admin, or is using the role switcher with original_role super_admin.';

create function private.current_team_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select case u.role when 'tc' then u.id when 'agent' then u.assigned_tc_id end
  from public.users u where u.id = private.current_account_id()
$$;
comment on function private.current_team_id() is
  'The team of the active account, identified by its coordinator: a tc''s own id, an agent''s assigned_tc_id; null for unassigned agents and super_admin.';

create function private.coordinated_agent_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from public.users u
  where u.assigned_tc_id = private.current_account_id() and private.current_role() = 'tc'
$$;
comment on function private.coordinated_agent_ids() is
  'Accounts assigned to the active account when it acts as tc. Use as col in (select private.coordinated_agent_ids()).';

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
comment on function private.guard_user_columns() is 'Trigger: API roles cannot insert accounts or change privileged columns; assigned_tc_id must name a tc.';

create trigger users_guard_columns before insert or update on public.users
  for each row execute function private.guard_user_columns();

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
alter table public.users enable row level security;
alter table public.active_accounts enable row level security;

create policy "Users can read their accounts, their team, and for tcs other tcs and unassigned agents"
on public.users for select to authenticated
using (
  (select private.is_super_admin())
  or auth_user_id = (select auth.uid())
  or id = (select private.current_team_id())
  or assigned_tc_id = (select private.current_team_id())
  or ((select private.current_role()) = 'tc' and (role = 'tc' or (role = 'agent' and assigned_tc_id is null)))
);

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
-- Grants: profile columns only; no inserts (accounts come from sign-up).
-- ---------------------------------------------------------------------------
revoke all on public.users from anon, authenticated;
grant select, delete on public.users to authenticated;
grant update (email, first_name, last_name, profile_image_url, id_photos, phone, mls_system, mls_username,
  mls_systems, license_number, brokerage, brokerage_address, notes) on public.users to authenticated;
revoke all on public.active_accounts from anon, authenticated;
grant select on public.active_accounts to authenticated;

grant execute on function private.current_account_id(), private.current_role(), private.is_super_admin(),
  private.current_team_id(), private.coordinated_agent_ids() to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.current_account_id(),
  private.current_role(),
  private.is_super_admin(),
  private.current_team_id(),
  private.coordinated_agent_ids(),
  private.guard_user_columns()
from public, anon;
