-- Who is online in a team chat channel: Realtime presence on the private topic
-- `tc-chat:<channel id>` (`tc-chat:general` for the general channel). Only
-- those who may read the channel's messages join, see and share presence there.

-- ---------------------------------------------------------------------------
-- Helper
-- ---------------------------------------------------------------------------
create function private.can_join_chat_topic(topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when topic = 'tc-chat:general' then private.is_coordinator()
    when topic ~ '^tc-chat:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      private.is_super_admin() or substr(topic, 9)::uuid in (select private.my_channel_ids())
    else false
  end
$$;
comment on function private.can_join_chat_topic(text) is
  'True when the active account may use the Realtime topic tc-chat:<channel id|general> (coordinators for general, members for a channel, super admins all).';

revoke execute on function private.can_join_chat_topic(text) from public, anon;
grant execute on function private.can_join_chat_topic(text) to authenticated;

-- ---------------------------------------------------------------------------
-- Policies on realtime.messages (presence only; broadcast stays closed)
-- ---------------------------------------------------------------------------
create policy "Channel members can see who is online in their channels"
on realtime.messages for select to authenticated
using (extension = 'presence' and (select private.can_join_chat_topic((select realtime.topic()))));

create policy "Channel members can share their presence in their channels"
on realtime.messages for insert to authenticated
with check (extension = 'presence' and (select private.can_join_chat_topic((select realtime.topic()))));
