-- The signed-in person's active account in one call, for the `/api`
-- surface's GET /api/auth/user (the app itself reads the same through
-- supabase-js): the account row as its owner may read it, plus whether the
-- sign-in may use the role switcher.

create function public.current_account()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select to_jsonb(u) || jsonb_build_object('can_switch_role', public.can_switch_role())
  from public.users u
  where u.id = (select private.current_account_id())
$$;
comment on function public.current_account() is
  'The caller''s active account (its public.users row under RLS) plus can_switch_role; null when the sign-in has no account. One indexed lookup.';

revoke execute on function public.current_account() from public, anon;
grant execute on function public.current_account() to authenticated;

create function public.current_account_id()
returns uuid
language sql
stable
security invoker
set search_path = ''
as $$
  select private.current_account_id()
$$;
comment on function public.current_account_id() is
  'The account (users.id) the caller acts as, for API queries that name it (user_id = me); null when the sign-in has no account.';

revoke execute on function public.current_account_id() from public, anon;
grant execute on function public.current_account_id() to authenticated;
