-- Refusals of the account functions answer with a 4xx status and a clear
-- message through PostgREST: not allowed -> 42501 (403), unknown id -> PT404
-- (404), bad input -> 22023 (400), conflict -> PT409 (409). Before, unknown
-- ids raised P0002, which PostgREST answers with 500. Same signatures and
-- behaviour otherwise; see docs/data-model.md "Errors".

-- ---------------------------------------------------------------------------
-- Onboarding: an unknown invitation, or one for another e-mail, is "not found"
-- (404) so invitation ids of others reveal nothing; used/expired is 409.
-- ---------------------------------------------------------------------------
create or replace function public.complete_onboarding(invitation_id uuid, first_name text, last_name text)
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
    raise exception 'invitation not found' using errcode = 'PT404';
  end if;

  select u.id into account_id from public.users u
  where u.auth_user_id = auth.uid() and u.role = invitation.role order by u.created_at limit 1;

  if account_id is null then
    if invitation.used or invitation.expires_at < now() then
      raise exception 'invitation already used or expired' using errcode = 'PT409';
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
  'Completes onboarding for the signed-in invitee: account of the invited role, names, invitation marked used, account made active. 404 for an unknown invitation or one for another e-mail, 409 when used or expired.';

-- ---------------------------------------------------------------------------
-- Switching accounts: unknown id 404, another sign-in's account 403.
-- ---------------------------------------------------------------------------
create or replace function public.switch_account(account_id uuid)
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
comment on function public.switch_account(uuid) is 'Makes one of the caller''s own accounts the active one (404 unknown account, 403 another sign-in''s).';

-- ---------------------------------------------------------------------------
-- Coordinator assignment: unknown agent or coordinator 404; another
-- coordinator's agent 403; already yours 409.
-- ---------------------------------------------------------------------------
create or replace function public.assign_agent(agent_id uuid, tc_id uuid default null)
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
  select * into agent from public.users u where u.id = agent_id and u.role = 'agent';
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
comment on function public.assign_agent(uuid, uuid) is
  'Assigns an agent to a coordinator (a tc: unassigned agents to self; super admin: anyone). 404 unknown agent/coordinator, 403 another coordinator''s agent, 409 already yours.';

create or replace function public.unassign_agent(agent_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
  agent public.users;
begin
  select * into agent from public.users u where u.id = agent_id and u.role = 'agent';
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
comment on function public.unassign_agent(uuid) is
  'Unassigns an agent from its coordinator (the coordinator itself or a super admin). 404 unknown agent, 403 someone else''s.';

-- ---------------------------------------------------------------------------
-- Deleting a user: unknown id 404; one's own active account 409.
-- ---------------------------------------------------------------------------
create or replace function public.delete_user(account_id uuid)
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
comment on function public.delete_user(uuid) is
  'Super admin: deletes an account and, when it was the last one, its sign-in. 403 for others, 404 unknown account, 409 own active account.';
