-- ---------------------------------------------------------------------------
-- A frozen document file stays frozen for writers that pass the policies
-- (issue 51, item 2, continued). The storage.objects policies
-- (20251129002300_freeze_reviewed_document_files.sql) hold for people's
-- requests, but a signed upload URL writes as the service role, past RLS,
-- once its signer passed the policies at signing: an agent who asked for a
-- signed URL with upsert before submitting a document (it lives two hours,
-- here and on hosted Storage) could overwrite the file after the approval.
-- A trigger on storage.objects now refuses, for every writer, a change of a
-- frozen file's bytes (version or eTag) or its move to another name or
-- bucket, with 42501 (Storage answers 403).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Security definer: Storage writes as the caller's role or as its own admin
-- role, which cannot reach the private schema.
create function private.guard_reviewed_document_file()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.bucket_id is distinct from old.bucket_id
      or new.name is distinct from old.name
      or new.version is distinct from old.version
      or new.metadata ->> 'eTag' is distinct from old.metadata ->> 'eTag'
      or new.metadata ->> 'size' is distinct from old.metadata ->> 'size')
     and private.is_reviewed_document_file(old.bucket_id, old.name) then
    raise exception 'the file of a document under review or approved cannot be replaced or moved: upload a new version'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.guard_reviewed_document_file() is
  'Trigger (before update on storage.objects, listing-documents): the file of a listing document waiting for review or approved keeps its bytes and its place, whoever writes (signed upload URLs write past the policies): 42501 otherwise.';

revoke execute on function private.guard_reviewed_document_file() from public;

grant execute on function private.guard_reviewed_document_file() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger objects_guard_reviewed_document_file
before update on storage.objects
for each row when (old.bucket_id = 'listing-documents')
execute function private.guard_reviewed_document_file();
