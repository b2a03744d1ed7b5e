-- The caller's active account as a row PostgREST can embed from, for the
-- `/api` surface: GET /api/notifications and /api/notifications/unread-count
-- read the caller's own inbox in one request by embedding `notifications` on
-- this row (the notifications policy lets a super admin read every inbox, so
-- the inbox must be named by the active account, which only the database knows).

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.my_account()
returns setof public.users
language sql
stable
security invoker
set search_path = ''
rows 1
as $$
  select u.* from public.users u where u.id = (select private.current_account_id())
$$;
comment on function public.my_account() is
  'The caller''s active account (its public.users row under RLS), no row when the sign-in has none; an embedding root for the caller''s own rows (e.g. my_account?select=notifications(...)). One indexed lookup.';

-- ---------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------
revoke execute on function public.my_account() from public, anon;
grant execute on function public.my_account() to authenticated;
