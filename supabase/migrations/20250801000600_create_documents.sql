-- ---------------------------------------------------------------------------
-- Documents and folders: a listing's documents (people on the listing) and a
-- team's documents (the coordinator and their agents). The team a row belongs
-- to is derived by the database, never taken from the client.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Documents: listing documents (listing_id set) and the general team library
-- (is_general, team_tc_id). A team is a coordinator and the agents assigned to
-- them; team_tc_id is fixed at upload so a later reassignment does not move
-- files between teams. Folders group documents within a team.

create table public.folders (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 255),
  parent_id uuid references public.folders (id) on delete cascade,
  created_by uuid references public.users (id) on delete set null,
  team_tc_id uuid references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.folders is
  'Folders of a team''s document library (team_tc_id = the team''s coordinator).';

comment on column public.folders.id is 'Folder id.';

comment on column public.folders.name is 'Folder name (1 to 255 characters after trimming).';

comment on column public.folders.parent_id is 'Enclosing folder of the same team; null at the top level. Never the folder itself or one of its subfolders.';

comment on column public.folders.created_by is 'The creator (set by trigger); null once deleted.';

comment on column public.folders.team_tc_id is 'The team (its coordinator''s id) owning the folder; derived from the creator by trigger, fixed afterwards.';

comment on column public.folders.created_at is 'When the folder was created. Set by trigger.';

comment on column public.folders.updated_at is 'When the folder was last renamed or moved. Set by trigger.';

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

comment on column public.documents.id is 'Document id.';

comment on column public.documents.listing_id is 'The listing of a listing document; null for a general team document.';

comment on column public.documents.folder_id is 'Team folder the document is filed in (same team only); null when unfiled.';

comment on column public.documents.file_name is 'File name shown to people (1 to 255 characters).';

comment on column public.documents.file_url is 'Object path of the file in Storage (bucket listing-documents or team-documents).';

comment on column public.documents.file_type is 'Media type of the file, e.g. application/pdf.';

comment on column public.documents.file_size is 'Size of the file in bytes.';

comment on column public.documents.uploaded_by is 'The uploader (set by trigger); null once deleted.';

comment on column public.documents.is_general is 'True for a general team document (no listing).';

comment on column public.documents.team_tc_id is 'Team (coordinator''s id) of a general document; derived by trigger, null for listing documents.';

comment on column public.documents.created_at is 'When the document was uploaded. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.folders enable row level security;

alter table public.documents enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Team scope is derived by the database, never taken from the client:
-- * a listing document or message carries no team (team_tc_id forced null);
-- * a general (team) document, message or folder belongs to the author's own
--   team (private.current_team_id()); a different team id is refused, an
--   author without a team is refused; a super admin names the team;
-- * a folder nests only in a folder of the same team (and never in itself or
--   its subfolders); a document is filed only in a folder of its own team;
-- * a coordinator-chat thread reply stays in its parent message's channel;
-- * a new listing's tc_id is the agent's coordinator, whoever creates it.

-- ---------------------------------------------------------------------------
-- Lookups for the triggers below (security definer: the parent row may be
-- invisible to the caller, which is exactly what the triggers must detect)
-- ---------------------------------------------------------------------------
create function private.folder_by_id(folder_id uuid)
returns public.folders
language sql
stable
security definer
set search_path = ''
as $$
  select f from public.folders f where f.id = folder_id
$$;

comment on function private.folder_by_id(folder_id uuid) is
  'The folder row with this id (null when unknown), whatever the caller may read; for triggers.';

revoke execute on function private.folder_by_id(folder_id uuid) from public;

grant execute on function private.folder_by_id(folder_id uuid) to authenticated, service_role;

create function private.is_team_coordinator(account_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.users u where u.id = account_id and 'tc' in (u.role, coalesce(u.original_role, u.role)))
$$;

comment on function private.is_team_coordinator(account_id uuid) is
  'True when the account is a coordinator, i.e. identifies a team.';

revoke execute on function private.is_team_coordinator(account_id uuid) from public;

grant execute on function private.is_team_coordinator(account_id uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The team of a new general item written through the API
-- ---------------------------------------------------------------------------
create function private.team_for_new_item(sent_team uuid)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  team uuid;
begin
  if private.is_super_admin() then
    if sent_team is null or not private.is_team_coordinator(sent_team) then
      raise exception 'name the team (its coordinator''s id) in team_tc_id' using errcode = '22023';
    end if;
    return sent_team;
  end if;
  team := private.current_team_id();
  if team is null then
    raise exception 'you are not on a team: team items need a coordinator' using errcode = '42501';
  end if;
  if sent_team is not null and sent_team <> team then
    raise exception 'team items belong to your own team' using errcode = '42501';
  end if;
  return team;
end;
$$;

comment on function private.team_for_new_item(sent_team uuid) is
  'Team of a general item written by an API caller: their own team (a different sent id is refused with 403), a super admin''s named team.';

revoke execute on function private.team_for_new_item(sent_team uuid) from public;

grant execute on function private.team_for_new_item(sent_team uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Triggers (security invoker on purpose, see private.set_owner())
-- ---------------------------------------------------------------------------
create function private.scope_team_item()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  folder public.folders;
begin
  if tg_op = 'INSERT' then
    if current_user not in ('authenticated', 'anon') then
      if new.is_general and new.team_tc_id is null then
        new.team_tc_id := private.current_team_id();
      end if;
    elsif new.is_general then
      new.team_tc_id := private.team_for_new_item(new.team_tc_id);
    else
      new.team_tc_id := null;
    end if;
  end if;
  if tg_table_name <> 'documents' then
    return new;  -- messages have no folder (each NEW field is resolved only when its line runs)
  end if;
  if new.folder_id is not null and (tg_op = 'INSERT' or new.folder_id is distinct from old.folder_id) then
    folder := private.folder_by_id(new.folder_id);
    if folder.id is null then
      raise exception 'folder not found' using errcode = 'PT404';
    end if;
    if not new.is_general or folder.team_tc_id is distinct from new.team_tc_id then
      raise exception 'a document is filed only in a folder of its own team' using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;

comment on function private.scope_team_item() is
  'Trigger on documents and messages: team_tc_id derived (null for listing items, the author''s team for general ones); a document''s folder must be of its team.';

revoke execute on function private.scope_team_item() from public;

grant execute on function private.scope_team_item() to service_role;

create function private.scope_folder()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  parent public.folders;
begin
  if tg_op = 'INSERT' then
    if new.parent_id is not null then
      parent := private.folder_by_id(new.parent_id);
      if parent.id is null then
        raise exception 'parent folder not found' using errcode = 'PT404';
      end if;
    end if;
    if current_user in ('authenticated', 'anon') then
      new.team_tc_id := private.team_for_new_item(coalesce(new.team_tc_id, parent.team_tc_id));
    elsif new.team_tc_id is null then
      new.team_tc_id := coalesce(parent.team_tc_id, private.current_team_id());
    end if;
  elsif new.parent_id is distinct from old.parent_id and new.parent_id is not null then
    parent := private.folder_by_id(new.parent_id);
    if parent.id is null then
      raise exception 'parent folder not found' using errcode = 'PT404';
    end if;
    if exists (
      with recursive ancestors as (
        select parent.id as id, parent.parent_id as parent_id
        union
        select f.id, f.parent_id from public.folders f join ancestors a on f.id = a.parent_id
      )
      select 1 from ancestors where id = new.id
    ) then
      raise exception 'a folder cannot move into itself or one of its subfolders' using errcode = '22023';
    end if;
  end if;
  if parent.id is not null and parent.team_tc_id is distinct from new.team_tc_id then
    raise exception 'a folder nests only in a folder of its own team' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.scope_folder() is
  'Trigger on folders: team derived from the author (or the parent folder for a super admin); parent must be a folder of the same team, without cycles.';

revoke execute on function private.scope_folder() from public;

grant execute on function private.scope_folder() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Team members can read their team's folders"
on public.folders for select to authenticated
using (
  team_tc_id = (select private.current_team_id())
  or (select private.is_super_admin())
);

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
  team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
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

create policy "Uploaders, the listing's agent, the team's coordinator and super admins can delete documents"
on public.documents for delete to authenticated
using (
  (select private.is_super_admin())
  or uploaded_by = (select private.current_account_id())
  or listing_id in (select l.id from public.listings l where l.agent_id = (select private.current_account_id()))
  or (
    is_general
    and team_tc_id = (select private.current_team_id())
    and team_tc_id = (select private.current_account_id())
  )
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.folders from anon, authenticated;

grant select, insert, delete on public.folders to authenticated;

grant update (name, parent_id) on public.folders to authenticated;

revoke all on public.documents from anon, authenticated;

grant select, insert, delete on public.documents to authenticated;

grant update (folder_id, file_name) on public.documents to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger folders_set_timestamps before insert or update on public.folders
  for each row execute function private.set_timestamps();

create trigger documents_set_timestamps before insert or update on public.documents
  for each row execute function private.set_timestamps('created_only');

create trigger documents_set_owner before insert on public.documents
  for each row execute function private.set_owner('uploaded_by');

create trigger folders_set_owner before insert on public.folders
  for each row execute function private.set_owner('created_by');

create trigger documents_scope_team before insert or update of folder_id on public.documents
  for each row execute function private.scope_team_item();

create trigger folders_scope_team before insert or update of parent_id on public.folders
  for each row execute function private.scope_folder();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index folders_parent_id_idx on public.folders (parent_id);

create index folders_created_by_idx on public.folders (created_by);

create index folders_team_tc_id_idx on public.folders (team_tc_id);

create index documents_listing_id_created_at_idx on public.documents (listing_id, created_at desc);

create index documents_folder_id_idx on public.documents (folder_id);

create index documents_uploaded_by_idx on public.documents (uploaded_by);

create index documents_team_tc_id_created_at_idx on public.documents (team_tc_id, created_at desc);
