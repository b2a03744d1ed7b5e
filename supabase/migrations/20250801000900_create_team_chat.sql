-- ---------------------------------------------------------------------------
-- Coordinator team chat: the general channel (every coordinator and super
-- admin), private channels with members, read markers, and a coordinator's
-- private notes about their agents.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Coordinator team chat: the fixed general channel (channel_id null: every tc
-- and super admin) and created channels, readable by their members only. The
-- creator becomes a channel admin; only members invite other coordinators.

create table public.tc_channels (
  id uuid primary key default gen_random_uuid(),
  name varchar(100) not null check (char_length(btrim(name)) between 1 and 100),
  description text check (char_length(description) <= 1000),
  is_private boolean not null default false,
  created_by_id uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.tc_channels is
  'Coordinator chat channels besides the fixed general channel; visible to members only.';

comment on column public.tc_channels.id is 'Channel id.';

comment on column public.tc_channels.name is 'Channel name (1 to 100 characters after trimming).';

comment on column public.tc_channels.description is 'What the channel is for.';

comment on column public.tc_channels.is_private is 'Marked private by its creator (all channels are readable by members only).';

comment on column public.tc_channels.created_by_id is 'The creator (set by trigger; becomes an admin member); null once deleted.';

comment on column public.tc_channels.created_at is 'When the channel was created. Set by trigger.';

comment on column public.tc_channels.updated_at is 'When the channel last changed. Set by trigger.';

create table public.tc_channel_members (
  id uuid primary key default gen_random_uuid(),
  channel_id uuid not null references public.tc_channels (id) on delete cascade,
  tc_id uuid not null references public.users (id) on delete cascade,
  role varchar(20) not null default 'member' check (role in ('member', 'admin')),
  joined_at timestamptz not null default now(),
  constraint tc_channel_members_channel_tc_key unique (channel_id, tc_id)
);

comment on table public.tc_channel_members is
  'Membership of coordinators in channels (role member or admin).';

comment on column public.tc_channel_members.id is 'Membership id.';

comment on column public.tc_channel_members.channel_id is 'The channel.';

comment on column public.tc_channel_members.tc_id is 'The member coordinator.';

comment on column public.tc_channel_members.role is 'member or admin (admins manage the channel and its members).';

comment on column public.tc_channel_members.joined_at is 'When the coordinator joined; without a read marker, later messages count as unread.';

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
  updated_at timestamptz not null default now(),
  -- Set by the database when the content changes (stamp_message_edit).
  edited_at timestamptz
);

comment on table public.tc_team_messages is
  'Coordinator chat messages; channel_id null is the general channel. agent_id/listing_id optionally tag what a message is about.';

comment on column public.tc_team_messages.id is 'Message id.';

comment on column public.tc_team_messages.channel_id is 'The channel; null is the fixed general channel (every tc and super admin).';

comment on column public.tc_team_messages.sender_id is 'The sender (set by trigger); null once deleted.';

comment on column public.tc_team_messages.agent_id is 'Agent the message is about, optional tag.';

comment on column public.tc_team_messages.listing_id is 'Listing the message is about, optional tag.';

comment on column public.tc_team_messages.content is 'Message text (1 to 10,000 characters after trimming); @First Last mentions notify.';

comment on column public.tc_team_messages.message_type is 'Kind of message, default general (up to 20 characters).';

comment on column public.tc_team_messages.is_thread_reply is 'True for a reply in a thread (see parent_message_id).';

comment on column public.tc_team_messages.parent_message_id is 'Message this replies to; must be in the same channel.';

comment on column public.tc_team_messages.is_pinned is 'Pinned in its channel; changes only through set_message_pinned().';

comment on column public.tc_team_messages.created_at is 'When it was sent. Set by trigger.';

comment on column public.tc_team_messages.updated_at is 'When the row last changed, pins included (edits: edited_at). Set by trigger.';

comment on column public.tc_team_messages.edited_at is 'When the sender last changed the content (null: never edited). Set by trigger only.';

-- A coordinator's private notes about an agent: visible to their author only
-- (and to super admins, who see everything).
create table public.tc_private_notes (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  agent_id uuid references public.users (id) on delete cascade,
  content text not null check (char_length(btrim(content)) between 1 and 20000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.tc_private_notes is
  'Private notes a coordinator keeps about an agent; deleted with either of them.';

comment on column public.tc_private_notes.id is 'Note id.';

comment on column public.tc_private_notes.tc_id is 'The coordinator who keeps the note (set by trigger).';

comment on column public.tc_private_notes.agent_id is 'The agent the note is about (one of the coordinator''s agents).';

comment on column public.tc_private_notes.content is 'Text of the note (1 to 20,000 characters after trimming).';

comment on column public.tc_private_notes.created_at is 'When it was written. Set by trigger.';

comment on column public.tc_private_notes.updated_at is 'When it was last edited. Set by trigger.';

-- Unread counts in the coordinator team chat: one read marker per coordinator
-- and channel (channel_id null is the general channel), moved forward only
-- through mark_channel_read(); channel_unread_counts() gives every channel's
-- count of other people's messages after the marker in one query.

create table public.tc_channel_reads (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  channel_id uuid references public.tc_channels (id) on delete cascade,
  last_read_at timestamptz not null default now(),
  constraint tc_channel_reads_tc_channel_key unique nulls not distinct (tc_id, channel_id)
);

comment on table public.tc_channel_reads is
  'Per coordinator and channel (null: general), when the channel was last read; messages after it count as unread.';

comment on column public.tc_channel_reads.id is 'Row id (the natural key, tc_id and a nullable channel_id, cannot be a primary key).';

comment on column public.tc_channel_reads.tc_id is 'The reader (an account that may read the channel).';

comment on column public.tc_channel_reads.channel_id is 'The channel read; null is the fixed general channel.';

comment on column public.tc_channel_reads.last_read_at is 'Messages created after this moment are unread for tc_id.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.tc_channels enable row level security;

alter table public.tc_channel_members enable row level security;

alter table public.tc_team_messages enable row level security;

alter table public.tc_private_notes enable row level security;

alter table public.tc_channel_reads enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.my_channel_ids(admin_only boolean default false)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  me uuid := private.current_account_id();
begin
  return query
    select m.channel_id from public.tc_channel_members m
    where m.tc_id = me and (not admin_only or m.role = 'admin');
end;
$$;

comment on function private.my_channel_ids(admin_only boolean) is
  'Channels the active account is a member (or admin) of.';

revoke execute on function private.my_channel_ids(admin_only boolean) from public;

grant execute on function private.my_channel_ids(admin_only boolean) to authenticated, service_role;

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

comment on function private.add_channel_creator() is
  'Trigger: the creator of a channel joins it as admin.';

revoke execute on function private.add_channel_creator() from public;

grant execute on function private.add_channel_creator() to service_role;

create function private.team_message_by_id(message_id uuid)
returns public.tc_team_messages
language sql
stable
security definer
set search_path = ''
as $$
  select m from public.tc_team_messages m where m.id = message_id
$$;

comment on function private.team_message_by_id(message_id uuid) is
  'The coordinator-chat message with this id (null when unknown); for triggers.';

revoke execute on function private.team_message_by_id(message_id uuid) from public;

grant execute on function private.team_message_by_id(message_id uuid) to authenticated, service_role;

create function private.scope_thread_reply()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  parent public.tc_team_messages;
begin
  if new.parent_message_id is null then
    return new;
  end if;
  parent := private.team_message_by_id(new.parent_message_id);
  if parent.id is null then
    raise exception 'parent message not found' using errcode = 'PT404';
  end if;
  if parent.channel_id is distinct from new.channel_id then
    raise exception 'a thread reply stays in the channel of its parent message' using errcode = '42501';
  end if;
  new.is_thread_reply := true;
  return new;
end;
$$;

comment on function private.scope_thread_reply() is
  'Trigger on tc_team_messages: a reply''s parent message must exist and be in the same channel.';

revoke execute on function private.scope_thread_reply() from public;

grant execute on function private.scope_thread_reply() to service_role;

create function private.managed_channel_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  me uuid := private.current_account_id();
begin
  return query
    select c.id from public.tc_channels c where c.created_by_id = me
    union
    select m.channel_id from public.tc_channel_members m where m.tc_id = me and m.role = 'admin';
end;
$$;

comment on function private.managed_channel_ids() is
  'Channels the active account manages: created by it or where it is admin. Use as channel_id in (select private.managed_channel_ids()).';

revoke execute on function private.managed_channel_ids() from public;

grant execute on function private.managed_channel_ids() to authenticated, service_role;

create function private.is_channel_creator(channel_id uuid, account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.tc_channels c where c.id = channel_id and c.created_by_id = account_id)
$$;

comment on function private.is_channel_creator(channel_id uuid, account_id uuid) is
  'True when the account created the channel. Evaluated per membership row.';

revoke execute on function private.is_channel_creator(channel_id uuid, account_id uuid) from public;

grant execute on function private.is_channel_creator(channel_id uuid, account_id uuid) to authenticated, service_role;

create function public.mark_channel_read(channel_id uuid default null)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  me uuid := private.current_account_id();
  marked timestamptz := clock_timestamp();
begin
  if me is null or not private.is_coordinator() then
    raise exception 'only coordinators read the team chat' using errcode = '42501';
  end if;
  if mark_channel_read.channel_id is not null
    and not private.is_super_admin()
    and mark_channel_read.channel_id not in (select private.my_channel_ids()) then
    raise exception 'channel not found' using errcode = 'PT404';
  end if;
  insert into public.tc_channel_reads as r (tc_id, channel_id, last_read_at)
  values (me, mark_channel_read.channel_id, marked)
  on conflict (tc_id, channel_id) do update set last_read_at = greatest(r.last_read_at, excluded.last_read_at);
  return marked;
end;
$$;

comment on function public.mark_channel_read(channel_id uuid) is
  'Marks a channel (null: general) read up to now for the active account. 403 for non-coordinators, 404 for a channel the caller is not in.';

revoke execute on function public.mark_channel_read(channel_id uuid) from public, anon;

create function public.channel_unread_counts()
returns table (channel_id uuid, unread bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  me uuid := private.current_account_id();
begin
  if not private.is_coordinator() then
    return;
  end if;
  return query
    with channels as (
      -- The caller's channels: general, those they belong to or created; a super admin's: all.
      select null::uuid as id, null::timestamptz as joined_at
      union all
      select c.id, m.joined_at
      from public.tc_channels c
      left join public.tc_channel_members m on m.channel_id = c.id and m.tc_id = me
      where m.tc_id is not null or c.created_by_id = me or private.is_super_admin()
    )
    select ch.id, n.unread
    from channels ch
    left join public.tc_channel_reads r on r.tc_id = me and r.channel_id is not distinct from ch.id
    cross join lateral (
      select count(*) as unread from (
        select 1 from public.tc_team_messages t
        where ch.id is null and t.channel_id is null
          and t.created_at > coalesce(r.last_read_at, '-infinity') and t.sender_id is distinct from me
        union all
        select 1 from public.tc_team_messages t
        where t.channel_id = ch.id
          and t.created_at > coalesce(r.last_read_at, ch.joined_at, '-infinity') and t.sender_id is distinct from me
        limit 100
      ) unread_messages
    ) n
    where n.unread > 0;
end;
$$;

comment on function public.channel_unread_counts() is
  'Unread messages per channel (null: general) for the active account, in one request under RLS: others'' messages after the read marker (else after joining), counted up to 100 per channel (the badge shows 99+). Channels without unread messages are absent.';

revoke execute on function public.channel_unread_counts() from public, anon;

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

comment on function public.set_message_pinned(message_id uuid, pinned boolean) is
  'Pins or unpins a team chat message: the channel''s creator and admins, or a super admin (the only one for the general channel). 404 for a message the caller cannot read, 403 for other members.';

revoke execute on function public.set_message_pinned(message_id uuid, pinned boolean) from public, anon;

create function private.stamp_message_edit()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.edited_at := case when new.content is distinct from old.content then now() else old.edited_at end;
  return new;
end;
$$;

comment on function private.stamp_message_edit() is
  'Trigger on tc_team_messages: edited_at follows content changes only (never a client value).';

revoke execute on function private.stamp_message_edit() from public;

grant execute on function private.stamp_message_edit() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

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

create policy "Members can read the member list of their channels"
on public.tc_channel_members for select to authenticated
using ((select private.is_super_admin()) or channel_id in (select private.my_channel_ids()));

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

create policy "Coordinators can read their private notes"
on public.tc_private_notes for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can write private notes about their agents"
on public.tc_private_notes for insert to authenticated
with check (
  tc_id = (select private.current_account_id()) and (select private.is_coordinator())
  and (agent_id is null or agent_id in (select private.coordinated_agent_ids()) or (select private.is_super_admin()))
);

create policy "Coordinators can edit their private notes"
on public.tc_private_notes for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));

create policy "Coordinators can delete their private notes"
on public.tc_private_notes for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

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

create policy "Channel creators and admins can edit their channels"
on public.tc_channels for update to authenticated
using ((select private.is_super_admin()) or id in (select private.managed_channel_ids()))
with check ((select private.is_super_admin()) or id in (select private.managed_channel_ids()));

create policy "Channel creators and admins can delete their channels"
on public.tc_channels for delete to authenticated
using ((select private.is_super_admin()) or id in (select private.managed_channel_ids()));

create policy "Coordinators can read their own read markers"
on public.tc_channel_reads for select to authenticated
using (tc_id = (select private.current_account_id()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.tc_channels from anon, authenticated;

grant select, insert, delete on public.tc_channels to authenticated;

grant update (name, description, is_private) on public.tc_channels to authenticated;

revoke all on public.tc_channel_members from anon, authenticated;

grant select, insert, delete on public.tc_channel_members to authenticated;

grant update (role) on public.tc_channel_members to authenticated;

revoke all on public.tc_team_messages from anon, authenticated;

grant select, insert, delete on public.tc_team_messages to authenticated;

grant update (content) on public.tc_team_messages to authenticated;

revoke all on public.tc_private_notes from anon, authenticated;

grant select, insert, delete on public.tc_private_notes to authenticated;

grant update (content) on public.tc_private_notes to authenticated;

revoke all on public.tc_channel_reads from anon, authenticated;

grant select on public.tc_channel_reads to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger tc_channels_set_timestamps before insert or update on public.tc_channels
  for each row execute function private.set_timestamps();

create trigger tc_team_messages_set_timestamps before insert or update on public.tc_team_messages
  for each row execute function private.set_timestamps();

create trigger tc_channels_add_creator after insert on public.tc_channels
  for each row execute function private.add_channel_creator();

create trigger tc_private_notes_set_timestamps before insert or update on public.tc_private_notes
  for each row execute function private.set_timestamps();

create trigger tc_channels_set_owner before insert on public.tc_channels
  for each row execute function private.set_owner('created_by_id');

create trigger tc_team_messages_set_owner before insert on public.tc_team_messages
  for each row execute function private.set_owner('sender_id');

create trigger tc_private_notes_set_owner before insert on public.tc_private_notes
  for each row execute function private.set_owner('tc_id');

create trigger tc_team_messages_scope_thread before insert on public.tc_team_messages
  for each row execute function private.scope_thread_reply();

create trigger tc_team_messages_stamp_edit before update on public.tc_team_messages
  for each row execute function private.stamp_message_edit();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index tc_channels_created_by_id_idx on public.tc_channels (created_by_id);

create index tc_channel_members_tc_id_idx on public.tc_channel_members (tc_id);

create index tc_team_messages_channel_id_created_at_idx on public.tc_team_messages (channel_id, created_at);

create index tc_team_messages_sender_id_idx on public.tc_team_messages (sender_id);

create index tc_team_messages_agent_id_idx on public.tc_team_messages (agent_id);

create index tc_team_messages_listing_id_idx on public.tc_team_messages (listing_id);

create index tc_team_messages_parent_message_id_idx on public.tc_team_messages (parent_message_id);

create index tc_private_notes_tc_id_agent_id_idx on public.tc_private_notes (tc_id, agent_id);

create index tc_private_notes_agent_id_idx on public.tc_private_notes (agent_id);

create index tc_channel_reads_channel_id_idx on public.tc_channel_reads (channel_id);

-- Team chat pages: a channel's top-level messages newest first, and its pinned
-- ones. The general channel (channel_id null) has an index of its own: `is
-- null` does not fix a column for the planner the way `= x` does, so an index
-- led by channel_id could not give the general feed its order, and the page
-- was a sort of all 100,000 general messages.
create index tc_team_messages_feed_idx on public.tc_team_messages (channel_id, created_at desc, id desc) where parent_message_id is null;

create index tc_team_messages_general_feed_idx on public.tc_team_messages (created_at desc, id desc) where parent_message_id is null and channel_id is null;

create index tc_team_messages_channel_id_is_pinned_idx on public.tc_team_messages (channel_id, is_pinned, created_at desc);

comment on index public.tc_team_messages_channel_id_is_pinned_idx is 'A channel''s pinned messages (channel_id null: the general channel), newest first, with is_pinned an index condition (the app sends is_pinned IS TRUE; a partial index "where is_pinned" is not used for that test).';
