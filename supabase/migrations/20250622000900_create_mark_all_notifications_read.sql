-- 'Mark all as read' in one call. It runs as the caller (security invoker),
-- so RLS applies, and it names the caller's own inbox explicitly: a super
-- admin, who may read every inbox, still marks only their own.

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.mark_all_notifications_read()
returns integer
language sql
security invoker
set search_path = ''
as $$
  with marked as (
    update public.notifications n set is_read = true
    where n.user_id = (select private.current_account_id()) and not n.is_read
    returning 1
  )
  select count(*)::integer from marked
$$;
comment on function public.mark_all_notifications_read() is
  'Marks every unread notification of the active account read (read_at stamped by trigger) and returns how many; uses the partial unread index.';
grant execute on function public.mark_all_notifications_read() to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function public.mark_all_notifications_read() from public, anon;
