-- ---------------------------------------------------------------------------
-- An approved document cannot be swapped (issue 51, item 2). After the
-- coordinator approved a document, its uploader could overwrite the file's
-- bytes at the same Storage path (upload with upsert) and the document stayed
-- approved. Now:
-- * the file of a listing document waiting for review or approved is frozen:
--   the storage.objects policies refuse overwriting it (upsert, update: 403),
--   moving it away or onto its path, uploading again at its path after it was
--   removed, and deleting it (except by a super admin). Waiting for review
--   counts too, so the coordinator approves the bytes they opened. A new
--   upload is a new version (version_of), submitted again; a returned or
--   untyped document's file stays replaceable by its uploader as before;
-- * review_document() records what was reviewed: the file's size and
--   checksum (Storage's eTag: the MD5 of the bytes for a standard upload,
--   quotes removed) from storage.objects.metadata at the moment of the
--   decision (null when the object is not in Storage);
-- * prepare_document() clears those columns with the other review columns.
-- Functions replaced whole (review_document() from
-- 20251129002000_trim_required_reasons.sql, prepare_document() from
-- 20251127003100_add_document_review.sql); policies dropped and re-created.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.documents
  add column reviewed_size bigint check (reviewed_size >= 0),
  add column reviewed_checksum text check (char_length(reviewed_checksum) <= 200);

comment on column public.documents.reviewed_size is 'Size in bytes of the stored file when it was approved or returned (storage.objects.metadata size, set by review_document()); null before a decision or when the file was not in Storage.';

comment on column public.documents.reviewed_checksum is 'Checksum of the stored file when it was approved or returned: Storage''s eTag without quotes (the MD5 of the bytes for a standard upload), set by review_document(); null before a decision or when the file was not in Storage.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.is_reviewed_document_file(bucket text, object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select bucket = 'listing-documents' and exists (
    select 1 from public.documents d
    where d.file_url = object_name and d.listing_id is not null and d.review_state in ('submitted', 'approved')
  )
$$;

comment on function private.is_reviewed_document_file(bucket text, object_name text) is
  'Storage policy check: the object is the file of a listing document waiting for review or approved (frozen: not replaced, moved or deleted). Evaluated per object.';

revoke execute on function private.is_reviewed_document_file(bucket text, object_name text) from public;

grant execute on function private.is_reviewed_document_file(bucket text, object_name text) to authenticated, service_role;

-- Security invoker on purpose (current_user tells API callers from the
-- functions and the seed); lookups go through the definer helpers.
create or replace function private.prepare_document()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('authenticated', 'anon');
  context text[];
  origin public.documents;
begin
  if tg_op = 'INSERT' then
    new.is_latest := true;
    if new.version_of is not null then
      origin := private.first_document_version(new.version_of);
      context := private.caller_context();
      if origin.id is null or (api and not private.is_super_admin()
          and private.listing_relation(origin.listing_id, context[1]::uuid, context[2]) is null) then
        raise exception 'document not found' using errcode = 'PT404';
      end if;
      if origin.listing_id is null then
        raise exception 'only listing documents have versions' using errcode = '22023';
      end if;
      new.version_of := origin.id;
      new.listing_id := origin.listing_id;
      new.is_general := false;
      new.team_tc_id := null;
      new.document_type := origin.document_type;
      select max(d.version) + 1 into new.version
      from public.documents d where d.id = origin.id or d.version_of = origin.id;
    elsif api then
      new.version := 1;
    end if;
    if api or new.review_state is null then
      new.review_state := case when private.document_needs_review(new.listing_id, new.document_type) then 'submitted' end;
      new.review_reason := null;
      new.reviewed_by := null;
      new.reviewed_at := null;
      new.reviewed_size := null;
      new.reviewed_checksum := null;
    end if;
    return new;
  end if;
  if new.document_type is not distinct from old.document_type then
    return new;
  end if;
  -- A changed type: the review starts over for the new type.
  if api and new.version_of is not null then
    raise exception 'a version keeps the type of its first version: set the type there' using errcode = '22023';
  end if;
  new.review_state := case when private.document_needs_review(new.listing_id, new.document_type) then 'submitted' end;
  new.review_reason := null;
  new.reviewed_by := null;
  new.reviewed_at := null;
  new.reviewed_size := null;
  new.reviewed_checksum := null;
  return new;
end;
$$;

comment on function private.prepare_document() is
  'Trigger (before insert, or update of document_type, on documents): a new version (version_of) is filed under the first version, on its listing, with its type and the next version number (404 unknown or unseen document, 400 for team documents); the review state is derived (submitted when the listing requires the type with approval, else null) and API callers never write review columns (reviewed_size and reviewed_checksum included). The type of a later version is set on the first one (400).';

create or replace function public.review_document(document_id uuid, decision text, reason text default null)
returns public.documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  doc public.documents;
  relation text;
  listing public.listings;
  type_label text;
  trimmed text := private.trim_text(reason);
  stored jsonb;
begin
  select d.* into doc from public.documents d where d.id = review_document.document_id;
  relation := private.listing_relation(doc.listing_id, me, context[2]);
  if doc.id is null or doc.listing_id is null or (relation is null and not private.is_super_admin()) then
    raise exception 'document not found' using errcode = 'PT404';
  end if;
  if relation is distinct from 'coordinator' and not private.is_super_admin() then
    raise exception 'only the listing''s coordinator reviews documents' using errcode = '42501';
  end if;
  if decision is null or decision not in ('approve', 'return') then
    raise exception 'decision must be approve or return' using errcode = '22023';
  end if;
  if decision = 'return' and trimmed is null then
    raise exception 'a reason is required to return a document' using errcode = '22023';
  end if;
  -- Locks the chain, so a version uploaded meanwhile is seen.
  perform private.first_document_version(doc.id);
  select d.* into doc from public.documents d where d.id = review_document.document_id;
  if not doc.is_latest or doc.review_state is distinct from 'submitted' then
    raise exception 'this document is not waiting for review' using errcode = 'PT409';
  end if;
  -- What was reviewed: the stored file as Storage describes it (frozen since
  -- the document was submitted, see private.is_reviewed_document_file()).
  select o.metadata into stored from storage.objects o where o.bucket_id = 'listing-documents' and o.name = doc.file_url;
  update public.documents d
  set review_state = case decision when 'approve' then 'approved' else 'returned' end,
      review_reason = case decision when 'return' then left(trimmed, 2000) end,
      reviewed_by = me,
      reviewed_at = now(),
      reviewed_size = case when jsonb_typeof(stored -> 'size') = 'number' then (stored ->> 'size')::bigint end,
      reviewed_checksum = left(nullif(btrim(stored ->> 'eTag', '"'), ''), 200)
  where d.id = doc.id
  returning d.* into doc;
  select l.* into listing from public.listings l where l.id = doc.listing_id;
  select t.label into type_label from public.document_types t where t.key = doc.document_type;
  perform private.log_activity(me, doc.listing_id,
    case decision when 'approve' then 'document_approved' else 'document_returned' end,
    case decision when 'approve' then 'Approved ' else 'Returned ' end || coalesce(type_label, doc.file_name),
    jsonb_strip_nulls(jsonb_build_object('document_id', doc.id, 'document_type', doc.document_type, 'version', doc.version,
      'file_name', doc.file_name, 'reason', doc.review_reason, 'size', doc.reviewed_size, 'checksum', doc.reviewed_checksum)));
  if decision = 'return' then
    perform private.notify(listing.agent_id, 'document',
      'Returned: ' || coalesce(type_label, doc.file_name) || ' — ' || listing.address, doc.review_reason,
      'document', doc.id, private.listing_url(listing.id, listing.agent_id, 'documents'), 'high');
  end if;
  return doc;
end;
$$;

comment on function public.review_document(document_id uuid, decision text, reason text) is
  'The listing''s coordinator (acting as tc) or a super admin approves or returns (with a reason, stored trimmed by private.trim_text()) the latest version of a submitted document, recording the stored file''s size and checksum (reviewed_size, reviewed_checksum); logs document_approved / document_returned (with size and checksum) and tells the agent of a return. 404 unknown or unseen, 403 the listing''s agent ("only the listing''s coordinator reviews documents"), 400 bad decision or a return without reason (whitespace of any kind is none), 409 not the latest version or not submitted.';

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- Policies on storage.objects, replaced whole: a frozen file (above) is never
-- the target of an upload (a removed one cannot be put back with other
-- bytes) nor of a replacement or move, and only a super admin deletes it.

drop policy "Listing and team members can upload into their scope and users their avatar" on storage.objects;

create policy "Listing and team members can upload into their scope except onto documents under review, and users their avatar"
on storage.objects for insert to authenticated
with check (
  private.storage_object_allowed(bucket_id, name, true)
  and not private.is_reviewed_document_file(bucket_id, name)
);

drop policy "Uploaders and super admins can replace files in scope" on storage.objects;

create policy "Uploaders and super admins can replace files in scope except those of documents under review or approved"
on storage.objects for update to authenticated
using (
  private.storage_object_allowed(bucket_id, name, true)
  and (owner_id = (select auth.uid())::text or (select private.is_super_admin()))
  and not private.is_reviewed_document_file(bucket_id, name)
)
with check (
  private.storage_object_allowed(bucket_id, name, true)
  and not private.is_reviewed_document_file(bucket_id, name)
);

drop policy "Uploaders, team coordinators and super admins can delete files" on storage.objects;

create policy "Uploaders and team coordinators can delete files except those of documents under review or approved, super admins any"
on storage.objects for delete to authenticated
using (
  private.storage_object_allowed(bucket_id, name, false)
  and (
    (select private.is_super_admin())
    or (
      not private.is_reviewed_document_file(bucket_id, name)
      and (
        owner_id = (select auth.uid())::text
        or (
          bucket_id = 'team-documents'
          and (storage.foldername(name))[2] = (select private.current_team_id())::text
          and (storage.foldername(name))[2] = (select private.current_account_id())::text
        )
      )
    )
  )
);

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- The storage policies look up documents by path, per object written.
create index documents_reviewed_file_url_idx on public.documents (file_url)
  where review_state in ('submitted', 'approved');
