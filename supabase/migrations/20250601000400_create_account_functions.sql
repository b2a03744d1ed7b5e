-- Account lifecycle: the first account of a new sign-in, onboarding, switching
-- between accounts, the role switcher, coordinator assignment, the MLS password
-- and deleting users. Each function checks who calls and touches only the
-- columns its rule allows.

-- ---------------------------------------------------------------------------
-- First account of a sign-in: role from a pending invitation for the e-mail,
-- else agent; names from the sign-up metadata, else from the invitation.
-- ---------------------------------------------------------------------------
create function private.create_first_account(sign_in auth.users)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.invitations;
  account_id uuid;
begin
  select * into invitation from public.invitations i
  where lower(i.email) = lower(sign_in.email) and not i.used and i.expires_at > now()
  order by i.created_at desc limit 1;

  insert into public.users (auth_user_id, email, role, first_name, last_name)
  values (
    sign_in.id,
    coalesce(sign_in.email, ''),
    coalesce(invitation.role, 'agent'),
    coalesce(sign_in.raw_user_meta_data ->> 'first_name', sign_in.raw_user_meta_data ->> 'firstName', invitation.first_name),
    coalesce(sign_in.raw_user_meta_data ->> 'last_name', sign_in.raw_user_meta_data ->> 'lastName', invitation.last_name)
  )
  returning id into account_id;

  if invitation.id is not null then
    update public.invitations set used = true, used_at = now() where id = invitation.id;
  end if;
  return account_id;
end;
$$;
comment on function private.create_first_account(auth.users) is
  'Creates the first account of a sign-in and consumes a matching invitation. Not granted to API roles.';

create function private.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.create_first_account(new);
  return new;
end;
$$;
comment on function private.handle_new_auth_user() is 'Trigger on auth.users: every new sign-in gets its first account.';

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_auth_user();

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
comment on function public.ensure_account() is 'Returns the active account, creating the first one if the sign-in has none.';

-- ---------------------------------------------------------------------------
-- Onboarding: the invited person, signed in with the invited e-mail, completes
-- their names. Creates the account of the invited role when missing.
-- ---------------------------------------------------------------------------
create function public.complete_onboarding(invitation_id uuid, first_name text, last_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.invitations;
  sign_in_email text;
  account_id uuid;
begin
  if auth.uid() is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if coalesce(btrim(first_name), '') = '' or coalesce(btrim(last_name), '') = '' then
    raise exception 'first and last name are required' using errcode = '22023';
  end if;
  select email into sign_in_email from auth.users where id = auth.uid();
  select * into invitation from public.invitations i where i.id = invitation_id for update;
  if invitation.id is null or lower(invitation.email) <> lower(sign_in_email) then
    raise exception 'invitation not found' using errcode = 'P0002';
  end if;

  select u.id into account_id from public.users u
  where u.auth_user_id = auth.uid() and u.role = invitation.role order by u.created_at limit 1;

  if account_id is null then
    if invitation.used or invitation.expires_at < now() then
      raise exception 'invitation already used or expired' using errcode = '22023';
    end if;
    insert into public.users (auth_user_id, email, role, first_name, last_name)
    values (auth.uid(), sign_in_email, invitation.role, btrim(first_name), btrim(last_name))
    returning id into account_id;
  else
    update public.users u set first_name = btrim(complete_onboarding.first_name), last_name = btrim(complete_onboarding.last_name)
    where u.id = account_id;
  end if;

  if not invitation.used then
    update public.invitations set used = true, used_at = now(),
      first_name = btrim(complete_onboarding.first_name), last_name = btrim(complete_onboarding.last_name)
    where id = invitation.id;
  end if;
  insert into public.active_accounts (auth_user_id, user_id) values (auth.uid(), account_id)
  on conflict (auth_user_id) do update set user_id = excluded.user_id, updated_at = now();
  return jsonb_build_object('account_ready', true, 'account_id', account_id, 'role', invitation.role);
end;
$$;
comment on function public.complete_onboarding(uuid, text, text) is
  'Completes onboarding for the signed-in invitee: account of the invited role, names, invitation marked used, account made active.';

-- ---------------------------------------------------------------------------
-- Switching between the accounts of one sign-in.
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
  select * into account from public.users u where u.id = account_id and u.auth_user_id = auth.uid();
  if account.id is null then
    raise exception 'not one of your accounts' using errcode = '42501';
  end if;
  insert into public.active_accounts (auth_user_id, user_id) values (auth.uid(), account.id)
  on conflict (auth_user_id) do update set user_id = excluded.user_id, updated_at = now();
  return account;
end;
$$;
comment on function public.switch_account(uuid) is 'Makes one of the caller''s own accounts the active one.';

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
comment on function public.switch_role(text) is
  'Role switcher for the one privileged sign-in: without target agent->tc, tc->super_admin, else->agent; records original_role.';

-- ---------------------------------------------------------------------------
-- Coordinator assignment. A tc assigns unassigned agents to themselves and
-- unassigns their own; a super admin assigns to any tc. Listing access follows:
-- the agent's listings take the new coordinator as tc_id.
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
begin
  if private.is_super_admin() then
    null;
  elsif private.current_role() = 'tc' and target_tc = me then
    if exists (select 1 from public.users u where u.id = agent_id and u.assigned_tc_id is not null) then
      raise exception 'agent is already assigned' using errcode = '42501';
    end if;
  else
    raise exception 'only coordinators assign agents to themselves' using errcode = '42501';
  end if;
  update public.users u set assigned_tc_id = target_tc where u.id = agent_id and u.role = 'agent';
  if not found then
    raise exception 'agent not found' using errcode = 'P0002';
  end if;
  update public.listings l set tc_id = target_tc where l.agent_id = assign_agent.agent_id;
end;
$$;
comment on function public.assign_agent(uuid, uuid) is 'Assigns an agent to a coordinator (a tc: unassigned agents to self; super admin: anyone).';

create function public.unassign_agent(agent_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
begin
  update public.users u set assigned_tc_id = null
  where u.id = agent_id and (u.assigned_tc_id = me or private.is_super_admin());
  if not found then
    raise exception 'not your agent' using errcode = '42501';
  end if;
  update public.listings l set tc_id = null where l.agent_id = unassign_agent.agent_id;
end;
$$;
comment on function public.unassign_agent(uuid) is 'Unassigns an agent from its coordinator (the coordinator itself or a super admin).';

-- ---------------------------------------------------------------------------
-- A coordinator's test agent profile: a second account (role agent) of the
-- same sign-in, assigned to the coordinator.
-- ---------------------------------------------------------------------------
create function public.create_test_agent_profile(profile_email text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  tc public.users;
  account_id uuid;
begin
  select * into tc from public.users u where u.id = private.current_account_id() and u.role = 'tc';
  if tc.id is null then
    raise exception 'only coordinators have a test agent profile' using errcode = '42501';
  end if;
  if exists (select 1 from public.users u where u.auth_user_id = tc.auth_user_id and u.role = 'agent') then
    raise exception 'this sign-in already has an agent account' using errcode = '23505';
  end if;
  insert into public.users (auth_user_id, email, role, first_name, last_name, assigned_tc_id)
  values (tc.auth_user_id, coalesce(profile_email, tc.email), 'agent', tc.first_name, tc.last_name, tc.id)
  returning id into account_id;
  return account_id;
end;
$$;
comment on function public.create_test_agent_profile(text) is 'Creates the calling coordinator''s test agent account under the same sign-in.';

-- ---------------------------------------------------------------------------
-- MLS password: encrypted at rest, readable only by its own account.
-- ---------------------------------------------------------------------------
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
  insert into private.user_secrets (user_id, mls_password_encrypted, updated_at)
  values (me, case when password is null then null
    else extensions.pgp_sym_encrypt(password, private.setting('mls_encryption_key')) end, now())
  on conflict (user_id) do update set mls_password_encrypted = excluded.mls_password_encrypted, updated_at = now();
end;
$$;
comment on function public.set_mls_password(text) is 'Stores the active account''s MLS password, encrypted (null clears it).';

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
comment on function public.get_mls_password() is 'The active account''s own MLS password; nobody can read another account''s.';

-- ---------------------------------------------------------------------------
-- Deleting a user (super admin): the account, and the sign-in when it has no
-- other account. Shared work survives: see each table's ON DELETE and
-- docs/data-model.md.
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
    raise exception 'you cannot delete the account you are using' using errcode = '42501';
  end if;
  delete from public.users u where u.id = account_id returning u.auth_user_id into sign_in;
  if sign_in is null then
    raise exception 'user not found' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.users u where u.auth_user_id = sign_in) then
    delete from auth.users a where a.id = sign_in;
  end if;
end;
$$;
comment on function public.delete_user(uuid) is 'Super admin: deletes an account and, when it was the last one, its sign-in.';

-- ---------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------
revoke execute on function private.create_first_account(auth.users), private.handle_new_auth_user() from public, anon, authenticated;
grant execute on function public.ensure_account(), public.complete_onboarding(uuid, text, text), public.switch_account(uuid),
  public.switch_role(text), public.assign_agent(uuid, uuid), public.unassign_agent(uuid),
  public.create_test_agent_profile(text), public.set_mls_password(text), public.get_mls_password(),
  public.delete_user(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.create_first_account(auth.users),
  private.handle_new_auth_user(),
  public.ensure_account(),
  public.complete_onboarding(uuid, text, text),
  public.switch_account(uuid),
  public.switch_role(text),
  public.assign_agent(uuid, uuid),
  public.unassign_agent(uuid),
  public.create_test_agent_profile(text),
  public.set_mls_password(text),
  public.get_mls_password(),
  public.delete_user(uuid)
from public, anon;
