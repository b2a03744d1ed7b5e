-- set_mls_password() accepted any text: a blank password was stored (and then
-- shown as "set"), and an arbitrarily long one was encrypted as is. Now a
-- blank or over-long password is bad input (22023, HTTP 400) with a message
-- the profile screen shows; null still clears it. Same signature and grants.

-- ---------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------
create or replace function public.set_mls_password(password text)
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
comment on function public.set_mls_password(text) is
  'Stores the active account''s MLS password, encrypted (null clears it; blank or longer than 255 characters is refused with 22023).';
