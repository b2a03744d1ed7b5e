-- ---------------------------------------------------------------------------
-- The compliance review queue: the latest version of every document that has
-- a review state, with what the Compliance screen shows beside it. A view
-- with security_invoker, so documents, listings and users RLS decide what
-- each caller sees (a coordinator: their listings'; an agent: their own,
-- e.g. their returned documents; a super admin: all). The screen names its
-- scope (listing_tc_id = me, or agent_id = me) and pages by
-- (submitted_at, document_id): the partial indexes below serve those
-- filters in that order.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Views
-- ---------------------------------------------------------------------------

create view public.compliance_queue
with (security_invoker = true)
as
select
  d.id as document_id,
  d.listing_id,
  l.address,
  d.document_type,
  t.label as type_label,
  d.file_name,
  d.file_url,
  d.version,
  d.review_state,
  d.review_reason,
  d.created_at as submitted_at,
  d.listing_agent_id as agent_id,
  nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') as agent_name,
  d.listing_tc_id
from public.documents d
join public.listings l on l.id = d.listing_id
left join public.document_types t on t.key = d.document_type
left join public.users u on u.id = d.listing_agent_id
where d.is_latest and d.review_state is not null;

comment on view public.compliance_queue is
  'Documents under compliance review (latest versions with a review state), oldest first by submitted_at. Security invoker: RLS of documents, listings and users applies. Filter by review_state, listing_tc_id (a coordinator''s queue), agent_id, document_type; page by (submitted_at, document_id).';

comment on column public.compliance_queue.document_id is 'The document (its latest version).';

comment on column public.compliance_queue.listing_id is 'The listing.';

comment on column public.compliance_queue.address is 'The listing''s address.';

comment on column public.compliance_queue.document_type is 'The document''s type (document_types.key).';

comment on column public.compliance_queue.type_label is 'The type''s label, e.g. "Seller''s Disclosure".';

comment on column public.compliance_queue.file_name is 'The file name.';

comment on column public.compliance_queue.file_url is 'Object path of the file (bucket listing-documents).';

comment on column public.compliance_queue.version is 'Version number of this (latest) version.';

comment on column public.compliance_queue.review_state is 'submitted, approved or returned.';

comment on column public.compliance_queue.review_reason is 'Why it was returned.';

comment on column public.compliance_queue.submitted_at is 'When this version was uploaded (documents.created_at): the queue''s order, oldest first.';

comment on column public.compliance_queue.agent_id is 'The listing''s agent (documents.listing_agent_id).';

comment on column public.compliance_queue.agent_name is 'The agent''s name, when the caller may read the agent''s profile.';

comment on column public.compliance_queue.listing_tc_id is 'The listing''s coordinator (documents.listing_tc_id): a coordinator''s queue filters on it.';

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.compliance_queue from anon, authenticated;

grant select on public.compliance_queue to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index documents_review_queue_by_tc_idx on public.documents (listing_tc_id, review_state, created_at, id)
  where is_latest and review_state is not null;

comment on index public.documents_review_queue_by_tc_idx is 'A coordinator''s review queue: listing_tc_id = me and review_state = …, oldest first, keyset by (created_at, id).';

create index documents_review_queue_by_agent_idx on public.documents (listing_agent_id, review_state, created_at, id)
  where is_latest and review_state is not null;

comment on index public.documents_review_queue_by_agent_idx is 'An agent''s documents under review (their returned ones), and a coordinator''s queue filtered to one agent.';

create index documents_review_queue_idx on public.documents (review_state, created_at, id)
  where is_latest and review_state is not null;

comment on index public.documents_review_queue_idx is 'The super admin''s review queue (every coordinator), oldest first.';
