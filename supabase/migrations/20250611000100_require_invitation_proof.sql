-- Invitations are claimed only with proof that the invitee received the
-- invitation e-mail. With e-mail confirmations off (the local default) Auth
-- confirms a bare sign-up at once, so a sign-in's confirmed e-mail proves
-- nothing: whoever signs up first with a pending invitee's address must not
-- get the invited role. An invitation is used only with one of these proofs:
--   * its id, which only the e-mail carries (/onboarding?invitation={id}):
--     given to complete_onboarding(), or as invitation_id in the sign-up
--     metadata (the onboarding screen signs the invitee up with it);
--   * Auth's invite link: a sign-in made by auth.admin.inviteUserByEmail()
--     (invited_at set) whose address Auth then confirmed, which for an
--     invited sign-in happens when the mailed link is followed.
-- Without proof a new sign-in gets an agent account and the invitation stays
-- pending. GoTrue sets invited_at by an UPDATE after inserting the invited
-- sign-in, so an unconfirmed sign-in with a pending invitation gets its first
-- account only once its address is confirmed (or through ensure_account()).

-- ---------------------------------------------------------------------------
-- First account: the invited role only with proof, else agent.
-- ---------------------------------------------------------------------------
create or replace function private.create_first_account(sign_in auth.users)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.invitations;
  account_id uuid;
begin
  -- The id is compared as text so a malformed metadata value cannot fail the sign-up.
  select * into invitation from public.invitations i
  where lower(i.email) = lower(sign_in.email) and not i.used and i.expires_at > now()
    and (i.id::text = sign_in.raw_user_meta_data ->> 'invitation_id'
      or (sign_in.invited_at is not null and sign_in.email_confirmed_at is not null))
  order by i.created_at desc limit 1
  for update;

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
  'Creates the first account of a sign-in: the role of a pending invitation for its e-mail only with proof of the invitation mail (invitation_id in the sign-up metadata, or invited_at and email_confirmed_at both set by Auth''s invite link), which is then used; else agent. Not granted to API roles.';

-- ---------------------------------------------------------------------------
-- New sign-ins: an account at once, unless the address is unconfirmed and has
-- a pending invitation (an Auth invite is recognisable only at confirmation).
-- ---------------------------------------------------------------------------
create or replace function private.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email_confirmed_at is null and exists (
    select 1 from public.invitations i
    where lower(i.email) = lower(new.email) and not i.used and i.expires_at > now()
  ) then
    return new;
  end if;
  perform private.create_first_account(new);
  return new;
end;
$$;
comment on function private.handle_new_auth_user() is
  'Trigger on auth.users insert: the new sign-in gets its first account, except an unconfirmed one with a pending invitation, which waits for confirmation.';

create function private.handle_auth_user_confirmed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.users u where u.auth_user_id = new.id) then
    perform private.create_first_account(new);
  end if;
  return null;
end;
$$;
comment on function private.handle_auth_user_confirmed() is
  'Trigger on auth.users when the e-mail becomes confirmed: a sign-in still without an account gets its first one (the invited role when Auth''s invite link was followed).';

create trigger on_auth_user_confirmed after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.handle_auth_user_confirmed();

-- ---------------------------------------------------------------------------
-- Onboarding with the invitation id: each invitation works once. Refusals use
-- PostgREST's PTxxx codes so the client gets 404 / 409 / 410.
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
  select a.email into sign_in_email from auth.users a where a.id = auth.uid();
  select * into invitation from public.invitations i where i.id = invitation_id for update;
  if invitation.id is null or lower(invitation.email) <> lower(sign_in_email) then
    raise exception 'invitation not found' using errcode = 'PT404',
      hint = 'Open the link from the invitation e-mail while signed in with the invited address.';
  end if;
  if invitation.used then
    raise exception 'this invitation has already been used' using errcode = 'PT409';
  end if;
  if invitation.expires_at < now() then
    raise exception 'this invitation has expired' using errcode = 'PT410';
  end if;

  select u.id into account_id from public.users u
  where u.auth_user_id = auth.uid() and u.role = invitation.role order by u.created_at limit 1;
  if account_id is null then
    insert into public.users (auth_user_id, email, role, first_name, last_name)
    values (auth.uid(), sign_in_email, invitation.role, btrim(first_name), btrim(last_name))
    returning id into account_id;
  else
    update public.users u set first_name = btrim(complete_onboarding.first_name), last_name = btrim(complete_onboarding.last_name)
    where u.id = account_id;
  end if;

  update public.invitations set used = true, used_at = now(),
    first_name = btrim(complete_onboarding.first_name), last_name = btrim(complete_onboarding.last_name)
  where id = invitation.id;
  insert into public.active_accounts (auth_user_id, user_id) values (auth.uid(), account_id)
  on conflict (auth_user_id) do update set user_id = excluded.user_id, updated_at = now();
  return jsonb_build_object('account_ready', true, 'account_id', account_id, 'role', invitation.role);
end;
$$;
comment on function public.complete_onboarding(uuid, text, text) is
  'Uses a pending invitation for the signed-in invitee (same e-mail; the id proves they got the mail): account of the invited role with the names, invitation marked used, account made active. Unknown or foreign id 404, used 409, expired 410.';

-- ---------------------------------------------------------------------------
-- Function privileges: triggers only, nothing for API roles.
-- ---------------------------------------------------------------------------
revoke execute on function private.handle_auth_user_confirmed() from public, anon, authenticated;
