-- ---------------------------------------------------------------------------
-- Status as data (issue 52): listings.status and the checklist's required_for
-- reference public.listing_statuses instead of repeating its keys in check
-- constraints, and required_for must name a compliance stage (is_stage). The
-- order of the stages, the labels and the lists in error messages are read
-- from the table: private.stage_rank(), private.listing_status_label(),
-- private.missing_for_status(), private.check_template_item(),
-- public.listing_compliance() and public.listing_compliance_summary() are
-- replaced whole (from 20251127003500_gate_listing_status.sql and
-- 20251129004000_bound_day_offsets.sql), same signatures and answers.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.listing_status_words(stages_only boolean default false)
returns text
language sql
stable
set search_path = ''
as $$
  -- 'incomplete, ready, live, under_contract or closed', in position order.
  select case when count(*) > 1
    then string_agg(s.key, ', ' order by s.position) filter (where s.position < max_position) || ' or ' || max(s.key) filter (where s.position = max_position)
    else max(s.key) end
  from (
    select t.key, t.position, max(t.position) over () as max_position
    from public.listing_statuses t
    where t.is_stage or not stages_only
  ) s
$$;

comment on function private.listing_status_words(stages_only boolean) is
  'The statuses of public.listing_statuses in position order as words for messages ("incomplete, ready, live, under_contract or closed"); stages_only: the compliance stages ("live, under_contract or closed"). A new status is in every message without a rewrite.';

revoke execute on function private.listing_status_words(stages_only boolean) from public;

grant execute on function private.listing_status_words(stages_only boolean) to authenticated, service_role;

create or replace function private.stage_rank(stage text)
returns integer
language sql
stable
set search_path = ''
as $$
  select r.rank::integer
  from (select s.key, row_number() over (order by s.position) as rank from public.listing_statuses s where s.is_stage) r
  where r.key = stage_rank.stage
$$;

comment on function private.stage_rank(stage text) is
  'Order of a compliance stage among the stages of public.listing_statuses (live 1, under_contract 2, closed 3; null for a status that is not a stage). Moving to a stage needs the documents of every stage up to it.';

create or replace function private.listing_status_label(status text)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((select s.label from public.listing_statuses s where s.key = listing_status_label.status), listing_status_label.status)
$$;

comment on function private.listing_status_label(status text) is
  'The app''s label of a listing status from public.listing_statuses (Under Contract for under_contract); the key itself for an unknown one.';

create function private.check_required_for_stage()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.required_for is not null
     and not exists (select 1 from public.listing_statuses s where s.key = new.required_for and s.is_stage) then
    raise exception 'required_for must be %', private.listing_status_words(true) using errcode = '23514';
  end if;
  return new;
end;
$$;

comment on function private.check_required_for_stage() is
  'Trigger (before insert or update of required_for on checklist_template_items and listing_checklist_items): required_for names a compliance stage of public.listing_statuses (is_stage); else 23514 (400) "required_for must be live, under_contract or closed". The foreign key keeps it a status; this keeps it a stage.';

revoke execute on function private.check_required_for_stage() from public;

grant execute on function private.check_required_for_stage() to service_role;

create or replace function private.check_template_item(item jsonb, item_number integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  field record;
  valid boolean;
  stages text := private.listing_status_words(true);
begin
  if jsonb_typeof(item) is distinct from 'object' then
    raise exception 'item %: must be a JSON object', item_number using errcode = '22023';
  end if;
  if (item -> 'kind' in ('"task"'::jsonb, '"document"'::jsonb)) is not true then
    raise exception 'item %: kind must be task or document', item_number using errcode = '22023';
  end if;
  -- Every field given (JSON null = not given) must be valid, whatever the
  -- kind: the table's constraints hold the same rules, but name no item.
  for field in select * from jsonb_each(item) e where e.value <> 'null'::jsonb loop
    valid := case field.key
      when 'id' then jsonb_typeof(field.value) = 'string'
        and field.value #>> '{}' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      when 'kind' then true
      when 'title' then case when jsonb_typeof(field.value) = 'string'
        then char_length(btrim(field.value #>> '{}')) between 1 and 255 else false end
      when 'description' then case when jsonb_typeof(field.value) = 'string'
        then char_length(field.value #>> '{}') <= 10000 else false end
      when 'priority' then field.value in ('"low"'::jsonb, '"medium"'::jsonb, '"high"'::jsonb, '"urgent"'::jsonb)
      when 'assignee' then field.value in ('"agent"'::jsonb, '"coordinator"'::jsonb)
      when 'anchor' then jsonb_typeof(field.value) = 'string'
        and (field.value #>> '{}' in ('listing_created', 'listing_live', 'closing_date', 'effective_date')
             or field.value #>> '{}' ~ '^deadline:[a-z0-9_]{1,60}$')
      -- Digits only before the cast, so 2.5 or 1e9 is this message, not a cast error.
      when 'offset_days' then case when jsonb_typeof(field.value) = 'number' and field.value #>> '{}' ~ '^-?[0-9]{1,4}$'
        then (field.value #>> '{}')::integer between -365 and 365 else false end
      when 'offset_unit' then field.value in ('"calendar"'::jsonb, '"business"'::jsonb)
      when 'document_type' then jsonb_typeof(field.value) = 'string'
        and exists (select 1 from public.document_types d where d.key = field.value #>> '{}')
      when 'required_for' then jsonb_typeof(field.value) = 'string'
        and exists (select 1 from public.listing_statuses s where s.key = field.value #>> '{}' and s.is_stage)
      when 'needs_approval' then jsonb_typeof(field.value) = 'boolean'
    end;
    if valid is null then
      raise exception 'item %: % is not an item field (id, kind, title, description, priority, assignee, anchor, offset_days, offset_unit, document_type, required_for, needs_approval)',
        item_number, field.key using errcode = '22023';
    elsif not valid then
      raise exception 'item %: % must be %', item_number, field.key, case field.key
        when 'id' then 'the id of an item of this template (a uuid), or absent for a new item'
        when 'title' then 'text of 1 to 255 characters'
        when 'description' then 'text of at most 10000 characters'
        when 'priority' then 'low, medium, high or urgent'
        when 'assignee' then 'agent or coordinator'
        when 'anchor' then 'listing_created, listing_live, effective_date, closing_date or deadline:<key>'
        when 'offset_days' then 'a whole number of days from -365 to 365'
        when 'offset_unit' then 'calendar or business'
        when 'document_type' then 'a document type''s key (document_types.key)'
        when 'required_for' then stages
        when 'needs_approval' then 'true or false'
      end using errcode = '22023';
    end if;
  end loop;
  if item ->> 'kind' = 'task' and (item ->> 'title' is null or item ->> 'assignee' is null) then
    raise exception 'item %: a task needs a title and an assignee (agent or coordinator)', item_number using errcode = '22023';
  end if;
  if item ->> 'kind' = 'document' and (item ->> 'document_type' is null or item ->> 'required_for' is null) then
    raise exception 'item %: a document item needs a document_type and required_for (%)', item_number, stages
      using errcode = '22023';
  end if;
end;
$$;

comment on function private.check_template_item(item jsonb, item_number integer) is
  'Check of one item given to save_checklist_template() (item_number: its place in the list, from 1): a JSON object of checklist_template_items fields, kind task (title and assignee required) or document (document_type and required_for, a stage of public.listing_statuses, required), every given field valid. Else 22023 (400) naming the item and the field; the stages in the message come from the table.';

create or replace function private.missing_for_status(listing_id uuid, status text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select string_agg(m.label || ' (' || m.state || ')', ', ' order by m.position, m.type_position, m.label)
  from (
    select distinct on (s.document_type) s.label, s.state, s.type_position, st.position
    from private.compliance_states(array[missing_for_status.listing_id]) s
    join public.listing_statuses st on st.key = s.stage
    where st.position <= (select t.position from public.listing_statuses t where t.key = missing_for_status.status and t.is_stage)
      and s.state <> 'approved'
    order by s.document_type, st.position
  ) m
$$;

comment on function private.missing_for_status(listing_id uuid, status text) is
  'What keeps a listing from a status: "<label> (missing|submitted|returned), …" over the stages up to it (by position in public.listing_statuses); null when nothing is missing or the status is not a stage.';

create or replace function public.listing_compliance(listing_id uuid)
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
    select s.key,
      count(c.document_type)::integer,
      (count(*) filter (where c.state = 'approved'))::integer,
      coalesce(jsonb_agg(jsonb_build_object('document_type', c.document_type, 'label', c.label, 'state', c.state)
        order by c.type_position, c.label) filter (where c.state <> 'approved'), '[]'::jsonb)
    from public.listing_statuses s
    left join private.compliance_states(array[listing_compliance.listing_id]) c on c.stage = s.key
    where s.is_stage
    group by s.key, s.position
    order by s.position;
end;
$$;

comment on function public.listing_compliance(listing_id uuid) is
  'Compliance progress of a listing: one row per stage of public.listing_statuses (live, under_contract, closed, in position order) with the required document types, how many are approved, and the others as [{document_type, label, state: missing|submitted|returned}]. The people on the listing and super admins; 404 otherwise.';

create or replace function public.listing_compliance_summary(listing_ids uuid[])
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
  -- Up to the listing's next stage (the last stage once past it).
  return query
    select l.id,
      (count(c.document_type) filter (where st.position <= upto.position))::integer,
      (count(c.document_type) filter (where st.position <= upto.position and c.state = 'approved'))::integer
    from public.listings l
    join public.listing_statuses ls on ls.key = l.status
    cross join lateral (
      select coalesce(min(s.position) filter (where s.position > ls.position), max(s.position)) as position
      from public.listing_statuses s where s.is_stage
    ) upto
    left join private.compliance_states(visible) c on c.listing_id = l.id
    left join public.listing_statuses st on st.key = c.stage
    where l.id = any (visible)
    group by l.id;
end;
$$;

comment on function public.listing_compliance_summary(listing_ids uuid[]) is
  'Dashboard cards: per listing the caller may read (of at most 500 ids), the required document types of every stage up to its next one in public.listing_statuses (incomplete/ready: live; live: under_contract; under_contract and closed: closed) and how many are approved. One call per page of cards; security invoker (listings RLS).';

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.listings drop constraint listings_status_check;

alter table public.listings add constraint listings_status_fkey
  foreign key (status) references public.listing_statuses (key);

comment on column public.listings.status is 'A key of public.listing_statuses (incomplete, ready, live, under_contract, closed). Changes only through private.change_listing_status(): set_listing_status() (the listing''s coordinator or a super admin), override_listing_status() (a super admin past the compliance gate) and the contract (recorded: under_contract, closed: closed, terminated: live).';

alter table public.checklist_template_items drop constraint checklist_template_items_required_for_check;

alter table public.checklist_template_items add constraint checklist_template_items_required_for_fkey
  foreign key (required_for) references public.listing_statuses (key);

comment on column public.checklist_template_items.required_for is 'Document: the stage it is required for, a stage of public.listing_statuses (live, under_contract or closed): the listing cannot move there without it.';

alter table public.listing_checklist_items drop constraint listing_checklist_items_required_for_check;

alter table public.listing_checklist_items add constraint listing_checklist_items_required_for_fkey
  foreign key (required_for) references public.listing_statuses (key);

comment on column public.listing_checklist_items.required_for is 'Document: the stage it is required for, a stage of public.listing_statuses (live, under_contract, closed).';

-- The foreign keys' indexes (a status row is checked for references before
-- it changes); only document items have a stage.
create index checklist_template_items_required_for_idx on public.checklist_template_items (required_for) where required_for is not null;

comment on index public.checklist_template_items_required_for_idx is 'Covers checklist_template_items_required_for_fkey.';

create index listing_checklist_items_required_for_idx on public.listing_checklist_items (required_for) where required_for is not null;

comment on index public.listing_checklist_items_required_for_idx is 'Covers listing_checklist_items_required_for_fkey.';

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger checklist_template_items_check_required_for before insert or update of required_for on public.checklist_template_items
  for each row execute function private.check_required_for_stage();

create trigger listing_checklist_items_check_required_for before insert or update of required_for on public.listing_checklist_items
  for each row execute function private.check_required_for_stage();
