-- ---------------------------------------------------------------------------
-- A listing document's review in the listing's event log (issue 52): a
-- document submitted for review (uploaded with a type the checklist requires
-- with approval, a new version of one, a type set later, or a requirement
-- added for a type already on file) writes one document_submitted event; the
-- coordinator's approval or return (review_document()) one document_approved
-- or document_returned event with the return's reason. from/to are the
-- review states; detail names the document (document_id, document_type,
-- version, file_name), what people call it (label: the type's label, else
-- the file name) and, for a submission, its cause (upload, type: its type was
-- set, requirement: a requirement for its type was added), so the history
-- reads without joining documents, which may be deleted. Team documents have no listing and no event.
-- Functions replaced whole: private.notify_document_submitted() from
-- 20251127003100_add_document_review.sql (its two triggers are unchanged and
-- now also record the event), public.review_document() from
-- 20251129002300_freeze_reviewed_document_files.sql.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.notify_document_submitted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  type_label text;
begin
  select l.* into listing from public.listings l where l.id = new.listing_id;
  select t.label into type_label from public.document_types t where t.key = new.document_type;
  -- The actor is whoever's statement submitted it (the uploader, the person
  -- who set the type, or whose change added a requirement for a type already
  -- on file: the cause tells which); the uploader when no one is signed in.
  perform private.record_listing_event(new.listing_id, 'document_submitted',
    case tg_op when 'UPDATE' then old.review_state end, new.review_state, null,
    jsonb_build_object('document_id', new.id, 'document_type', new.document_type, 'version', new.version,
      'file_name', new.file_name, 'label', coalesce(type_label, new.file_name),
      'cause', case
        when tg_op = 'INSERT' then 'upload'
        when new.document_type is distinct from old.document_type then 'type'
        else 'requirement' end),
    coalesce(private.current_account_id(), new.uploaded_by));
  perform private.notify(listing.tc_id, 'document',
    'Submitted for review: ' || coalesce(type_label, new.file_name) || ' — ' || listing.address,
    new.file_name || case when new.version > 1 then ' (version ' || new.version || ')' else '' end,
    'document', new.id, '/compliance');
  return null;
end;
$$;

comment on function private.notify_document_submitted() is
  'Trigger (after a listing document becomes submitted: inserted so, or moved to submitted): writes the document_submitted event (from the previous review state, actor the caller or else the uploader, detail document_id, document_type, version, file_name, label and cause: upload, type set, or a new requirement for its type) and notifies the listing''s coordinator ("Submitted for review: <type> — <address>", opening /compliance); the submitter is skipped by private.notify().';

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
  perform private.record_listing_event(doc.listing_id,
    case decision when 'approve' then 'document_approved' else 'document_returned' end,
    'submitted', doc.review_state, doc.review_reason,
    jsonb_build_object('document_id', doc.id, 'document_type', doc.document_type, 'version', doc.version,
      'file_name', doc.file_name, 'label', coalesce(type_label, doc.file_name)),
    me);
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
  'The listing''s coordinator (acting as tc) or a super admin approves or returns (with a reason, stored trimmed by private.trim_text()) the latest version of a submitted document, recording the stored file''s size and checksum (reviewed_size, reviewed_checksum); writes the document_approved / document_returned event (from submitted, the reason, detail document_id, document_type, version, file_name, label), logs the activity (with size and checksum) and tells the agent of a return. 404 unknown or unseen, 403 the listing''s agent ("only the listing''s coordinator reviews documents"), 400 bad decision or a return without reason (whitespace of any kind is none), 409 not the latest version or not submitted.';
