-- ---------------------------------------------------------------------------
-- Day counts people give are bounded to what contracts use: at most 365 days
-- either way (issue 51 item 9). A template item's offset and a contract's day
-- facts (option_days, escrow_days, ...) feed the business-day computation on
-- every listing, contract and deadline write of a team; an offset of 3,650
-- business days cost about 1.5 s of database CPU per item and write. Beyond
-- the bound the write is refused with 22023 (400) naming the field and the
-- value, whichever way it comes: save_checklist_template()
-- (check_template_item), a REST write of checklist_template_items (the
-- prepare trigger, backed by the table's constraint), and a contract's facts
-- (fact_days, read by preview_contract_deadlines() for the preview and for
-- every contract write). The template editor's form already allowed only
-- -365..365; a stored offset beyond it is brought to the bound, so every
-- template can be saved again.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Rows
-- ---------------------------------------------------------------------------

-- Before the new trigger function, which would refuse these rows' own update.
update public.checklist_template_items
set offset_days = greatest(-365, least(365, offset_days))
where offset_days not between -365 and 365;

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.checklist_template_items drop constraint checklist_template_items_offset_days_check;

alter table public.checklist_template_items
  add constraint checklist_template_items_offset_days_check check (offset_days between -365 and 365);

comment on column public.checklist_template_items.offset_days is 'Task: days after the anchor (negative = before), from -365 to 365.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.fact_days(facts jsonb, fact text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  value jsonb := facts -> fact;
  text_value text := value #>> '{}';
begin
  if value is null or value = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(value) in ('number', 'string') and text_value ~ '^\d{1,4}$' and text_value::integer <= 365 then
    return text_value::integer;
  end if;
  raise exception '% must be a whole number of days from 0 to 365, got %', fact, value::text using errcode = '22023';
end;
$$;

comment on function private.fact_days(facts jsonb, fact text) is
  'A day count of a contract''s facts (whole number 0 to 365, as a JSON number or digits), null when absent; 22023 naming the fact and value otherwise.';

revoke execute on function private.fact_days(facts jsonb, fact text) from public;

grant execute on function private.fact_days(facts jsonb, fact text) to authenticated, service_role;

create or replace function private.prepare_template_item()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.template_id is distinct from old.template_id then
    raise exception 'an item stays in its template' using errcode = '42501';
  end if;
  -- A bulk insert through PostgREST sends null for keys other rows have, not
  -- the default: nulls take the defaults here.
  new.priority := coalesce(new.priority, 'medium');
  new.offset_days := coalesce(new.offset_days, 0);
  new.offset_unit := coalesce(new.offset_unit, 'calendar');
  new.needs_approval := coalesce(new.needs_approval, true);
  if new.position is null then
    select coalesce(max(i.position), 0) + 1 into new.position
    from public.checklist_template_items i where i.template_id = new.template_id;
  end if;
  -- Fields of the other kind are cleared, so an item reads as what it is.
  if new.kind = 'task' then
    new.document_type := null;
    new.required_for := null;
  else
    new.assignee := null;
    new.anchor := null;
    new.offset_days := 0;
  end if;
  -- The bound of every day count people give (see the header): a clear 400
  -- before the table's constraint would answer with only its name.
  if new.offset_days not between -365 and 365 then
    raise exception 'offset_days must be a whole number of days from -365 to 365, got %', new.offset_days using errcode = '22023';
  end if;
  return new;
end;
$$;

comment on function private.prepare_template_item() is
  'Trigger (before insert or update on checklist_template_items): null priority, offset, unit or needs_approval take their defaults (bulk inserts send nulls); a new item without a position goes last; fields of the other kind are cleared; an offset beyond -365..365 days is 400 naming the value; an item never moves to another template (403).';

revoke execute on function private.prepare_template_item() from public;

grant execute on function private.prepare_template_item() to service_role;

create or replace function private.check_template_item(item jsonb, item_number integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  field record;
  valid boolean;
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
      when 'required_for' then field.value in ('"live"'::jsonb, '"under_contract"'::jsonb, '"closed"'::jsonb)
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
        when 'required_for' then 'live, under_contract or closed'
        when 'needs_approval' then 'true or false'
      end using errcode = '22023';
    end if;
  end loop;
  if item ->> 'kind' = 'task' and (item ->> 'title' is null or item ->> 'assignee' is null) then
    raise exception 'item %: a task needs a title and an assignee (agent or coordinator)', item_number using errcode = '22023';
  end if;
  if item ->> 'kind' = 'document' and (item ->> 'document_type' is null or item ->> 'required_for' is null) then
    raise exception 'item %: a document item needs a document_type and required_for (live, under_contract or closed)', item_number
      using errcode = '22023';
  end if;
end;
$$;

comment on function private.check_template_item(item jsonb, item_number integer) is
  'Check of one item given to save_checklist_template() (item_number: its place in the list, from 1): a JSON object of checklist_template_items fields, kind task (title and assignee required) or document (document_type and required_for required), every given field valid. Else 22023 (400) naming the item and the field.';

revoke execute on function private.check_template_item(item jsonb, item_number integer) from public;

grant execute on function private.check_template_item(item jsonb, item_number integer) to authenticated, service_role;
