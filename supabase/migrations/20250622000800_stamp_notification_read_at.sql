-- read_at is the server's time of marking read, never the client's: set when
-- is_read turns true, kept while it stays true, cleared when it turns false.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.stamp_notification_read_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.read_at := case
    when not new.is_read then null
    when old.is_read then old.read_at
    else now()
  end;
  return new;
end;
$$;
comment on function private.stamp_notification_read_at() is
  'Trigger: notifications.read_at follows is_read (now() when it turns true, null when false); a client-sent read_at is ignored.';

create trigger notifications_stamp_read_at before update on public.notifications
  for each row execute function private.stamp_notification_read_at();

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.stamp_notification_read_at() from public, anon, authenticated;
