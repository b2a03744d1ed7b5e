-- The agent profile shows whether an MLS password is stored ("set" / "not
-- set") without reading the secret: get_mls_password() decrypts, and the
-- profile screen must not hold the password unless its owner asks to see it.

-- ---------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------
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

-- ---------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------
revoke execute on function public.mls_password_is_set() from public, anon;
grant execute on function public.mls_password_is_set() to authenticated;
