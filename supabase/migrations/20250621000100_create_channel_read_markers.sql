-- Unread counts in the coordinator team chat: one read marker per coordinator
-- and channel (channel_id null is the general channel), moved forward only
-- through mark_channel_read(); channel_unread_counts() gives every channel's
-- count of other people's messages after the marker in one query.

-- ---------------------------------------------------------------------------
-- Table
-- ---------------------------------------------------------------------------
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

create index tc_channel_reads_channel_id_idx on public.tc_channel_reads (channel_id);

-- ---------------------------------------------------------------------------
-- Row-level security: readers see their own markers; writes only through
-- mark_channel_read(), which checks that the channel is readable.
-- ---------------------------------------------------------------------------
alter table public.tc_channel_reads enable row level security;

create policy "Coordinators can read their own read markers"
on public.tc_channel_reads for select to authenticated
using (tc_id = (select private.current_account_id()));

revoke all on public.tc_channel_reads from anon, authenticated;
grant select on public.tc_channel_reads to authenticated;

-- ---------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------
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
comment on function public.mark_channel_read(uuid) is
  'Marks a channel (null: general) read up to now for the active account. 403 for non-coordinators, 404 for a channel the caller is not in.';

create function public.channel_unread_counts()
returns table (channel_id uuid, unread bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.channel_id, count(*)
  from public.tc_team_messages m
  left join public.tc_channel_reads r
    on r.tc_id = private.current_account_id() and r.channel_id is not distinct from m.channel_id
  left join public.tc_channel_members cm
    on cm.tc_id = private.current_account_id() and cm.channel_id = m.channel_id
  where m.sender_id is distinct from private.current_account_id()
    and m.created_at > coalesce(r.last_read_at, cm.joined_at, '-infinity')
  group by m.channel_id
$$;
comment on function public.channel_unread_counts() is
  'Unread messages per channel (null: general) for the active account, in one query under RLS: others'' messages after the read marker (else after joining). Channels without unread messages are absent.';

revoke execute on function public.mark_channel_read(uuid), public.channel_unread_counts() from public, anon;
grant execute on function public.mark_channel_read(uuid), public.channel_unread_counts() to authenticated;
