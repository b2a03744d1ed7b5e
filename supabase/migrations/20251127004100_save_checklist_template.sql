-- ---------------------------------------------------------------------------
-- Saving a checklist template in one call. The template editor used to save
-- in several requests (the template row, a delete of removed items, then one
-- update or insert per item): a failure midway left a template half-saved.
-- save_checklist_template() does the same writes in one function call, so in
-- one transaction: all of them or none. It runs as the caller (security
-- invoker), so the RLS policies, grants and triggers of checklist_templates
-- and checklist_template_items decide who may do what, as for direct writes;
-- the function adds no permission of its own.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.check_template_item(item jsonb, item_number integer)
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
        then (field.value #>> '{}')::integer between -3650 and 3650 else false end
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
        when 'offset_days' then 'a whole number of days from -3650 to 3650'
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

-- Security invoker on purpose: the template rules (RLS, grants, the scope
-- and item triggers) apply to every write exactly as to the editor's direct
-- writes before; a refusal by any of them aborts the whole save.
create function public.save_checklist_template(template jsonb, items jsonb, template_id uuid default null)
returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  saved_id uuid;
  template_owner uuid;
  extra_key text;
  entry record;
  fields public.checklist_template_items;
  written_id uuid;
  kept_ids uuid[] := '{}';
begin
  if not private.is_coordinator() then
    raise exception 'only coordinators and super admins save checklist templates' using errcode = '42501';
  end if;
  if jsonb_typeof(template) is distinct from 'object' then
    raise exception 'template must be a JSON object with name and conditions' using errcode = '22023';
  end if;
  -- Owner and creator are the database's (derived on insert, fixed after): never taken from here.
  select k into extra_key from jsonb_object_keys(template) k where k not in ('name', 'conditions') order by k limit 1;
  if extra_key is not null then
    raise exception 'template.% is not a template field (name, conditions); owner and creator are set by the database', extra_key
      using errcode = '22023';
  end if;
  if jsonb_typeof(template -> 'name') is distinct from 'string' or char_length(btrim(template ->> 'name')) not between 1 and 200 then
    raise exception 'template.name must be text of 1 to 200 characters' using errcode = '22023';
  end if;
  -- Required rather than defaulted: a forgotten key would make the template apply to every listing.
  -- Its contents are checked by the table's constraint (check_template_conditions names the wrong key).
  if not template ? 'conditions' then
    raise exception 'template.conditions is required ({} applies the template to every listing)' using errcode = '22023';
  end if;
  if jsonb_typeof(items) is distinct from 'array' then
    raise exception 'items must be a JSON array (the template''s items in order; [] for none)' using errcode = '22023';
  end if;

  if save_checklist_template.template_id is null then
    insert into public.checklist_templates (name, conditions)
    values (btrim(template ->> 'name'), template -> 'conditions')
    returning id into saved_id;
  else
    update public.checklist_templates t set name = btrim(template ->> 'name'), conditions = template -> 'conditions'
    where t.id = save_checklist_template.template_id
    returning t.id into saved_id;
    if saved_id is null then
      -- Nothing updated: unseen (404, as for copy and preview) or seen but not the caller's to change (403).
      select t.owner_tc_id into template_owner from public.checklist_templates t where t.id = save_checklist_template.template_id;
      if not found then
        raise exception 'checklist template not found' using errcode = 'PT404';
      end if;
      raise exception '%', case when template_owner is null
        then 'only a super admin changes a global checklist template; copy it to make your own'
        else 'this checklist template is not yours to change' end using errcode = '42501';
    end if;
  end if;

  -- Items in order: position = index in the list (from 0). Kept items (an id of this template) are
  -- updated in place, so what was applied to listings stays linked to them; items without an id are new.
  for entry in select e.value, e.ordinality::integer as place from jsonb_array_elements(items) with ordinality e loop
    perform private.check_template_item(entry.value, entry.place);
    fields := jsonb_populate_record(null::public.checklist_template_items, entry.value);
    if fields.id is null then
      insert into public.checklist_template_items as ti (template_id, position, kind, title, description, priority, assignee,
        anchor, offset_days, offset_unit, document_type, required_for, needs_approval)
      values (saved_id, entry.place - 1, fields.kind, fields.title, fields.description, fields.priority, fields.assignee,
        fields.anchor, fields.offset_days, fields.offset_unit, fields.document_type, fields.required_for, fields.needs_approval)
      returning ti.id into written_id;
    else
      if fields.id = any (kept_ids) then
        raise exception 'item %: % is listed twice', entry.place, fields.id using errcode = '22023';
      end if;
      -- Only an item of this template: an id of another template is refused, never moved here.
      update public.checklist_template_items ti set position = entry.place - 1, kind = fields.kind, title = fields.title,
        description = fields.description, priority = fields.priority, assignee = fields.assignee, anchor = fields.anchor,
        offset_days = fields.offset_days, offset_unit = fields.offset_unit, document_type = fields.document_type,
        required_for = fields.required_for, needs_approval = fields.needs_approval
      where ti.id = fields.id and ti.template_id = saved_id
      returning ti.id into written_id;
      if written_id is null then
        raise exception 'item %: % is not an item of this template', entry.place, fields.id using errcode = 'PT404';
      end if;
    end if;
    kept_ids := kept_ids || written_id;
  end loop;

  -- Items of the template not in the list are removed (applied copies keep their rows, template_item_id set null).
  delete from public.checklist_template_items ti where ti.template_id = saved_id and ti.id <> all (kept_ids);
  return saved_id;
end;
$$;

comment on function public.save_checklist_template(template jsonb, items jsonb, template_id uuid) is
  'Saves a checklist template and its items in one transaction; returns its id. template: {name, conditions} (owner and creator are derived). template_id null: a new template (a coordinator''s own, a super admin''s global); else that template is updated. items: the whole list in order (position = index from 0): an item with the id of one of this template''s items is updated in place, one without id is added, the template''s items not listed are deleted. Security invoker: the template rules apply. 403 agents and templates seen but not the caller''s (global ones for coordinators), 404 unknown or unseen template or an item id not of this template, 400 bad fields naming the item; any refusal leaves the template as it was.';

revoke execute on function public.save_checklist_template(template jsonb, items jsonb, template_id uuid) from public, anon;

grant execute on function public.save_checklist_template(template jsonb, items jsonb, template_id uuid) to authenticated, service_role;
