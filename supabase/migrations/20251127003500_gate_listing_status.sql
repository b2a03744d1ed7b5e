-- ---------------------------------------------------------------------------
-- Compliance progress and the status gate. A listing's required documents
-- come from the document items of its checklist, per stage (live,
-- under_contract, closed). A listing cannot move to a stage while a
-- document required for it, or for an earlier stage, is missing or not
-- approved: the gate is a trigger on the status column, so
-- set_listing_status() and the contract triggers (recorded: under_contract,
-- closed, terminated: live) are all held to it. Only a super admin overrides
-- it, with a reason, through override_listing_status(), which the activity
-- log records.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.stage_rank(stage text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case stage when 'live' then 1 when 'under_contract' then 2 when 'closed' then 3 end
$$;

comment on function private.stage_rank(stage text) is
  'Order of the compliance stages: live 1, under_contract 2, closed 3 (null for other statuses). Moving to a stage needs the documents of every stage up to it.';

revoke execute on function private.stage_rank(stage text) from public;

grant execute on function private.stage_rank(stage text) to authenticated, service_role;

create function private.listing_status_label(status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case status
    when 'incomplete' then 'Incomplete' when 'ready' then 'Ready' when 'live' then 'Live'
    when 'under_contract' then 'Under Contract' when 'closed' then 'Closed' else status end
$$;

comment on function private.listing_status_label(status text) is
  'The app''s label of a listing status (Under Contract for under_contract).';

revoke execute on function private.listing_status_label(status text) from public;

grant execute on function private.listing_status_label(status text) to authenticated, service_role;

create function private.compliance_states(listing_ids uuid[])
returns table (listing_id uuid, stage text, document_type text, label text, type_position integer, state text)
language sql
stable
security definer
set search_path = ''
as $$
  -- A type required twice for a stage (two templates) counts once, with
  -- approval if either asks for it. Of the type's documents (latest
  -- versions), one approved suffices; else one waiting for review; else the
  -- returned one.
  with required as (
    select i.listing_id, i.required_for as stage, i.document_type, bool_or(coalesce(i.needs_approval, true)) as needs_approval
    from public.listing_checklist_items i
    where i.listing_id = any (listing_ids) and i.kind = 'document'
    group by i.listing_id, i.required_for, i.document_type
  ), present as (
    select d.listing_id, d.document_type,
      bool_or(d.review_state = 'approved') as approved,
      bool_or(d.review_state is distinct from 'returned') as waiting
    from public.documents d
    where d.listing_id = any (listing_ids) and d.is_latest and d.document_type is not null
    group by d.listing_id, d.document_type
  )
  select r.listing_id, r.stage, r.document_type, t.label, t.position,
    case
      when p.document_type is null then 'missing'
      when not r.needs_approval or p.approved then 'approved'
      when p.waiting then 'submitted'
      else 'returned'
    end
  from required r
  join public.document_types t on t.key = r.document_type
  left join present p on p.listing_id = r.listing_id and p.document_type = r.document_type
$$;

comment on function private.compliance_states(listing_ids uuid[]) is
  'Per listing, stage and required document type: missing, submitted, returned or approved (a type without needs_approval is approved once a document of it exists). No access check: callers check the listings first.';

revoke execute on function private.compliance_states(listing_ids uuid[]) from public;

grant execute on function private.compliance_states(listing_ids uuid[]) to authenticated, service_role;

create function private.missing_for_status(listing_id uuid, status text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select string_agg(m.label || ' (' || m.state || ')', ', ' order by m.rank, m.type_position, m.label)
  from (
    select distinct on (s.document_type) s.label, s.state, s.type_position, private.stage_rank(s.stage) as rank
    from private.compliance_states(array[missing_for_status.listing_id]) s
    where private.stage_rank(s.stage) <= private.stage_rank(missing_for_status.status) and s.state <> 'approved'
    order by s.document_type, private.stage_rank(s.stage)
  ) m
$$;

comment on function private.missing_for_status(listing_id uuid, status text) is
  'What keeps a listing from a status: "<label> (missing|submitted|returned), …" over the stages up to it; null when nothing is missing or the status is not gated.';

revoke execute on function private.missing_for_status(listing_id uuid, status text) from public;

grant execute on function private.missing_for_status(listing_id uuid, status text) to service_role;

create function public.listing_compliance(listing_id uuid)
returns table (stage text, required integer, approved integer, missing jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  if not private.is_super_admin()
     and private.listing_relation(listing_compliance.listing_id, context[1]::uuid, context[2]) is null then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  return query
    select s.stage,
      count(c.document_type)::integer,
      (count(*) filter (where c.state = 'approved'))::integer,
      coalesce(jsonb_agg(jsonb_build_object('document_type', c.document_type, 'label', c.label, 'state', c.state)
        order by c.type_position, c.label) filter (where c.state <> 'approved'), '[]'::jsonb)
    from (values ('live'), ('under_contract'), ('closed')) s(stage)
    left join private.compliance_states(array[listing_compliance.listing_id]) c on c.stage = s.stage
    group by s.stage
    order by private.stage_rank(s.stage);
end;
$$;

comment on function public.listing_compliance(listing_id uuid) is
  'Compliance progress of a listing: one row per stage (live, under_contract, closed) with the required document types, how many are approved, and the others as [{document_type, label, state: missing|submitted|returned}]. The people on the listing and super admins; 404 otherwise.';

revoke execute on function public.listing_compliance(listing_id uuid) from public, anon;

grant execute on function public.listing_compliance(listing_id uuid) to authenticated, service_role;

create function public.listing_compliance_summary(listing_ids uuid[])
returns table (listing_id uuid, required integer, approved integer)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  visible uuid[];
begin
  if cardinality(listing_ids) > 500 then
    raise exception 'ask for at most 500 listings at a time' using errcode = '22023';
  end if;
  -- Listings RLS decides which of the ids the caller sees.
  visible := array(select l.id from public.listings l where l.id = any (listing_ids));
  return query
    select l.id,
      (count(c.document_type) filter (where private.stage_rank(c.stage) <= upto.rank))::integer,
      (count(c.document_type) filter (where private.stage_rank(c.stage) <= upto.rank and c.state = 'approved'))::integer
    from public.listings l
    cross join lateral (select case l.status when 'live' then 2 when 'under_contract' then 3 when 'closed' then 3 else 1 end as rank) upto
    left join private.compliance_states(visible) c on c.listing_id = l.id
    where l.id = any (visible)
    group by l.id;
end;
$$;

comment on function public.listing_compliance_summary(listing_ids uuid[]) is
  'Dashboard cards: per listing the caller may read (of at most 500 ids), the required document types of every stage up to its next one (incomplete/ready: live; live: under_contract; under_contract and closed: closed) and how many are approved. One call per page of cards; security invoker (listings RLS).';

revoke execute on function public.listing_compliance_summary(listing_ids uuid[]) from public, anon;

grant execute on function public.listing_compliance_summary(listing_ids uuid[]) to authenticated, service_role;

create function private.gate_listing_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  missing text;
begin
  if current_setting('listingdesk.compliance_override', true) is not distinct from new.id::text then
    return new;
  end if;
  missing := private.missing_for_status(new.id, new.status);
  if missing is not null then
    raise exception 'cannot move to %: missing or not approved: %', private.listing_status_label(new.status), missing
      using errcode = 'PT409', hint = 'Upload the documents and have them approved, or ask a super admin to override.';
  end if;
  return new;
end;
$$;

comment on function private.gate_listing_status() is
  'Trigger (before update of status on listings, to live, under_contract or closed): 409 "cannot move to <Status>: missing or not approved: <label> (<state>), …" while a document required for that stage or an earlier one is missing or not approved; override_listing_status() passes.';

revoke execute on function private.gate_listing_status() from public;

grant execute on function private.gate_listing_status() to service_role;

create function public.override_listing_status(listing_id uuid, new_status text, reason text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  missing text;
begin
  if not private.listing_exists(override_listing_status.listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not private.is_super_admin() then
    raise exception 'only a super admin overrides the compliance gate' using errcode = '42501';
  end if;
  if char_length(btrim(coalesce(reason, ''))) = 0 then
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
    'Moved to ' || private.listing_status_label(new_status) || ' past the compliance gate: ' || left(btrim(reason), 500),
    jsonb_build_object('status', new_status, 'reason', left(btrim(reason), 1000), 'missing', missing));
  return listing;
end;
$$;

comment on function public.override_listing_status(listing_id uuid, new_status text, reason text) is
  'Super admin: sets a listing''s status past the compliance gate, with a reason; logs compliance_override with the reason and what was missing. 404 unknown listing, 403 others ("only a super admin overrides the compliance gate"), 400 without a reason or with an unknown status.';

revoke execute on function public.override_listing_status(listing_id uuid, new_status text, reason text) from public, anon;

grant execute on function public.override_listing_status(listing_id uuid, new_status text, reason text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listings_gate_status before update of status on public.listings
  for each row when (new.status is distinct from old.status and new.status in ('live', 'under_contract', 'closed'))
  execute function private.gate_listing_status();
