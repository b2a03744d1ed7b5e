-- Pinning in the coordinator team chat is a channel manager's act, not the
-- sender's: the column is no longer writable by UPDATE, and
-- set_message_pinned() lets the channel's creator and admins (the general
-- channel has none: only a super admin) pin or unpin any message in it.

-- ---------------------------------------------------------------------------
-- Grants: senders keep editing the content of their own messages only.
-- ---------------------------------------------------------------------------
revoke update (is_pinned) on public.tc_team_messages from authenticated;

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function public.set_message_pinned(message_id uuid, pinned boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.tc_team_messages;
begin
  if pinned is null then
    raise exception 'pinned must be true or false' using errcode = '22023';
  end if;
  select * into target from public.tc_team_messages m where m.id = message_id;
  if target.id is null
    or not (
      private.is_super_admin()
      or (target.channel_id is null and private.is_coordinator())
      or target.channel_id in (select private.my_channel_ids())
    ) then
    raise exception 'message not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or target.channel_id in (select private.managed_channel_ids())) then
    raise exception 'only the channel''s creator and admins pin messages' using errcode = '42501';
  end if;
  update public.tc_team_messages m set is_pinned = pinned where m.id = message_id;
end;
$$;
comment on function public.set_message_pinned(uuid, boolean) is
  'Pins or unpins a team chat message: the channel''s creator and admins, or a super admin (the only one for the general channel). 404 for a message the caller cannot read, 403 for other members.';

revoke execute on function public.set_message_pinned(uuid, boolean) from public, anon;
grant execute on function public.set_message_pinned(uuid, boolean) to authenticated;
