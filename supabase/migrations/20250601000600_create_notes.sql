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
  constraint notes_voice_check check (is_voice or voice_url is null)
);
comment on table public.notes is 'Notes (typed or voice) on a listing; editable and deletable by their author.';

create index notes_listing_id_created_at_idx on public.notes (listing_id, created_at desc);
create index notes_user_id_idx on public.notes (user_id);

create trigger notes_set_timestamps before insert or update on public.notes
  for each row execute function private.set_timestamps();

alter table public.notes enable row level security;

create policy "People on a listing can read its notes"
on public.notes for select to authenticated
using ((select private.is_super_admin()) or listing_id in (select private.accessible_listing_ids()));

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

revoke all on public.notes from anon, authenticated;
grant select, insert, delete on public.notes to authenticated;
-- Moving a note to another listing is not an edit: listing_id is fixed after insert.
grant update (content, is_voice, voice_url, duration) on public.notes to authenticated;
