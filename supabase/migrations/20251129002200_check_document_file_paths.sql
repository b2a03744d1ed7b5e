-- ---------------------------------------------------------------------------
-- A document row points only at a file of its own listing or team (issue 51,
-- item 8b). Storage already refuses the bytes of another team's folder, but
-- any agent on a listing could insert a documents row (through REST, or
-- create_contract_from_intake()) whose file_url named another listing's or
-- team's object; the row then offered that path to everyone on the listing.
-- Object paths encode the scope (20250801001500_create_storage.sql):
-- listings/<listing_id>/… in listing-documents, teams/<coordinator_id>/… in
-- team-documents. A new trigger, after the ones that settle listing_id and
-- team_tc_id (a version's listing comes from its first version, a team
-- document's team from its uploader), refuses any other path with 400, on
-- insert and on every change of the path or scope, for every writer.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.check_document_file_path()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  folder text;
begin
  if new.is_general then
    if new.team_tc_id is null then
      return new;  -- documents_scope_check refuses the row
    end if;
    folder := 'teams/' || new.team_tc_id || '/';
  else
    if new.listing_id is null then
      return new;  -- documents_scope_check refuses the row
    end if;
    folder := 'listings/' || new.listing_id || '/';
  end if;
  -- Inside the folder: a file name follows, and no segment is empty, "." or
  -- "..", so the path cannot climb into another folder.
  if not starts_with(new.file_url, folder) or char_length(new.file_url) = char_length(folder)
     or new.file_url ~ '(^|/)\.{0,2}(/|$)' then
    if new.is_general then
      raise exception 'a team document''s file must be in its team''s folder (teams/<coordinator id>/)' using errcode = '22023';
    end if;
    raise exception 'a listing document''s file must be in its listing''s folder (listings/<listing id>/)' using errcode = '22023';
  end if;
  return new;
end;
$$;

comment on function private.check_document_file_path() is
  'Trigger (before insert, or update of file_url, listing_id, team_tc_id or is_general, on documents; runs after the scope triggers by name): the file path must be inside the document''s own folder, listings/<listing_id>/<…> or teams/<team_tc_id>/<…>, with no empty, "." or ".." segment (400 otherwise, also for URLs).';

revoke execute on function private.check_document_file_path() from public;

grant execute on function private.check_document_file_path() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

-- Named to fire after documents_prepare, documents_scope_listing_people and
-- documents_scope_team (before triggers run in name order), which settle the
-- listing of a version and the team of a general document.
create trigger documents_verify_file_path
before insert or update of file_url, listing_id, team_tc_id, is_general on public.documents
for each row execute function private.check_document_file_path();
