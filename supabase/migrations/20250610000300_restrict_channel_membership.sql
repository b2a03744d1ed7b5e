-- Channel membership is managed by the channel's "managers" -- its creator
-- and its admins -- only: they add coordinators (as member or admin) and
-- change roles; a plain member can neither add people nor grant admin. Nobody
-- but the creator removes or demotes the creator. Any member may leave. The
-- managers edit and delete the channel. The general channel (channel_id null)
-- has no membership rows and keeps its rules.

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------
create function private.managed_channel_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id from public.tc_channels c where c.created_by_id = private.current_account_id()
  union
  select m.channel_id from public.tc_channel_members m
  where m.tc_id = private.current_account_id() and m.role = 'admin'
$$;
comment on function private.managed_channel_ids() is
  'Channels the active account manages: created by it or where it is admin. Use as channel_id in (select private.managed_channel_ids()).';

create function private.is_channel_creator(channel_id uuid, account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.tc_channels c where c.id = channel_id and c.created_by_id = account_id)
$$;
comment on function private.is_channel_creator(uuid, uuid) is 'True when the account created the channel. Evaluated per membership row.';

-- ---------------------------------------------------------------------------
-- Policies on tc_channel_members
-- ---------------------------------------------------------------------------
drop policy "Members can invite coordinators to their channels" on public.tc_channel_members;
drop policy "Channel admins can change member roles" on public.tc_channel_members;
drop policy "Channel admins can remove members and members can leave" on public.tc_channel_members;

create policy "Channel managers can add coordinators to their channels"
on public.tc_channel_members for insert to authenticated
with check (
  ((select private.is_super_admin()) or channel_id in (select private.managed_channel_ids()))
  and private.is_tc_account(tc_id)
);

create policy "Channel managers can change roles except the creator's"
on public.tc_channel_members for update to authenticated
using (
  ((select private.is_super_admin()) or channel_id in (select private.managed_channel_ids()))
  and (tc_id = (select private.current_account_id()) or not private.is_channel_creator(channel_id, tc_id))
)
with check ((select private.is_super_admin()) or channel_id in (select private.managed_channel_ids()));

create policy "Members can leave and managers remove others but the creator"
on public.tc_channel_members for delete to authenticated
using (
  tc_id = (select private.current_account_id())
  or (
    ((select private.is_super_admin()) or channel_id in (select private.managed_channel_ids()))
    and not private.is_channel_creator(channel_id, tc_id)
  )
);

-- ---------------------------------------------------------------------------
-- Policies on tc_channels: the creator keeps control even after demoting
-- themselves in the member list.
-- ---------------------------------------------------------------------------
drop policy "Channel admins can edit their channels" on public.tc_channels;
drop policy "Channel admins can delete their channels" on public.tc_channels;

create policy "Channel creators and admins can edit their channels"
on public.tc_channels for update to authenticated
using ((select private.is_super_admin()) or id in (select private.managed_channel_ids()))
with check ((select private.is_super_admin()) or id in (select private.managed_channel_ids()));

create policy "Channel creators and admins can delete their channels"
on public.tc_channels for delete to authenticated
using ((select private.is_super_admin()) or id in (select private.managed_channel_ids()));

-- ---------------------------------------------------------------------------
-- Function privileges
-- ---------------------------------------------------------------------------
revoke execute on function
  private.managed_channel_ids(),
  private.is_channel_creator(uuid, uuid)
from public, anon;
grant execute on function
  private.managed_channel_ids(),
  private.is_channel_creator(uuid, uuid)
to authenticated;
