-- ---------------------------------------------------------------------------
-- Checklist templates: named sets of task and required-document items that
-- the database applies to every listing whose attributes (and contract)
-- match the template's conditions. Global templates (owner_tc_id null) are
-- the super admin's and every coordinator uses them; a coordinator's own
-- templates are theirs alone. Agents read no templates, only what was
-- applied to their listings (listing_checklist_items).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.checklist_templates (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  owner_tc_id uuid references public.users (id) on delete cascade,
  is_active boolean not null default true,
  conditions jsonb not null default '{}'::jsonb,
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.checklist_templates is
  'Checklist templates: items applied automatically to the listings whose attributes and contract match conditions. Global (owner_tc_id null, made by the super admin) or one coordinator''s own.';

comment on column public.checklist_templates.id is 'Template id.';

comment on column public.checklist_templates.name is 'Name shown in the template editor (1 to 200 characters after trimming).';

comment on column public.checklist_templates.owner_tc_id is 'The coordinator owning the template; null for a global template. Derived by the database: a coordinator''s templates are their own; a super admin''s are global unless they name a coordinator. Fixed afterwards.';

comment on column public.checklist_templates.is_active is 'Inactive templates are applied to no listing (their untouched items are removed at the listing''s next application).';

comment on column public.checklist_templates.conditions is 'JSON object; every key optional, a missing key matches any listing: side (listing|buyer), property_types (array), financing_types (array of contracts.financing_type; needs an active contract), has_hoa (bool), built_before_1978 (bool; unknown year matches neither), states (array of state codes).';

comment on column public.checklist_templates.created_by is 'Who created the template (set by the database); null once deleted.';

comment on column public.checklist_templates.created_at is 'When the template was created. Set by trigger.';

comment on column public.checklist_templates.updated_at is 'When the template last changed. Set by trigger.';

create table public.checklist_template_items (
  id uuid primary key default gen_random_uuid(),
  template_id uuid not null references public.checklist_templates (id) on delete cascade,
  position integer not null,
  kind text not null check (kind in ('task', 'document')),
  title text check (char_length(btrim(title)) between 1 and 255),
  description text check (char_length(description) <= 10000),
  priority text not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
  assignee text check (assignee in ('agent', 'coordinator')),
  anchor text check (anchor in ('listing_created', 'listing_live', 'closing_date', 'effective_date') or anchor ~ '^deadline:[a-z0-9_]{1,60}$'),
  offset_days integer not null default 0 check (offset_days between -3650 and 3650),
  offset_unit text not null default 'calendar' check (offset_unit in ('calendar', 'business')),
  document_type text references public.document_types (key),
  required_for text check (required_for in ('live', 'under_contract', 'closed')),
  needs_approval boolean not null default true,
  created_at timestamptz not null default now(),
  constraint checklist_template_items_task_fields check (kind <> 'task' or (title is not null and assignee is not null)),
  constraint checklist_template_items_document_fields check (kind <> 'document' or (document_type is not null and required_for is not null))
);

comment on table public.checklist_template_items is
  'Items of a checklist template: tasks (for the listing''s agent, as a requirement task, or a coordinator to-do) due relative to an anchor, and documents required for a stage.';

comment on column public.checklist_template_items.id is 'Item id; listing_checklist_items.template_item_id refers to it, so an item is applied once per listing.';

comment on column public.checklist_template_items.template_id is 'The template.';

comment on column public.checklist_template_items.position is 'Order within the template (ascending); a new item without one goes last.';

comment on column public.checklist_template_items.kind is 'task or document.';

comment on column public.checklist_template_items.title is 'Task: what to do (required). Document items show their type''s label.';

comment on column public.checklist_template_items.description is 'Task: details (the requirement task''s description).';

comment on column public.checklist_template_items.priority is 'Task: low, medium, high or urgent.';

comment on column public.checklist_template_items.assignee is 'Task: agent (a requirement task for the listing''s agent, in the Requirements tab) or coordinator (a to-do of the coordinator).';

comment on column public.checklist_template_items.anchor is 'Task: the date it is due from: listing_created, listing_live, effective_date (the contract''s acceptance date), closing_date, or deadline:<key> for a key date of the contract (e.g. deadline:earnest_money); null for no due date.';

comment on column public.checklist_template_items.offset_days is 'Task: days after the anchor (negative = before).';

comment on column public.checklist_template_items.offset_unit is 'Task: calendar or business days (business days skip weekends and the legal holidays of the key dates).';

comment on column public.checklist_template_items.document_type is 'Document: the type required (document_types.key).';

comment on column public.checklist_template_items.required_for is 'Document: the stage it is required for: live, under_contract or closed (the listing cannot move there without it).';

comment on column public.checklist_template_items.needs_approval is 'Document: whether the coordinator must approve it (else any document of the type counts).';

comment on column public.checklist_template_items.created_at is 'When the item was added. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.checklist_templates enable row level security;

alter table public.checklist_template_items enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.check_template_conditions(conditions jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  entry record;
begin
  if jsonb_typeof(conditions) is distinct from 'object' then
    raise exception 'conditions must be a JSON object' using errcode = '22023';
  end if;
  for entry in select * from jsonb_each(conditions) loop
    if entry.key = 'side' then
      if entry.value not in ('"listing"'::jsonb, '"buyer"'::jsonb) then
        raise exception 'conditions.side must be "listing" or "buyer"' using errcode = '22023';
      end if;
    elsif entry.key in ('has_hoa', 'built_before_1978') then
      if jsonb_typeof(entry.value) <> 'boolean' then
        raise exception 'conditions.% must be true or false', entry.key using errcode = '22023';
      end if;
    elsif entry.key in ('property_types', 'financing_types', 'states') then
      if jsonb_typeof(entry.value) <> 'array' or jsonb_array_length(entry.value) = 0 or exists (
        select 1 from jsonb_array_elements(entry.value) as v(element)
        where jsonb_typeof(v.element) <> 'string' or not case entry.key
          when 'property_types' then v.element #>> '{}' in ('single_family', 'condo', 'townhouse', 'multi_family', 'land')
          when 'financing_types' then v.element #>> '{}' in ('cash', 'conventional', 'fha', 'va', 'other')
          else v.element #>> '{}' ~ '^[A-Z]{2}$' end
      ) then
        raise exception 'conditions.% must be a non-empty array of %', entry.key, case entry.key
          when 'property_types' then 'single_family, condo, townhouse, multi_family, land'
          when 'financing_types' then 'cash, conventional, fha, va, other'
          else 'upper-case state codes such as "TX"' end using errcode = '22023';
      end if;
    else
      raise exception 'conditions.% is not a known condition (side, property_types, financing_types, has_hoa, built_before_1978, states)', entry.key
        using errcode = '22023';
    end if;
  end loop;
  return true;
end;
$$;

comment on function private.check_template_conditions(conditions jsonb) is
  'Check of checklist_templates.conditions: true for a valid object, else 22023 (400) naming the key that is wrong.';

revoke execute on function private.check_template_conditions(conditions jsonb) from public;

grant execute on function private.check_template_conditions(conditions jsonb) to authenticated, service_role;

alter table public.checklist_templates
  add constraint checklist_templates_conditions_check check (private.check_template_conditions(conditions));

create function private.template_matches(conditions jsonb, side text, property_type text, has_hoa boolean,
  year_built integer, state text, financing_type text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(not (conditions ? 'side') or conditions ->> 'side' = side, false)
     and coalesce(not (conditions ? 'property_types') or (conditions -> 'property_types') ? property_type, false)
     and coalesce(not (conditions ? 'financing_types') or (conditions -> 'financing_types') ? financing_type, false)
     and coalesce(not (conditions ? 'has_hoa') or (conditions -> 'has_hoa') = to_jsonb(has_hoa), false)
     and coalesce(not (conditions ? 'built_before_1978') or (conditions -> 'built_before_1978') = to_jsonb(year_built < 1978), false)
     and coalesce(not (conditions ? 'states') or (conditions -> 'states') ? state, false)
$$;

comment on function private.template_matches(conditions jsonb, side text, property_type text, has_hoa boolean, year_built integer, state text, financing_type text) is
  'Whether a template''s conditions match a listing''s attributes and its active contract''s financing type (null: no active contract). A missing key matches anything; an unknown attribute matches no condition on it.';

revoke execute on function private.template_matches(conditions jsonb, side text, property_type text, has_hoa boolean, year_built integer, state text, financing_type text) from public;

grant execute on function private.template_matches(conditions jsonb, side text, property_type text, has_hoa boolean, year_built integer, state text, financing_type text) to authenticated, service_role;

create function private.editable_template_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  if private.is_super_admin() then
    return query select t.id from public.checklist_templates t;
  elsif context[2] = 'tc' then
    return query select t.id from public.checklist_templates t where t.owner_tc_id = context[1]::uuid;
  end if;
end;
$$;

comment on function private.editable_template_ids() is
  'Templates the caller may change: all for a super admin, their own for a coordinator (acting as tc), none otherwise. Use as template_id in (select private.editable_template_ids()).';

revoke execute on function private.editable_template_ids() from public;

grant execute on function private.editable_template_ids() to authenticated, service_role;

-- Security invoker on purpose (current_user tells API callers apart).
create function private.scope_checklist_template()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if private.is_super_admin() then
      if new.owner_tc_id is not null and not private.is_team_coordinator(new.owner_tc_id) then
        raise exception 'owner_tc_id must be a coordinator''s account (or null for a global template)' using errcode = '22023';
      end if;
    elsif private.current_role() = 'tc' then
      new.owner_tc_id := private.current_account_id();
    else
      raise exception 'only coordinators and super admins make checklist templates' using errcode = '42501';
    end if;
  elsif new.owner_tc_id is distinct from old.owner_tc_id or new.created_by is distinct from old.created_by then
    raise exception 'a template''s owner and creator are fixed' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.scope_checklist_template() is
  'Trigger (before insert or update on checklist_templates): a coordinator''s template is their own, a super admin''s global unless they name a coordinator (400 otherwise); agents make none (403); owner and creator are fixed (403).';

revoke execute on function private.scope_checklist_template() from public;

grant execute on function private.scope_checklist_template() to service_role;

create function private.prepare_template_item()
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
  return new;
end;
$$;

comment on function private.prepare_template_item() is
  'Trigger (before insert or update on checklist_template_items): null priority, offset, unit or needs_approval take their defaults (bulk inserts send nulls); a new item without a position goes last; fields of the other kind are cleared; an item never moves to another template (403).';

revoke execute on function private.prepare_template_item() from public;

grant execute on function private.prepare_template_item() to service_role;

create function public.copy_checklist_template(template_id uuid, new_name text)
returns uuid
language plpgsql
security invoker
set search_path = ''
as $$
declare
  source public.checklist_templates;
  copy_id uuid;
begin
  if not private.is_coordinator() then
    raise exception 'only coordinators and super admins copy checklist templates' using errcode = '42501';
  end if;
  select t.* into source from public.checklist_templates t where t.id = copy_checklist_template.template_id;
  if source.id is null then
    raise exception 'checklist template not found' using errcode = 'PT404';
  end if;
  insert into public.checklist_templates (name, conditions, is_active)
  values (coalesce(nullif(btrim(new_name), ''), source.name || ' (copy)'), source.conditions, source.is_active)
  returning id into copy_id;
  insert into public.checklist_template_items (template_id, position, kind, title, description, priority, assignee,
    anchor, offset_days, offset_unit, document_type, required_for, needs_approval)
  select copy_id, i.position, i.kind, i.title, i.description, i.priority, i.assignee,
    i.anchor, i.offset_days, i.offset_unit, i.document_type, i.required_for, i.needs_approval
  from public.checklist_template_items i where i.template_id = copy_checklist_template.template_id;
  return copy_id;
end;
$$;

comment on function public.copy_checklist_template(template_id uuid, new_name text) is
  'Copies a template the caller reads (with its items) as the caller''s own (a super admin''s copy is global); returns the copy''s id. Security invoker: the template rules apply. 403 agents, 404 unknown or unseen template.';

revoke execute on function public.copy_checklist_template(template_id uuid, new_name text) from public, anon;

grant execute on function public.copy_checklist_template(template_id uuid, new_name text) to authenticated, service_role;

create function public.preview_template_matches(template_id uuid)
returns table (listing_id uuid, address text, status text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  tpl public.checklist_templates;
begin
  select t.* into tpl from public.checklist_templates t where t.id = preview_template_matches.template_id;
  if tpl.id is null then
    raise exception 'checklist template not found' using errcode = 'PT404';
  end if;
  return query
    select l.id, l.address, l.status
    from public.listings l
    left join public.contracts c on c.listing_id = l.id and c.status = 'active'
    where private.template_matches(tpl.conditions, l.side, l.property_type, l.has_hoa, l.year_built, l.state, c.financing_type)
      and (tpl.owner_tc_id is null or l.tc_id = tpl.owner_tc_id
           or l.agent_id in (select u.id from public.users u where u.assigned_tc_id = tpl.owner_tc_id))
    order by l.address, l.id
    limit 100;
end;
$$;

comment on function public.preview_template_matches(template_id uuid) is
  'The first 100 listings (by address) the caller may read that the template''s conditions match (a coordinator''s own template: only listings they coordinate). Security invoker: listings RLS decides what is seen. 404 unknown or unseen template.';

revoke execute on function public.preview_template_matches(template_id uuid) from public, anon;

grant execute on function public.preview_template_matches(template_id uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Coordinators can read global templates and their own, super admins all"
on public.checklist_templates for select to authenticated
using (
  (owner_tc_id is null and (select private.is_coordinator()))
  or ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

create policy "Coordinators can create their own templates, super admins global ones"
on public.checklist_templates for insert to authenticated
with check (
  ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

create policy "Coordinators can update their own templates, super admins all"
on public.checklist_templates for update to authenticated
using (
  ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

create policy "Coordinators can delete their own templates, super admins all"
on public.checklist_templates for delete to authenticated
using (
  ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

-- Items are read with their template (its select policy applies inside).
create policy "Coordinators can read the items of templates they read"
on public.checklist_template_items for select to authenticated
using (template_id in (select t.id from public.checklist_templates t));

create policy "Coordinators can add items to their own templates, super admins to all"
on public.checklist_template_items for insert to authenticated
with check (template_id in (select private.editable_template_ids()));

create policy "Coordinators can edit items of their own templates, super admins of all"
on public.checklist_template_items for update to authenticated
using (template_id in (select private.editable_template_ids()));

create policy "Coordinators can delete items of their own templates, super admins of all"
on public.checklist_template_items for delete to authenticated
using (template_id in (select private.editable_template_ids()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.checklist_templates from anon, authenticated;

grant select, insert, delete on public.checklist_templates to authenticated;

grant update (name, is_active, conditions) on public.checklist_templates to authenticated;

revoke all on public.checklist_template_items from anon, authenticated;

grant select, insert, delete on public.checklist_template_items to authenticated;

grant update (position, kind, title, description, priority, assignee, anchor, offset_days, offset_unit,
  document_type, required_for, needs_approval) on public.checklist_template_items to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger checklist_templates_scope before insert or update on public.checklist_templates
  for each row execute function private.scope_checklist_template();

create trigger checklist_templates_set_owner before insert on public.checklist_templates
  for each row execute function private.set_owner('created_by');

create trigger checklist_templates_set_timestamps before insert or update on public.checklist_templates
  for each row execute function private.set_timestamps();

create trigger checklist_template_items_prepare before insert or update on public.checklist_template_items
  for each row execute function private.prepare_template_item();

create trigger checklist_template_items_set_timestamps before insert or update on public.checklist_template_items
  for each row execute function private.set_timestamps('created_only');

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index checklist_templates_owner_tc_id_idx on public.checklist_templates (owner_tc_id);

create index checklist_templates_created_by_idx on public.checklist_templates (created_by);

create index checklist_template_items_template_id_position_idx on public.checklist_template_items (template_id, position);

create index checklist_template_items_document_type_idx on public.checklist_template_items (document_type);
