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

create trigger users_set_email before insert or update of email, auth_user_id on public.users
  for each row execute function private.set_account_email();

comment on column public.users.email is
  'The sign-in''s e-mail (auth.users.email), set and kept in sync by the database; not writable through the API. Changed through Auth''s e-mail change.';

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

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.sync_account_email();

-- Existing accounts take their sign-in's e-mail.
update public.users u set email = coalesce(a.email, '')
from auth.users a
where a.id = u.auth_user_id and u.email is distinct from coalesce(a.email, '');

-- ---------------------------------------------------------------------------
-- The test agent profile shows the coordinator's sign-in e-mail. The argument
-- stays for callers of the old signature; another address is refused (400).
-- ---------------------------------------------------------------------------
create or replace function public.create_test_agent_profile(profile_email text default null)
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
comment on function public.create_test_agent_profile(text) is
  'Creates the calling coordinator''s test agent account under the same sign-in, with the sign-in''s e-mail (profile_email, if given, must be that address).';

-- ---------------------------------------------------------------------------
-- Grants: the e-mail is no longer a profile column clients write.
-- ---------------------------------------------------------------------------
revoke update (email) on public.users from authenticated;
revoke execute on function private.set_account_email(), private.sync_account_email() from public, anon, authenticated;
