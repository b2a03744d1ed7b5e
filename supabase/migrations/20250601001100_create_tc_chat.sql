-- Coordinator team chat: the fixed general channel (channel_id null: every tc
-- and super admin) and created channels, readable by their members only. The
-- creator becomes a channel admin; only members invite other coordinators.

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------
create table public.tc_channels (
  id uuid primary key default gen_random_uuid(),
  name varchar(100) not null check (char_length(btrim(name)) between 1 and 100),
  description text check (char_length(description) <= 1000),
  is_private boolean not null default false,
  created_by_id uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.tc_channels is 'Coordinator chat channels besides the fixed general channel; visible to members only.';

create table public.tc_channel_members (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null references public.tc_channels (id) on delete cascade,
  tc_id uuid not null references public.users (id) on delete cascade,
  role varchar(20) not null default 'member' check (role in ('member', 'admin')),
  joined_at timestamptz not null default now(),
  constraint tc_channel_members_channel_tc_key unique (channel_id, tc_id)
);
comment on table public.tc_channel_members is 'Membership of coordinators in channels (role member or admin).';

create table public.tc_team_messages (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid references public.tc_channels (id) on delete cascade,
  sender_id uuid references public.users (id) on delete set null,
  agent_id uuid references public.users (id) on delete set null,
  listing_id uuid references public.listings (id) on delete set null,
  content text not null check (char_length(btrim(content)) between 1 and 10000),
  message_type varchar(20) not null default 'general' check (char_length(message_type) <= 20),
  is_thread_reply boolean not null default false,
  parent_message_id uuid references public.tc_team_messages (id) on delete cascade,
  is_pinned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.tc_team_messages is
  'Coordinator chat messages; channel_id null is the general channel. agent_id/listing_id optionally tag what a message is about.';

create index tc_channels_created_by_id_idx on public.tc_channels (created_by_id);
create index tc_channel_members_tc_id_idx on public.tc_channel_members (tc_id);
create index tc_team_messages_channel_id_created_at_idx on public.tc_team_messages (channel_id, created_at);
create index tc_team_messages_sender_id_idx on public.tc_team_messages (sender_id);
create index tc_team_messages_agent_id_idx on public.tc_team_messages (agent_id);
create index tc_team_messages_listing_id_idx on public.tc_team_messages (listing_id);
create index tc_team_messages_parent_message_id_idx on public.tc_team_messages (parent_message_id);

create trigger tc_channels_set_timestamps before insert or update on public.tc_channels
  for each row execute function private.set_timestamps();
create trigger tc_team_messages_set_timestamps before insert or update on public.tc_team_messages
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------
create function private.is_coordinator()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(private.current_role() = 'tc', false) or private.is_super_admin()
$$;
comment on function private.is_coordinator() is 'True for tc and super admin accounts (the coordinator team chat audience).';

create function private.my_channel_ids(admin_only boolean default false)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.channel_id from public.tc_channel_members m
  where m.tc_id = private.current_account_id() and (not admin_only or m.role = 'admin')
$$;
comment on function private.my_channel_ids(boolean) is 'Channels the active account is a member (or admin) of.';

create function private.is_tc_account(account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.users u where u.id = account_id and u.role in ('tc', 'super_admin'))
$$;
comment on function private.is_tc_account(uuid) is 'True when the account may join coordinator channels. Evaluated per row.';

grant execute on function private.is_coordinator(), private.my_channel_ids(boolean), private.is_tc_account(uuid) to authenticated;

-- The creator becomes the channel's first admin.
create function private.add_channel_creator()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.created_by_id is not null then
    insert into public.tc_channel_members (channel_id, tc_id, role) values (new.id, new.created_by_id, 'admin')
    on conflict (channel_id, tc_id) do update set role = 'admin';
  end if;
  return new;
end;
$$;
comment on function private.add_channel_creator() is 'Trigger: the creator of a channel joins it as admin.';

create trigger tc_channels_add_creator after insert on public.tc_channels
  for each row execute function private.add_channel_creator();

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
alter table public.tc_channels enable row level security;
alter table public.tc_channel_members enable row level security;
alter table public.tc_team_messages enable row level security;

-- The creator clause lets INSERT ... RETURNING see the new row before the
-- after-insert trigger has made the creator a member.
create policy "Members and creators can read their channels"
on public.tc_channels for select to authenticated
using (
  (select private.is_super_admin())
  or created_by_id = (select private.current_account_id())
  or id in (select private.my_channel_ids())
);

create policy "Coordinators can create channels as themselves"
on public.tc_channels for insert to authenticated
with check ((select private.is_coordinator()) and created_by_id = (select private.current_account_id()));

create policy "Channel admins can edit their channels"
on public.tc_channels for update to authenticated
using ((select private.is_super_admin()) or id in (select private.my_channel_ids(true)))
with check ((select private.is_super_admin()) or id in (select private.my_channel_ids(true)));

create policy "Channel admins can delete their channels"
on public.tc_channels for delete to authenticated
using ((select private.is_super_admin()) or id in (select private.my_channel_ids(true)));

create policy "Members can read the member list of their channels"
on public.tc_channel_members for select to authenticated
using ((select private.is_super_admin()) or channel_id in (select private.my_channel_ids()));

create policy "Members can invite coordinators to their channels"
on public.tc_channel_members for insert to authenticated
with check (
  ((select private.is_super_admin()) or channel_id in (select private.my_channel_ids()))
  and private.is_tc_account(tc_id)
);

create policy "Channel admins can change member roles"
on public.tc_channel_members for update to authenticated
using ((select private.is_super_admin()) or channel_id in (select private.my_channel_ids(true)))
with check ((select private.is_super_admin()) or channel_id in (select private.my_channel_ids(true)));

create policy "Channel admins can remove members and members can leave"
on public.tc_channel_members for delete to authenticated
using (
  (select private.is_super_admin())
  or tc_id = (select private.current_account_id())
  or channel_id in (select private.my_channel_ids(true))
);

create policy "Coordinators can read the general channel and members their channels"
on public.tc_team_messages for select to authenticated
using (
  (select private.is_super_admin())
  or (channel_id is null and (select private.is_coordinator()))
  or channel_id in (select private.my_channel_ids())
);

create policy "Coordinators can post as themselves to the general channel or their channels"
on public.tc_team_messages for insert to authenticated
with check (
  sender_id = (select private.current_account_id())
  and (select private.is_coordinator())
  and (channel_id is null or channel_id in (select private.my_channel_ids()) or (select private.is_super_admin()))
);

create policy "Senders can edit their messages"
on public.tc_team_messages for update to authenticated
using (sender_id = (select private.current_account_id()) or (select private.is_super_admin()))
with check (sender_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Senders and super admins can delete messages"
on public.tc_team_messages for delete to authenticated
using (sender_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.tc_channels, public.tc_channel_members, public.tc_team_messages from anon, authenticated;
grant select, insert, delete on public.tc_channels, public.tc_channel_members, public.tc_team_messages to authenticated;
grant update (name, description, is_private) on public.tc_channels to authenticated;
grant update (role) on public.tc_channel_members to authenticated;
grant update (content, is_pinned) on public.tc_team_messages to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.is_coordinator(),
  private.my_channel_ids(boolean),
  private.is_tc_account(uuid),
  private.add_channel_creator()
from public, anon;
