-- ---------------------------------------------------------------------------
-- Document types, versions and compliance review. A listing document gets a
-- type (on upload or later); when a checklist item of the listing requires
-- that type with approval, the database marks it submitted, and the
-- listing's coordinator (or a super admin) approves or returns it through
-- review_document(). A new upload of a document is a new version of it
-- (version_of = the first version); the review applies to the latest
-- version, earlier ones stay readable. Copies of the listing's agent and
-- coordinator on documents put the review queue in index ranges.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.document_types (
  key text primary key check (key ~ '^[a-z0-9_]{1,60}$'),
  label text not null check (char_length(btrim(label)) between 1 and 100),
  position integer not null default 0,
  file_name_hints text[] not null default '{}'
);

comment on table public.document_types is
  'Kinds of listing documents that checklist templates require (Listing Agreement, Seller''s Disclosure, …). Written only by migrations; every signed-in user reads them.';

comment on column public.document_types.key is 'Stable key, e.g. sellers_disclosure; documents.document_type and checklist items refer to it.';

comment on column public.document_types.label is 'Name shown to people, e.g. "Seller''s Disclosure".';

comment on column public.document_types.position is 'Order in type selects (ascending).';

comment on column public.document_types.file_name_hints is 'Lower-case words or phrases of a file name that suggest this type (the upload form''s suggestion), e.g. {listing agreement, exclusive right}.';

insert into public.document_types (key, label, position, file_name_hints) values
  ('listing_agreement', 'Listing Agreement', 10, '{listing agreement,listing-agreement,listing_agreement,exclusive right,listing contract}'),
  ('sellers_disclosure', 'Seller''s Disclosure', 20, '{seller disclosure,sellers disclosure,seller''s disclosure,seller-disclosure,sellers-disclosure,sellers_disclosure,disclosure notice,sdn}'),
  ('lead_paint_disclosure', 'Lead-Based Paint Disclosure', 30, '{lead paint,lead-paint,lead based,lead-based,lead_paint,lbp}'),
  ('mls_input_sheet', 'MLS Input Sheet', 40, '{mls input,mls-input,mls_input,input sheet,mls}'),
  ('photos', 'Photos', 50, '{photo,photos,pictures,images}'),
  ('purchase_contract', 'Purchase Contract', 60, '{purchase contract,purchase agreement,purchase-contract,purchase_contract,resale contract,one to four,trec 20,rpa}'),
  ('earnest_money_receipt', 'Earnest Money Receipt', 70, '{earnest money,earnest-money,earnest_money,emd,escrow receipt}'),
  ('option_fee_receipt', 'Option Fee Receipt', 80, '{option fee,option-fee,option_fee}'),
  ('title_commitment', 'Title Commitment', 90, '{title commitment,title-commitment,title_commitment,commitment for title}'),
  ('survey', 'Survey', 100, '{survey,t-47,t47}'),
  ('appraisal', 'Appraisal', 110, '{appraisal}'),
  ('closing_disclosure', 'Closing Disclosure', 120, '{closing disclosure,closing-disclosure,closing_disclosure}'),
  ('settlement_statement', 'Settlement Statement', 130, '{settlement statement,settlement-statement,settlement_statement,alta,hud-1,hud1}'),
  ('other', 'Other', 1000, '{}');

alter table public.documents
  add column document_type text references public.document_types (key),
  add column version_of uuid references public.documents (id) on delete cascade,
  add column version integer not null default 1 check (version >= 1),
  add column is_latest boolean not null default true,
  add column review_state text check (review_state in ('submitted', 'approved', 'returned')),
  add column review_reason text check (char_length(review_reason) <= 2000),
  add column reviewed_by uuid references public.users (id) on delete set null,
  add column reviewed_at timestamptz,
  add column listing_agent_id uuid,
  add column listing_tc_id uuid,
  add constraint documents_returned_with_reason check (review_state is distinct from 'returned' or char_length(btrim(review_reason)) > 0),
  add constraint documents_version_of_listing check (version_of is null or listing_id is not null);

comment on column public.documents.document_type is 'Kind of document (document_types.key), chosen on upload or later; a new version takes its first version''s.';

comment on column public.documents.version_of is 'For a new version: the FIRST version of the document (set by the database from any version given); null for a first version. Deleting the first version deletes its versions.';

comment on column public.documents.version is 'Version number, 1 for a first version; set by the database (highest so far + 1).';

comment on column public.documents.is_latest is 'True for the latest version of a document (the one reviews apply to); kept by the database.';

comment on column public.documents.review_state is 'submitted, approved or returned; null when no review is needed. Set by the database (submitted when a checklist item of the listing requires this type with approval) and by review_document().';

comment on column public.documents.review_reason is 'Why the document was returned (required then); set by review_document().';

comment on column public.documents.reviewed_by is 'Who approved or returned it (set by review_document()); null once deleted.';

comment on column public.documents.reviewed_at is 'When it was approved or returned (set by review_document()).';

comment on column public.documents.listing_agent_id is 'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); the review queue''s agent. Null for team documents. Whatever a client sends is replaced.';

comment on column public.documents.listing_tc_id is 'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people); the review queue''s coordinator. Null for team documents. Whatever a client sends is replaced.';

update public.documents d set listing_agent_id = l.agent_id, listing_tc_id = l.tc_id
from public.listings l where l.id = d.listing_id;

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.document_types enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- PL/pgSQL: listing_checklist_items is created by a later migration.
create function private.document_needs_review(listing_id uuid, document_type text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return document_needs_review.document_type is not null and exists (
    select 1 from public.listing_checklist_items i
    where i.listing_id = document_needs_review.listing_id and i.kind = 'document'
      and i.document_type = document_needs_review.document_type and i.needs_approval
  );
end;
$$;

comment on function private.document_needs_review(listing_id uuid, document_type text) is
  'True when a checklist item of the listing requires documents of this type with approval (then a document of the type is submitted for review).';

revoke execute on function private.document_needs_review(listing_id uuid, document_type text) from public;

grant execute on function private.document_needs_review(listing_id uuid, document_type text) to authenticated, service_role;

create function private.first_document_version(document_id uuid)
returns public.documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  origin public.documents;
begin
  select d.* into origin from public.documents d where d.id = first_document_version.document_id;
  if origin.version_of is not null then
    select d.* into origin from public.documents d where d.id = origin.version_of;
  end if;
  -- Versions of one document are numbered one at a time.
  perform 1 from public.documents d where d.id = origin.id for update;
  return origin;
end;
$$;

comment on function private.first_document_version(document_id uuid) is
  'The first version of the document with this id (itself, or the one it is a version of), locked for update so concurrent new versions are numbered one at a time; null fields when unknown.';

revoke execute on function private.first_document_version(document_id uuid) from public;

grant execute on function private.first_document_version(document_id uuid) to authenticated, service_role;

-- Security invoker on purpose (current_user tells API callers from the
-- functions and the seed); lookups go through the definer helpers above.
create function private.prepare_document()
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
  return new;
end;
$$;

comment on function private.prepare_document() is
  'Trigger (before insert, or update of document_type, on documents): a new version (version_of) is filed under the first version, on its listing, with its type and the next version number (404 unknown or unseen document, 400 for team documents); the review state is derived (submitted when the listing requires the type with approval, else null) and API callers never write review columns. The type of a later version is set on the first one (400).';

revoke execute on function private.prepare_document() from public;

grant execute on function private.prepare_document() to service_role;

create function private.guard_document_edit()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and not private.is_super_admin()
     and old.uploaded_by is distinct from private.current_account_id()
     and (new.file_name is distinct from old.file_name or new.folder_id is distinct from old.folder_id) then
    raise exception 'only the uploader renames or files a document; the listing''s people set its type' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.guard_document_edit() is
  'Trigger (before update on documents): the listing''s agent and coordinator (let in by the update policy to set the type) cannot rename or file someone else''s document (403).';

revoke execute on function private.guard_document_edit() from public;

grant execute on function private.guard_document_edit() to service_role;

create function private.on_document_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.documents d set is_latest = false
    where (d.id = new.version_of or d.version_of = new.version_of) and d.id <> new.id and d.is_latest;
    perform private.log_activity(coalesce(private.current_account_id(), new.uploaded_by), new.listing_id, 'document_version',
      'Uploaded version ' || new.version || ' of ' || new.file_name,
      jsonb_build_object('document_id', new.id, 'first_version_id', new.version_of, 'version', new.version,
        'document_type', new.document_type, 'file_name', new.file_name));
  elsif tg_op = 'DELETE' then
    -- The latest version deleted: the one before it is the latest again.
    update public.documents d set is_latest = true
    where d.id = (
      select p.id from public.documents p
      where p.id = old.version_of or p.version_of = old.version_of
      order by p.version desc limit 1
    );
  else
    -- The first version's type is every version's type.
    update public.documents d set document_type = new.document_type
    where d.version_of = new.id and d.document_type is distinct from new.document_type;
  end if;
  return null;
end;
$$;

comment on function private.on_document_version() is
  'Trigger (after insert of a version, after delete of a latest version, after update of a first version''s type): keeps is_latest on the highest version, logs document_version, and gives every version its first version''s type.';

revoke execute on function private.on_document_version() from public;

grant execute on function private.on_document_version() to service_role;

create function private.notify_document_submitted()
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
  perform private.notify(listing.tc_id, 'document',
    'Submitted for review: ' || coalesce(type_label, new.file_name) || ' — ' || listing.address,
    new.file_name || case when new.version > 1 then ' (version ' || new.version || ')' else '' end,
    'document', new.id, '/compliance');
  return null;
end;
$$;

comment on function private.notify_document_submitted() is
  'Trigger (after a document becomes submitted): notifies the listing''s coordinator ("Submitted for review: <type> — <address>", opening /compliance); the submitter is skipped by private.notify().';

revoke execute on function private.notify_document_submitted() from public;

grant execute on function private.notify_document_submitted() to service_role;

create function public.review_document(document_id uuid, decision text, reason text default null)
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
  if decision = 'return' and char_length(btrim(coalesce(reason, ''))) = 0 then
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
      review_reason = case decision when 'return' then left(btrim(reason), 2000) end,
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
  'The listing''s coordinator (acting as tc) or a super admin approves or returns (with a reason) the latest version of a submitted document; logs document_approved / document_returned and tells the agent of a return. 404 unknown or unseen, 403 the listing''s agent ("only the listing''s coordinator reviews documents"), 400 bad decision or a return without reason, 409 not the latest version or not submitted.';

revoke execute on function public.review_document(document_id uuid, decision text, reason text) from public, anon;

grant execute on function public.review_document(document_id uuid, decision text, reason text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Signed-in users can read document types"
on public.document_types for select to authenticated
using (true);

-- Replaced whole: the listing's people join the update rule to set a
-- document's type; private.guard_document_edit() keeps renaming and filing
-- to the uploader.
drop policy "Uploaders and super admins can rename or file documents" on public.documents;

create policy "Uploaders can rename or file documents, the listing's people set their type, super admins all"
on public.documents for update to authenticated
using (
  uploaded_by = (select private.current_account_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
)
with check (
  uploaded_by = (select private.current_account_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.document_types from anon, authenticated;

grant select on public.document_types to authenticated;

grant update (document_type) on public.documents to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger documents_guard_edit before update on public.documents
  for each row execute function private.guard_document_edit();

-- Runs before documents_scope_listing_people (name order): a version's
-- listing comes from its first version.
create trigger documents_prepare before insert or update of document_type on public.documents
  for each row execute function private.prepare_document();

create trigger documents_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.documents
for each row execute function private.copy_listing_people();

create trigger documents_on_version after insert on public.documents
  for each row when (new.version_of is not null) execute function private.on_document_version();

create trigger documents_on_latest_deleted after delete on public.documents
  for each row when (old.version_of is not null and old.is_latest) execute function private.on_document_version();

create trigger documents_on_type_changed after update of document_type on public.documents
  for each row when (new.version_of is null and new.document_type is distinct from old.document_type)
  execute function private.on_document_version();

create trigger documents_notify_submitted after insert on public.documents
  for each row when (new.review_state = 'submitted' and new.listing_id is not null)
  execute function private.notify_document_submitted();

-- Every update, not "of review_state": the state also changes in a before
-- trigger (a new type), which a column list would not see.
create trigger documents_notify_resubmitted after update on public.documents
  for each row when (new.review_state = 'submitted' and old.review_state is distinct from 'submitted' and new.listing_id is not null)
  execute function private.notify_document_submitted();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index documents_version_of_idx on public.documents (version_of);

create index documents_reviewed_by_idx on public.documents (reviewed_by);

create index documents_document_type_idx on public.documents (document_type);
