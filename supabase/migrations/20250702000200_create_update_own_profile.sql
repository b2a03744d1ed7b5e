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
comment on function public.update_own_profile(jsonb) is
  'Writes the given profile fields (first_name, last_name, phone, mls_system, mls_username, license_number, brokerage, brokerage_address; a missing key is kept, null clears) of the caller''s active account and returns it. Security invoker (column grants, RLS). 400 unknown field, non-text value or blank name; 404 no account.';

revoke execute on function public.update_own_profile(jsonb) from public, anon;
grant execute on function public.update_own_profile(jsonb) to authenticated;
