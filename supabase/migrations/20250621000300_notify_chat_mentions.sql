-- Team chat mentions: a message naming a member of its channel as
-- `@First Last` (case-insensitive) gives that member a "mentioned you"
-- notification instead of the plain "New team chat message" the others of the
-- channel still get (one notification per person and message). Both now link
-- to the channel itself. Nobody is notified of their own message.

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
  recipient record;
  url text := '/tc-team-chat?channel=' || coalesce(new.channel_id::text, 'general');
  channel_name text;
  sender_name text;
begin
  select c.name into channel_name from public.tc_channels c where c.id = new.channel_id;
  select btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) into sender_name
  from public.users u where u.id = new.sender_id;
  for recipient in
    select u.id,
      btrim(coalesce(u.first_name, '')) <> ''
        and position(lower('@' || btrim(u.first_name) || ' ' || btrim(coalesce(u.last_name, ''))) in lower(new.content)) > 0 as mentioned
    from public.users u
    where u.id is distinct from new.sender_id
      and (
        (new.channel_id is null and u.role = 'tc')
        or u.id in (select m.tc_id from public.tc_channel_members m where m.channel_id = new.channel_id)
      )
  loop
    if recipient.mentioned then
      perform private.notify(recipient.id, 'message',
        coalesce(nullif(sender_name, ''), 'Someone') || ' mentioned you in #' || coalesce(channel_name, 'general'),
        new.content, 'tc_team_message', new.id, url, 'high');
    else
      perform private.notify(recipient.id, 'message', 'New team chat message', new.content, 'tc_team_message', new.id, url);
    end if;
  end loop;
  return null;
end;
$$;
comment on function private.notify_tc_team_message() is
  'Trigger: every member of the message''s channel (general: every tc) but the sender gets one notification: "mentioned you" (high) when named as @First Last, else "New team chat message"; action_url /tc-team-chat?channel=<id|general>.';

revoke execute on function private.notify_tc_team_message() from public, anon, authenticated;
