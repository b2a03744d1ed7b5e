-- The app shows the role switcher only to the privileged sign-in. The rule
-- (verified auth e-mail equals private.settings.role_switcher_email) lives in
-- the database next to switch_role(), so the client asks instead of knowing
-- the e-mail.

-- ---------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------
create function public.can_switch_role()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.users a
    where a.id = (select auth.uid()) and lower(a.email) = lower(private.setting('role_switcher_email'))
  )
$$;
comment on function public.can_switch_role() is
  'True when the caller may use switch_role(): the same check switch_role() applies. One indexed auth.users lookup.';

-- ---------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------
revoke execute on function public.can_switch_role() from public, anon;
grant execute on function public.can_switch_role() to authenticated;
