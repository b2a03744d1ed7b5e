-- The invitations Edge Function (and any client) needs to know whether the
-- caller acts as a super admin before doing anything on their behalf, to
-- answer 403 'Super admin access required' rather than a silent empty result.
-- The rule itself stays private.is_super_admin() (role or original_role of the
-- active account); this exposes only its answer for the caller themselves.

create function public.is_super_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select private.is_super_admin()
$$;
comment on function public.is_super_admin() is
  'True when the caller''s active account is super_admin (role or original_role while using the role switcher). Reveals only the caller''s own status; used by the invitations Edge Function.';

revoke execute on function public.is_super_admin() from public, anon;
grant execute on function public.is_super_admin() to authenticated;
