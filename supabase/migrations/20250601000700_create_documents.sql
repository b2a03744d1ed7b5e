-- Documents: listing documents (listing_id set) and the general team library
-- (is_general, team_tc_id). A team is a coordinator and the agents assigned to
-- them; team_tc_id is fixed at upload so a later reassignment does not move
-- files between teams. Folders group documents within a team.

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------
create table public.folders (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 255),
  parent_id uuid references public.folders (id) on delete cascade,
  created_by uuid references public.users (id) on delete set null,
  team_tc_id uuid references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.folders is 'Folders of a team''s document library (team_tc_id = the team''s coordinator).';

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid references public.listings (id) on delete cascade,
  folder_id uuid references public.folders (id) on delete set null,
  file_name text not null check (char_length(file_name) between 1 and 255),
  -- Storage object path (bucket listing-documents or team-documents) or URL.
  file_url text not null check (char_length(file_url) <= 1000),
  file_type text check (char_length(file_type) <= 255),
  file_size bigint check (file_size >= 0),
  -- The uploader may be deleted; the file stays for the listing or team.
  uploaded_by uuid references public.users (id) on delete set null,
  is_general boolean not null default false,
  team_tc_id uuid references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint documents_scope_check check (
    (is_general and listing_id is null and team_tc_id is not null) or (not is_general and listing_id is not null)
  )
);
comment on table public.documents is
  'Listing documents (listing_id) and general team documents (is_general, team_tc_id). Files live in Storage; file_url is the object path.';

create index folders_parent_id_idx on public.folders (parent_id);
create index folders_created_by_idx on public.folders (created_by);
create index folders_team_tc_id_idx on public.folders (team_tc_id);
create index documents_listing_id_created_at_idx on public.documents (listing_id, created_at desc);
create index documents_folder_id_idx on public.documents (folder_id);
create index documents_uploaded_by_idx on public.documents (uploaded_by);
create index documents_team_tc_id_created_at_idx on public.documents (team_tc_id, created_at desc);

create trigger folders_set_timestamps before insert or update on public.folders
  for each row execute function private.set_timestamps();
create trigger documents_set_timestamps before insert or update on public.documents
  for each row execute function private.set_timestamps('created_only');

-- ---------------------------------------------------------------------------
-- Team stamp: general items and folders take the caller's team when not given.
-- Shared with messages.
-- ---------------------------------------------------------------------------
create function private.stamp_team()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.team_tc_id is not null then
    return new;
  end if;
  if tg_table_name = 'folders' then
    new.team_tc_id := private.current_team_id();
  elsif new.is_general then
    new.team_tc_id := private.current_team_id();
  end if;
  return new;
end;
$$;
comment on function private.stamp_team() is 'Trigger: fills team_tc_id of general items with the caller''s team.';

create trigger folders_stamp_team before insert on public.folders
  for each row execute function private.stamp_team();
create trigger documents_stamp_team before insert on public.documents
  for each row execute function private.stamp_team();

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
alter table public.folders enable row level security;
alter table public.documents enable row level security;

create policy "Team members can read their team's folders"
on public.folders for select to authenticated
using ((select private.is_super_admin()) or team_tc_id = (select private.current_team_id()));

create policy "Team members can create folders for their team"
on public.folders for insert to authenticated
with check (
  created_by = (select private.current_account_id())
  and ((select private.is_super_admin()) or team_tc_id = (select private.current_team_id()))
);

create policy "Folder creators and super admins can rename folders"
on public.folders for update to authenticated
using (created_by = (select private.current_account_id()) or (select private.is_super_admin()))
with check ((select private.is_super_admin()) or team_tc_id = (select private.current_team_id()));

create policy "Folder creators and super admins can delete folders"
on public.folders for delete to authenticated
using (created_by = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "People on a listing or team can read its documents"
on public.documents for select to authenticated
using (
  (select private.is_super_admin())
  or listing_id in (select private.accessible_listing_ids())
  or team_tc_id = (select private.current_team_id())
);

create policy "People on a listing or team can upload documents as themselves"
on public.documents for insert to authenticated
with check (
  uploaded_by = (select private.current_account_id())
  and (
    (select private.is_super_admin())
    or (not is_general and listing_id in (select private.accessible_listing_ids()))
    or (is_general and team_tc_id = (select private.current_team_id()))
  )
);

create policy "Uploaders and super admins can rename or file documents"
on public.documents for update to authenticated
using (uploaded_by = (select private.current_account_id()) or (select private.is_super_admin()))
with check (uploaded_by = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Uploaders, the listing's agent and super admins can delete documents"
on public.documents for delete to authenticated
using (
  (select private.is_super_admin())
  or uploaded_by = (select private.current_account_id())
  or listing_id in (select l.id from public.listings l where l.agent_id = (select private.current_account_id()))
);

revoke all on public.folders, public.documents from anon, authenticated;
grant select, insert, delete on public.folders, public.documents to authenticated;
grant update (name, parent_id) on public.folders to authenticated;
grant update (file_name, folder_id) on public.documents to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.stamp_team()
from public, anon;
