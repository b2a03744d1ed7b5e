-- ---------------------------------------------------------------------------
-- A required reason is real text (issue 51, item 5). terminate_contract(),
-- review_document() (a return) and override_listing_status() checked their
-- reason with btrim(), which strips spaces only: a reason of tabs and
-- newlines, or of no-break and ideographic spaces, was accepted and stored.
-- Each now checks private.trim_text(reason) (every kind of whitespace,
-- ASCII and Unicode) and stores the trimmed text. Functions replaced whole;
-- nothing else in them changes.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.terminate_contract(contract_id uuid, reason text)
returns public.contracts
language plpgsql
security definer
set search_path = ''
as $$
declare
  contract public.contracts := private.contract_to_settle(terminate_contract.contract_id);
  trimmed text := private.trim_text(reason);
begin
  if trimmed is null then
    raise exception 'a reason is required to terminate a contract' using errcode = '22023';
  end if;
  if char_length(trimmed) > 1000 then
    raise exception 'the reason must be at most 1,000 characters' using errcode = '22023';
  end if;
  update public.contracts c set status = 'terminated', terminated_at = now(), termination_reason = trimmed
  where c.id = contract.id returning c.* into contract;
  return contract;
end;
$$;

comment on function public.terminate_contract(contract_id uuid, reason text) is
  'The listing''s coordinator (acting as tc) or a super admin terminates an active contract with a reason (required: 400 when nothing but whitespace of any kind, stored trimmed by private.trim_text()); the listing returns to live. 404 unknown or unseen contract, 403 the listing''s agent, 409 not active.';

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
  update public.documents d
  set review_state = case decision when 'approve' then 'approved' else 'returned' end,
      review_reason = case decision when 'return' then left(trimmed, 2000) end,
      reviewed_by = me,
      reviewed_at = now()
  where d.id = doc.id
  returning d.* into doc;
  select l.* into listing from public.listings l where l.id = doc.listing_id;
  select t.label into type_label from public.document_types t where t.key = doc.document_type;
  perform private.log_activity(me, doc.listing_id,
    case decision when 'approve' then 'document_approved' else 'document_returned' end,
    case decision when 'approve' then 'Approved ' else 'Returned ' end || coalesce(type_label, doc.file_name),
    jsonb_strip_nulls(jsonb_build_object('document_id', doc.id, 'document_type', doc.document_type, 'version', doc.version,
      'file_name', doc.file_name, 'reason', doc.review_reason)));
  if decision = 'return' then
    perform private.notify(listing.agent_id, 'document',
      'Returned: ' || coalesce(type_label, doc.file_name) || ' — ' || listing.address, doc.review_reason,
      'document', doc.id, private.listing_url(listing.id, listing.agent_id, 'documents'), 'high');
  end if;
  return doc;
end;
$$;

comment on function public.review_document(document_id uuid, decision text, reason text) is
  'The listing''s coordinator (acting as tc) or a super admin approves or returns (with a reason, stored trimmed by private.trim_text()) the latest version of a submitted document; logs document_approved / document_returned and tells the agent of a return. 404 unknown or unseen, 403 the listing''s agent ("only the listing''s coordinator reviews documents"), 400 bad decision or a return without reason (whitespace of any kind is none), 409 not the latest version or not submitted.';

create or replace function public.override_listing_status(listing_id uuid, new_status text, reason text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  missing text;
  trimmed text := private.trim_text(reason);
begin
  if not private.listing_exists(override_listing_status.listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not private.is_super_admin() then
    raise exception 'only a super admin overrides the compliance gate' using errcode = '42501';
  end if;
  if trimmed is null then
    raise exception 'a reason is required to override the compliance gate' using errcode = '22023';
  end if;
  if new_status is null or new_status not in ('incomplete', 'ready', 'live', 'under_contract', 'closed') then
    raise exception 'status must be incomplete, ready, live, under_contract or closed' using errcode = '22023';
  end if;
  select l.* into listing from public.listings l where l.id = override_listing_status.listing_id for update;
  missing := private.missing_for_status(listing.id, new_status);
  perform set_config('listingdesk.compliance_override', listing.id::text, true);
  update public.listings l set status = new_status where l.id = listing.id returning l.* into listing;
  perform set_config('listingdesk.compliance_override', '', true);
  perform private.log_activity(private.current_account_id(), listing.id, 'compliance_override',
    'Moved to ' || private.listing_status_label(new_status) || ' past the compliance gate: ' || left(trimmed, 500),
    jsonb_build_object('status', new_status, 'reason', left(trimmed, 1000), 'missing', missing));
  return listing;
end;
$$;

comment on function public.override_listing_status(listing_id uuid, new_status text, reason text) is
  'Super admin: sets a listing''s status past the compliance gate, with a reason (stored trimmed by private.trim_text()); logs compliance_override with the reason and what was missing. 404 unknown listing, 403 others ("only a super admin overrides the compliance gate"), 400 without a reason (whitespace of any kind is none) or with an unknown status.';
