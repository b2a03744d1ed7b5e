-- Messages: the per-listing thread (listing_id) and the general team feed
-- (is_general, team_tc_id: the coordinator and the agents assigned to them).
-- Voice messages carry voice_url and duration.

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid references public.listings (id) on delete cascade,
  -- A deleted sender leaves the message for the others (shown as 'User').
  sender_id uuid references public.users (id) on delete set null,
  content text not null check (char_length(btrim(content)) between 1 and 10000),
  is_read boolean not null default false,
  is_general boolean not null default false,
  team_tc_id uuid references public.users (id) on delete cascade,
  is_voice boolean not null default false,
  voice_url text check (char_length(voice_url) <= 500),
  duration integer check (duration >= 0),
  created_at timestamptz not null default now(),
  constraint messages_scope_check check (
    (is_general and listing_id is null and team_tc_id is not null) or (not is_general and listing_id is not null)
  ),
  constraint messages_voice_check check (is_voice or voice_url is null)
);
comment on table public.messages is
  'Listing threads (listing_id) and general team messages (is_general, team_tc_id). Read flags change through mark_messages_read().';

create index messages_listing_id_created_at_idx on public.messages (listing_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);
create index messages_team_tc_id_created_at_idx on public.messages (team_tc_id, created_at);

create trigger messages_set_timestamps before insert or update on public.messages
  for each row execute function private.set_timestamps('created_only');
create trigger messages_stamp_team before insert on public.messages
  for each row execute function private.stamp_team();

alter table public.messages enable row level security;

create policy "People on a listing or team can read its messages"
on public.messages for select to authenticated
using (
  (select private.is_super_admin())
  or listing_id in (select private.accessible_listing_ids())
  or team_tc_id = (select private.current_team_id())
);

create policy "People on a listing or team can send messages as themselves"
on public.messages for insert to authenticated
with check (
  sender_id = (select private.current_account_id())
  and not is_read
  and (
    (select private.is_super_admin())
    or (not is_general and listing_id in (select private.accessible_listing_ids()))
    or (is_general and team_tc_id = (select private.current_team_id()))
  )
);

create policy "Super admins can update messages"
on public.messages for update to authenticated
using ((select private.is_super_admin()))
with check ((select private.is_super_admin()));

create policy "Senders and super admins can delete messages"
on public.messages for delete to authenticated
using (sender_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.messages from anon, authenticated;
grant select, insert, update, delete on public.messages to authenticated;

create function public.mark_messages_read(listing_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if not (private.is_super_admin() or listing_id in (select private.accessible_listing_ids())) then
    raise exception 'not your listing' using errcode = '42501';
  end if;
  update public.messages m set is_read = true
  where m.listing_id = mark_messages_read.listing_id and not m.is_read
    and m.sender_id is distinct from private.current_account_id();
  get diagnostics changed = row_count;
  return changed;
end;
$$;
comment on function public.mark_messages_read(uuid) is 'Marks the messages others sent on a listing as read for the caller; returns how many.';
grant execute on function public.mark_messages_read(uuid) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  public.mark_messages_read(uuid)
from public, anon;
