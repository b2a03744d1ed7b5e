-- ---------------------------------------------------------------------------
-- A listing's event log (issue 52): what happened to a listing, append-only,
-- one row per change: its status, its contract (recorded, amended, closed,
-- terminated with the reason), its documents (submitted, approved, returned),
-- its requirements (waived with the reason) and its key dates (done, waived).
-- Written only by the database functions that make those changes, through
-- private.record_listing_event(); read by the people on the listing under the
-- same rule as its checklist. Pipeline cycle times and fall-through read it;
-- live updates and the outbox listen to it.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.listing_events (
  id bigint generated always as identity primary key,
  listing_id uuid not null references public.listings (id) on delete cascade,
  kind text not null check (kind in (
    'status_changed',
    'contract_recorded', 'contract_amended', 'contract_closed', 'contract_terminated',
    'document_submitted', 'document_approved', 'document_returned',
    'requirement_waived',
    'deadline_done', 'deadline_waived')),
  from_value text check (char_length(from_value) <= 255),
  to_value text check (char_length(to_value) <= 255),
  reason text check (char_length(reason) <= 1000),
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object'),
  actor_id uuid references public.users (id) on delete set null,
  at timestamptz not null default now(),
  listing_agent_id uuid,
  listing_tc_id uuid
);

comment on table public.listing_events is
  'What happened to a listing, append-only: status changes, contract recorded / amended / closed / terminated, documents submitted / approved / returned, requirements waived, key dates done / waived. Written by database functions only (private.record_listing_event); read by the people on the listing.';

comment on column public.listing_events.id is 'Event id, increasing in the order events were written.';

comment on column public.listing_events.listing_id is 'The listing it happened to.';

comment on column public.listing_events.kind is 'What happened: status_changed, contract_recorded, contract_amended, contract_closed, contract_terminated, document_submitted, document_approved, document_returned, requirement_waived, deadline_done, deadline_waived.';

comment on column public.listing_events.from_value is 'The value before, where the event is a change of one value (status_changed: the old status key; document_*: the old review state).';

comment on column public.listing_events.to_value is 'The value after (status_changed: the new status key; document_*: the new review state; deadline_*: the key date''s key).';

comment on column public.listing_events.reason is 'The reason given (termination, override, return, waiver), trimmed; null when none is asked.';

comment on column public.listing_events.detail is 'What else identifies the change: contract_id, document_id, deadline_id, item_id, changed columns, the cause of a status change (manual, contract, override).';

comment on column public.listing_events.actor_id is 'The account that made the change; null for the database''s own jobs and the seed, or once that account is deleted.';

comment on column public.listing_events.at is 'When it happened (the writing transaction''s time).';

comment on column public.listing_events.listing_agent_id is 'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); the read rule''s column.';

comment on column public.listing_events.listing_tc_id is 'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people); the read rule''s column.';

-- A listing's history, newest first (keyset on at, id).
create index listing_events_listing_id_at_idx on public.listing_events (listing_id, at desc, id desc);

-- Pipeline reads across listings by kind and time.
create index listing_events_kind_at_idx on public.listing_events (kind, at);

create index listing_events_actor_id_idx on public.listing_events (actor_id);

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.record_listing_event(
  listing_id uuid,
  kind text,
  from_value text default null,
  to_value text default null,
  reason text default null,
  detail jsonb default '{}'::jsonb,
  actor_id uuid default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.listing_events (listing_id, kind, from_value, to_value, reason, detail, actor_id)
  values (record_listing_event.listing_id, record_listing_event.kind, record_listing_event.from_value,
    record_listing_event.to_value, left(record_listing_event.reason, 1000),
    coalesce(record_listing_event.detail, '{}'::jsonb),
    coalesce(record_listing_event.actor_id, private.current_account_id()))
$$;

comment on function private.record_listing_event(listing_id uuid, kind text, from_value text, to_value text, reason text, detail jsonb, actor_id uuid) is
  'Appends one event to a listing''s log. Called by the functions that change a listing, its contract, documents, requirements and key dates; the actor is the caller''s account unless given.';

revoke execute on function private.record_listing_event(listing_id uuid, kind text, from_value text, to_value text, reason text, detail jsonb, actor_id uuid) from public;

grant execute on function private.record_listing_event(listing_id uuid, kind text, from_value text, to_value text, reason text, detail jsonb, actor_id uuid) to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listing_events_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.listing_events
for each row execute function private.copy_listing_people();

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.listing_events enable row level security;

create policy "People on a listing can read its events"
on public.listing_events for select to authenticated
using (
  private.is_on_listing(listing_agent_id, listing_tc_id, (select private.current_account_id()),
    (select private.acting_tc_id()), (select private.coordinated_agents()), (select private.is_super_admin()))
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

-- Append-only: nobody writes it through the API, service role included.
revoke all on public.listing_events from anon, authenticated, service_role;

grant select on public.listing_events to authenticated, service_role;

-- The identity's sequence too: nobody draws ids outside an insert.
revoke all on sequence public.listing_events_id_seq from anon, authenticated, service_role;
