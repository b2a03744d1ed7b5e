-- ---------------------------------------------------------------------------
-- Messages: per-listing conversation between the listing's agent and
-- coordinator, and a team's general channel.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

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
  -- Copies of the listing's agent and coordinator (copy_listing_people), so the read rule needs no join.
  listing_agent_id uuid,
  listing_tc_id uuid,
  constraint messages_scope_check check (
    (is_general and listing_id is null and team_tc_id is not null) or (not is_general and listing_id is not null)
  ),
  constraint messages_voice_check check (is_voice or voice_url is null)
);

comment on table public.messages is
  'Listing threads (listing_id) and general team messages (is_general, team_tc_id). Read flags change through mark_messages_read().';

comment on column public.messages.id is 'Message id.';

comment on column public.messages.listing_id is 'The listing thread; null for a general team message.';

comment on column public.messages.sender_id is 'The sender (set by trigger); null once deleted (shown as "User").';

comment on column public.messages.content is 'Message text, or the transcript of a voice message (1 to 10,000 characters after trimming).';

comment on column public.messages.is_read is 'Read by the recipient side; changes through mark_messages_read().';

comment on column public.messages.is_general is 'True for a general team message (no listing).';

comment on column public.messages.team_tc_id is 'Team (coordinator''s id) of a general message; derived by trigger, null for listing messages.';

comment on column public.messages.is_voice is 'True for a voice message (recording at voice_url).';

comment on column public.messages.voice_url is 'Voice recording: object path in the voice-recordings bucket (listings/<listing_id>/… or teams/<coordinator_id>/messages/…).';

comment on column public.messages.duration is 'Length of the voice recording in seconds.';

comment on column public.messages.created_at is 'When the message was sent. Set by trigger; with id the key of the keyset pages.';

comment on column public.messages.listing_agent_id is 'Copy of the listing''s agent_id for listing messages (null for team messages), kept by the database (private.copy_listing_people); decides with listing_tc_id and team_tc_id who may read the message. Whatever a client sends is replaced.';

comment on column public.messages.listing_tc_id is 'Copy of the listing''s tc_id for listing messages (null for team messages), kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.messages enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Messages
-- ---------------------------------------------------------------------------
create function public.mark_messages_read(listing_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if not private.listing_exists(listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
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

comment on function public.mark_messages_read(listing_id uuid) is
  'Marks the messages others sent on a listing as read for the caller; returns how many. 404 unknown listing, 403 not on it.';

revoke execute on function public.mark_messages_read(listing_id uuid) from public, anon;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "People on a listing or team can read its messages"
on public.messages for select to authenticated
using (
  team_tc_id = (select private.current_team_id())
  or listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
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

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.messages from anon, authenticated;

grant select, insert, update, delete on public.messages to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger messages_set_timestamps before insert or update on public.messages
  for each row execute function private.set_timestamps('created_only');

create trigger messages_set_owner before insert on public.messages
  for each row execute function private.set_owner('sender_id');

-- ---------------------------------------------------------------------------
-- Owner and scoping columns, fixed after insert (tables whose other columns
-- have column-level UPDATE grants are already covered by those grants)
-- ---------------------------------------------------------------------------
create trigger messages_keep_scope before update on public.messages
  for each row execute function private.keep_columns('listing_id', 'is_general', 'team_tc_id', 'sender_id');

create trigger messages_scope_team before insert on public.messages
  for each row execute function private.scope_team_item();

create trigger messages_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.messages
for each row execute function private.copy_listing_people();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index messages_sender_id_idx on public.messages (sender_id);

-- Message feeds are read newest first in keyset pages on (created_at, id):
--   where team_tc_id = $team and is_general   (Team Messages)
--   where listing_id = $listing                (a listing's thread)
--   order by created_at desc, id desc limit n
--   with created_at < $c or (created_at = $c and id < $id) for older pages.
-- Rows of one statement share created_at (now() of the transaction), so id
-- breaks ties. The former two-column indexes left that tie-break to a sort;
-- these replace them (same leading column, so the foreign keys' cascades on
-- team_tc_id and listing_id still find their rows through an index).

create index messages_team_feed_idx on public.messages (team_tc_id, created_at, id);

comment on index public.messages_team_feed_idx is 'Team Messages: keyset pages of a team''s general messages on (created_at, id), read backwards; also serves the team_tc_id foreign key.';

create index messages_listing_feed_idx on public.messages (listing_id, created_at, id);

comment on index public.messages_listing_feed_idx is 'A listing''s thread: keyset pages on (created_at, id), read backwards; also serves the listing_id foreign key.';
