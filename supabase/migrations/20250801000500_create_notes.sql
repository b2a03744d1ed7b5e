-- ---------------------------------------------------------------------------
-- Notes on a listing (typed, voice or filed from e-mail): read and added by the
-- people on the listing, edited by their author.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Notes on a listing, typed or voice. Everyone working on the listing reads and
-- adds; only the author edits or deletes (super admins may also delete).
create table public.notes (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  -- The author may be deleted; the note stays for the others on the listing.
  user_id uuid references public.users (id) on delete set null,
  content text not null check (char_length(btrim(content)) between 1 and 20000),
  is_voice boolean not null default false,
  voice_url text check (char_length(voice_url) <= 500),
  duration integer check (duration >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Filed from an e-mail to the listing (inbound_email); set only by the database.
  is_email boolean not null default false,
  -- Copies of the listing's agent and coordinator (copy_listing_people), so the read rule needs no join.
  listing_agent_id uuid,
  listing_tc_id uuid,
  constraint notes_voice_check check (is_voice or voice_url is null)
);

comment on table public.notes is
  'Notes (typed or voice) on a listing; editable and deletable by their author.';

comment on column public.notes.id is 'Note id.';

comment on column public.notes.listing_id is 'The listing the note is on.';

comment on column public.notes.user_id is 'The author (set by trigger); null once the author is deleted.';

comment on column public.notes.content is 'Text of the note, or the transcript of a voice note (1 to 20,000 characters).';

comment on column public.notes.is_voice is 'True for a voice note (recording at voice_url).';

comment on column public.notes.voice_url is 'Voice recording: object path in the voice-recordings bucket (listings/<listing_id>/…).';

comment on column public.notes.duration is 'Length of the voice recording in seconds.';

comment on column public.notes.created_at is 'When the note was written. Set by trigger.';

comment on column public.notes.updated_at is 'When the note was last edited. Set by trigger.';

comment on column public.notes.is_email is 'True when the note was filed from an e-mail to listing-{id}@{domain} (public.inbound_emails.note_id points back); set only by public.file_inbound_email().';

comment on column public.notes.listing_agent_id is 'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); with listing_tc_id it decides which agent and coordinator may read the note (super admins read all). Whatever a client sends is replaced.';

comment on column public.notes.listing_tc_id is 'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people). Whatever a client sends is replaced.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.notes enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Trigger: API callers cannot set the marker (security invoker on purpose:
-- current_user is the API role for direct requests)
-- ---------------------------------------------------------------------------
create function private.clear_note_email_marker()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    new.is_email := false;
  end if;
  return new;
end;
$$;

comment on function private.clear_note_email_marker() is
  'Trigger (before insert): notes written through the API are never marked as e-mail; a sent is_email is overwritten with false.';

revoke execute on function private.clear_note_email_marker() from public;

grant execute on function private.clear_note_email_marker() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "People on a listing can read its notes"
on public.notes for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

create policy "People on a listing can add notes as themselves"
on public.notes for insert to authenticated
with check (
  user_id = (select private.current_account_id())
  and ((select private.is_super_admin()) or listing_id in (select private.accessible_listing_ids()))
);

create policy "Authors can edit their own notes"
on public.notes for update to authenticated
using (user_id = (select private.current_account_id()))
with check (user_id = (select private.current_account_id()));

create policy "Authors and super admins can delete notes"
on public.notes for delete to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.notes from anon, authenticated;

grant select, insert, delete on public.notes to authenticated;

grant update (content, is_voice, voice_url, duration) on public.notes to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger notes_set_timestamps
before insert or update of listing_id, user_id, content, is_voice, is_email, voice_url, duration, created_at, updated_at on public.notes
for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Owner columns, set at insert
-- ---------------------------------------------------------------------------
create trigger notes_set_owner before insert on public.notes
  for each row execute function private.set_owner('user_id');

create trigger notes_clear_email_marker before insert on public.notes
  for each row execute function private.clear_note_email_marker();

-- Copies the listing's agent and coordinator into the note (the read rule's columns).
create trigger notes_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.notes
for each row execute function private.copy_listing_people();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index notes_listing_id_created_at_idx on public.notes (listing_id, created_at desc);

create index notes_user_id_idx on public.notes (user_id);
