-- ---------------------------------------------------------------------------
-- Invitations: super admins invite people by e-mail with a role; the invitee's
-- first account is created by the database from Auth's triggers, with the
-- invited role only with proof of the invitation mail.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Invitations. The catalogue lists two entities (user_invitations with
-- is_used/expires_at, invitations with used/first_name/last_name); they describe
-- the same fact -- "this e-mail may join with this role" -- seen from the admin
-- screen and from onboarding. Two tables would let them disagree (used in one,
-- pending in the other), so one table carries the union of their fields and
-- serves both screens. used/used_at replace is_used; expires_at is required and
-- defaults to 7 days, long enough to span a weekend and short enough that a
-- forwarded link goes stale.

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 255 and email like '%@%'),
  role text not null check (role in ('tc', 'agent')),
  invited_by uuid references public.users (id) on delete set null,
  used boolean not null default false,
  used_at timestamptz,
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  expires_at timestamptz not null default private.invitation_expires_at(),
  created_at timestamptz not null default now(),
  constraint invitations_used_at_check check (used = (used_at is not null))
);

comment on table public.invitations is
  'Invitations to join with a role (tc or agent); one table for the admin screen and onboarding (the catalogue''s user_invitations and invitations). Pending until used; expires after 7 days by default.';

comment on column public.invitations.id is 'Invitation id; only the invitation e-mail carries it (/onboarding?invitation={id}), so using it proves the mail was received.';

comment on column public.invitations.email is 'The invited e-mail address; the invitation is used only by a sign-in with this address.';

comment on column public.invitations.role is 'Role of the account the invitee gets: tc or agent.';

comment on column public.invitations.invited_by is 'The super admin who sent it (set by trigger); null once that account is deleted.';

comment on column public.invitations.used is 'True once an account was created from it; each invitation works once.';

comment on column public.invitations.used_at is 'When it was used; null while pending.';

comment on column public.invitations.first_name is 'Invitee''s first name when the inviter gave it; shown by get_invitation() and used for the account when sign-up sends none.';

comment on column public.invitations.last_name is 'Invitee''s last name when the inviter gave it; shown by get_invitation() and used for the account when sign-up sends none.';

comment on column public.invitations.expires_at is 'After this moment the invitation is expired (default 7 days after creation).';

comment on column public.invitations.created_at is 'When the invitation was sent. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.invitations enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Onboarding lookup, open to anon: reveals only what the onboarding screen
-- shows (e-mail, role, names, used, expired) for a known id -- an unguessable uuid.
-- ---------------------------------------------------------------------------
create function public.get_invitation(invitation_id uuid)
returns table (id uuid, email text, role text, first_name text, last_name text, used boolean, expired boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.email, i.role, i.first_name, i.last_name, i.used, i.expires_at < now()
  from public.invitations i
  where i.id = invitation_id
$$;

comment on function public.get_invitation(invitation_id uuid) is
  'Onboarding screen lookup by invitation id, callable by anon; returns no row for an unknown id.';

revoke execute on function public.get_invitation(invitation_id uuid) from public;

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

comment on function private.create_first_account(sign_in auth.users) is
  'Creates the first account of a sign-in: the role of a pending invitation for its e-mail only with proof of the invitation mail (invitation_id in the sign-up metadata, or invited_at and email_confirmed_at both set by Auth''s invite link), which is then used; else agent. Not granted to API roles.';

revoke execute on function private.create_first_account(sign_in auth.users) from public;

grant execute on function private.create_first_account(sign_in auth.users) to service_role;

-- ---------------------------------------------------------------------------
-- New sign-ins: an account at once, unless the address is unconfirmed and has
-- a pending invitation (an Auth invite is recognisable only at confirmation).
-- ---------------------------------------------------------------------------
create function private.handle_new_auth_user()
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

revoke execute on function private.handle_new_auth_user() from public;

grant execute on function private.handle_new_auth_user() to service_role;

-- ---------------------------------------------------------------------------
-- Onboarding with the invitation id: each invitation works once. Refusals use
-- PostgREST's PTxxx codes so the client gets 404 / 409 / 410.
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

comment on function public.complete_onboarding(invitation_id uuid, first_name text, last_name text) is
  'Uses a pending invitation for the signed-in invitee (same e-mail; the id proves they got the mail): account of the invited role with the names, invitation marked used, account made active. Unknown or foreign id 404, used 409, expired 410.';

revoke execute on function public.complete_onboarding(invitation_id uuid, first_name text, last_name text) from public, anon;

-- Invitations sent by the invitations Edge Function create the invitee's
-- sign-in with Auth's invite (auth.admin.inviteUserByEmail) carrying the
-- invitation's id in the user metadata. Following the mailed link confirms the
-- address, and leaves the sign-in without an account (so that the onboarding
-- screen the link leads to, /onboarding?invitation={id}, still finds the
-- invitation pending): the
-- onboarding form calls complete_onboarding(), which creates the account with
-- the names and marks the invitation used in one transaction. An invitee who
-- leaves onboarding and opens the app still gets the account through
-- ensure_account() (the same proof holds). Auth invites made without the
-- invitation id (e.g. from Supabase Studio) keep getting their account at
-- confirmation.
create function private.handle_auth_user_confirmed()
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

revoke execute on function private.handle_auth_user_confirmed() from public;

grant execute on function private.handle_auth_user_confirmed() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Super admins can read invitations"
on public.invitations for select to authenticated
using ((select private.is_super_admin()));

create policy "Super admins can create invitations in their name"
on public.invitations for insert to authenticated
with check ((select private.is_super_admin()) and invited_by = (select private.current_account_id()) and not used);

create policy "Super admins can update invitations"
on public.invitations for update to authenticated
using ((select private.is_super_admin()))
with check ((select private.is_super_admin()));

create policy "Super admins can delete invitations"
on public.invitations for delete to authenticated
using ((select private.is_super_admin()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.invitations from anon, authenticated;

grant select, insert, update, delete on public.invitations to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger invitations_set_timestamps before insert or update on public.invitations
  for each row execute function private.set_timestamps('created_only');

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_auth_user();

create trigger invitations_set_owner before insert on public.invitations
  for each row execute function private.set_owner('invited_by');

create trigger invitations_keep_scope before update on public.invitations
  for each row execute function private.keep_columns('invited_by');

create trigger on_auth_user_confirmed after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.handle_auth_user_confirmed();

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.sync_account_email();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index invitations_invited_by_idx on public.invitations (invited_by);

create index invitations_email_idx on public.invitations (lower(email));

create index invitations_created_at_idx on public.invitations (created_at desc);
