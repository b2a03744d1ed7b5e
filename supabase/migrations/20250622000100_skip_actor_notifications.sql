-- Nobody is notified of their own action: private.notify() skips the
-- recipient when it is the account acting (private.current_account_id()). The
-- seed, the service role and Auth's triggers act with no account, so for them
-- nothing is skipped. Every notification trigger goes through this helper, so
-- the rule holds for the ones of later migrations too.

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create or replace function private.notify(recipient uuid, kind text, title text, content text,
  source_type text, source_id uuid, action_url text default null, priority text default 'medium')
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, type, title, content, source_type, source_id, action_url, priority)
  select recipient, kind, left(title, 255), left(content, 5000), source_type, source_id, action_url, priority
  where recipient is not null and recipient is distinct from private.current_account_id()
$$;
comment on function private.notify(uuid, text, text, text, text, uuid, text, text) is
  'Inserts one notification, skipping a null recipient and the acting account (nobody is told of their own action); titles are cut to 255 characters. Used by triggers; not granted to API roles.';

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.notify(uuid, text, text, text, text, uuid, text, text) from public, anon, authenticated;
