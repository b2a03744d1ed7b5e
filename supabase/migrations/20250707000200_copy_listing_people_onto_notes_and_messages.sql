-- ---------------------------------------------------------------------------
-- Notes and listing messages carry their listing's agent and coordinator, so
-- reading them checks columns instead of looking the listing up (issue: Scale).
--
-- A listing's notes and messages are its two longest feeds. Their select
-- policies asked private.listing_relation() about each row: ~35 µs for the
-- first row of a request (a PL/pgSQL call and a lookup of the listing) and
-- ~3 µs for each further one, about 60 µs of a notes page's ~150 µs of RLS
-- cost at 100,000 listings (measured per transaction, one client). Now each
-- row holds copies of listings.agent_id and listings.tc_id, and the policy
-- compares them with the caller: the same answer as listing_relation() (the
-- listing's agent; or, acting as tc, its coordinator or the coordinator of
-- its agent, read live from users through coordinated_agent_ids()).
--
-- The copies are the database's, never the client's:
-- * before insert, and before an update that names listing_id or a copy, a
--   trigger reads them from the listing, whatever the client sent. It takes a
--   share lock on the listing row, so a change of the listing's agent or
--   coordinator that is under way finishes first (and is copied), or waits
--   until this row is committed (and then reaches it, below).
-- * after a listing's agent_id or tc_id changes (a reassignment, or
--   assign_agent() moving an agent's listings to another coordinator), a
--   trigger writes the new values into the listing's notes and messages.
-- Clients may not update the copies of notes (column grants) and only super
-- admins update messages, where the trigger derives them again. Copying is
-- not an edit: a note's updated_at ("edited") is stamped only when one of its
-- own columns changes.
-- Documents, received mail, tasks, activity and research keep the per-row
-- check: a listing has few documents and mails, and tasks and activity are
-- matched by their assignee first.
-- ---------------------------------------------------------------------------

alter table public.notes
  add column listing_agent_id uuid,
  add column listing_tc_id uuid;
comment on column public.notes.listing_agent_id is
  'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); decides with listing_tc_id who may read the note. Whatever a client sends is replaced.';
comment on column public.notes.listing_tc_id is
  'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

alter table public.messages
  add column listing_agent_id uuid,
  add column listing_tc_id uuid;
comment on column public.messages.listing_agent_id is
  'Copy of the listing''s agent_id for listing messages (null for team messages), kept by the database (private.copy_listing_people); decides with listing_tc_id and team_tc_id who may read the message. Whatever a client sends is replaced.';
comment on column public.messages.listing_tc_id is
  'Copy of the listing''s tc_id for listing messages (null for team messages), kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

update public.notes n set listing_agent_id = l.agent_id, listing_tc_id = l.tc_id
from public.listings l where l.id = n.listing_id;
update public.messages m set listing_agent_id = l.agent_id, listing_tc_id = l.tc_id
from public.listings l where l.id = m.listing_id;

-- ---------------------------------------------------------------------------
-- Triggers: the copies come from the listing
-- ---------------------------------------------------------------------------
create function private.copy_listing_people()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.listing_agent_id := null;
  new.listing_tc_id := null;
  if new.listing_id is not null then
    -- The share lock orders this row against a concurrent change of the
    -- listing's people (see private.copy_listing_people_to_items()).
    select l.agent_id, l.tc_id into new.listing_agent_id, new.listing_tc_id
    from public.listings l where l.id = new.listing_id
    for share;
  end if;
  return new;
end;
$$;
comment on function private.copy_listing_people() is
  'Trigger (before insert, or update of listing_id or the copies, on notes and messages): sets listing_agent_id / listing_tc_id from the listing (null without one), under a share lock on the listing row. Client values are replaced.';

-- Named to run after messages_keep_scope, which restores a changed listing_id first.
create trigger notes_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.notes
for each row execute function private.copy_listing_people();

create trigger messages_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.messages
for each row execute function private.copy_listing_people();

create function private.copy_listing_people_to_items()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notes n set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where n.listing_id = new.id;
  update public.messages m set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where m.listing_id = new.id;
  return null;
end;
$$;
comment on function private.copy_listing_people_to_items() is
  'Trigger (after update of agent_id or tc_id on listings): writes the listing''s new agent and coordinator into the copies on its notes and messages.';

create trigger listings_copy_people_to_items
after update of agent_id, tc_id on public.listings
for each row when (new.agent_id is distinct from old.agent_id or new.tc_id is distinct from old.tc_id)
execute function private.copy_listing_people_to_items();

revoke execute on function private.copy_listing_people(), private.copy_listing_people_to_items() from public, anon, authenticated;

-- A note's updated_at means "edited": copying the listing's people is not an
-- edit, so the stamp runs only when one of the note's own columns is named.
-- (A new column of notes that clients may edit belongs in this list.)
drop trigger notes_set_timestamps on public.notes;
create trigger notes_set_timestamps
before insert or update of listing_id, user_id, content, is_voice, is_email, voice_url, duration, created_at, updated_at on public.notes
for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Policies: the same readers as private.listing_relation() answered
-- ---------------------------------------------------------------------------
alter policy "People on a listing can read its notes" on public.notes
using (
  (select private.is_super_admin())
  or listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id in (select private.coordinated_agent_ids())))
);

alter policy "People on a listing or team can read its messages" on public.messages
using (
  (select private.is_super_admin())
  or team_tc_id = (select private.current_team_id())
  or listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id in (select private.coordinated_agent_ids())))
);
