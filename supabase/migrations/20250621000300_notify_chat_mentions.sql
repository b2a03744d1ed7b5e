-- Team chat notifications are mentions: a message naming a channel member as
-- `@First Last` (case-insensitive) notifies that member with a link to the
-- channel. Other messages no longer notify anyone -- the chat's own unread
-- counts per channel show them -- so a busy general channel does not bury the
-- notifications centre. Nobody is notified of their own message.

-- ---------------------------------------------------------------------------
-- Trigger function (replaces the notify-every-member version)
-- ---------------------------------------------------------------------------
create or replace function private.notify_tc_team_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
  channel_name text;
  sender_name text;
begin
  select c.name into channel_name from public.tc_channels c where c.id = new.channel_id;
  select btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) into sender_name
  from public.users u where u.id = new.sender_id;
  for recipient in
    select u.id from public.users u
    where u.id is distinct from new.sender_id
      and btrim(coalesce(u.first_name, '')) <> ''
      and position(lower('@' || btrim(u.first_name) || ' ' || btrim(coalesce(u.last_name, ''))) in lower(new.content)) > 0
      and (
        (new.channel_id is null and u.role in ('tc', 'super_admin'))
        or u.id in (select m.tc_id from public.tc_channel_members m where m.channel_id = new.channel_id)
      )
  loop
    perform private.notify(recipient, 'message',
      coalesce(nullif(sender_name, ''), 'Someone') || ' mentioned you in #' || coalesce(channel_name, 'general'),
      new.content, 'tc_team_message', new.id,
      '/tc-team-chat?channel=' || coalesce(new.channel_id::text, 'general'));
  end loop;
  return null;
end;
$$;
comment on function private.notify_tc_team_message() is
  'Trigger: notifies each member of the message''s channel (general: every tc and super admin) named as @First Last, except the sender; action_url /tc-team-chat?channel=<id|general>.';

revoke execute on function private.notify_tc_team_message() from public, anon, authenticated;
