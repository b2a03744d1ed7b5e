-- Invitations sent by the invitations Edge Function create the invitee's
-- sign-in with Auth's invite (auth.admin.inviteUserByEmail) carrying the
-- invitation's id in the user metadata. Following the mailed link confirms the
-- address; until now that confirmation created the account and used the
-- invitation at once, so the onboarding screen the link leads to
-- (/onboarding?invitation={id}) found the invitation used and showed
-- 'Already Activated' before the invitee had entered a name or password.
--
-- Now such a confirmation leaves the sign-in without an account: the
-- onboarding form calls complete_onboarding(), which creates the account with
-- the names and marks the invitation used in one transaction. An invitee who
-- leaves onboarding and opens the app still gets the account through
-- ensure_account() (the same proof holds). Auth invites made without the
-- invitation id (e.g. from Supabase Studio) keep getting their account at
-- confirmation, as before.

create or replace function private.handle_auth_user_confirmed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.users u where u.auth_user_id = new.id) then
    return null;
  end if;
  if new.invited_at is not null and exists (
    select 1 from public.invitations i
    where i.id::text = new.raw_user_meta_data ->> 'invitation_id'
      and lower(i.email) = lower(new.email) and not i.used and i.expires_at > now()
  ) then
    return null;
  end if;
  perform private.create_first_account(new);
  return null;
end;
$$;
comment on function private.handle_auth_user_confirmed() is
  'Trigger on auth.users when the e-mail becomes confirmed: a sign-in still without an account gets its first one (the invited role when Auth''s invite link was followed), except an invite sent by the invitations function (invitation id in the metadata, still pending), whose account complete_onboarding() creates.';

revoke execute on function private.handle_auth_user_confirmed() from public, anon, authenticated;
