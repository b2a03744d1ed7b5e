-- ---------------------------------------------------------------------------
-- Message templates (issue 55, part B): what the coordinator's messages to
-- the parties on a deal say, to whom (roles), when (a key date ± N days at a
-- local time, an event of the listing, or by hand) and for which listings
-- (conditions, the checklist templates' keys and matcher). Owned like
-- checklist templates: global ones are the super admin's and every
-- coordinator uses them, a coordinator's own are theirs alone; agents neither
-- read nor write them.
--
-- Subject and body hold merge fields ({{ lender.name }}); a template naming
-- a field that does not exist is refused when saved (400 naming it), so a
-- typo never reaches a party. public.message_merge_fields() lists the fields
-- for the editor's picker.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions (merge fields)
-- ---------------------------------------------------------------------------

create function private.merge_field_names(source text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(m[1] order by n), '{}')
  from regexp_matches(coalesce(source, ''), '\{\{\s*([^{}]*?)\s*\}\}', 'g') with ordinality as x(m, n)
$$;

comment on function private.merge_field_names(source text) is
  'The merge fields a subject or body names ({{ name }}, spaces inside the braces allowed), in order of appearance, with repeats.';

revoke execute on function private.merge_field_names(source text) from public;

grant execute on function private.merge_field_names(source text) to authenticated, service_role;

create function private.static_merge_fields()
returns table (field text, label text)
language sql
stable
set search_path = ''
as $$
  select f.field, f.label
  from (
    select r.role || '.' || a.attribute, r.label || ': ' || a.label, r.position * 10 + a.position
    from unnest(private.party_roles()) with ordinality as r0(role, position)
    cross join lateral (select r0.role, private.party_role_label(r0.role) as label, r0.position) r
    cross join (values ('name', 'name', 1), ('display_name', 'greeting name', 2), ('email', 'e-mail', 3),
      ('company', 'company', 4), ('phone', 'phone', 5)) as a(attribute, label, position)
    union all
    select v.field, v.label, 1000 + v.position
    from (values
      ('listing.address', 'Property address', 1), ('listing.city', 'Property city', 2), ('listing.state', 'Property state', 3),
      ('listing.price', 'Price (the contract''s sales price, else the listing price)', 4),
      ('contract.sales_price', 'Contract: sales price', 5), ('contract.earnest_money', 'Contract: earnest money', 6),
      ('contract.option_fee', 'Contract: option fee', 7), ('contract.financing_type', 'Contract: financing', 8),
      ('contract.buyer_names', 'Contract: buyer names', 9),
      ('coordinator.name', 'Coordinator: name', 10), ('coordinator.email', 'Coordinator: e-mail', 11),
      ('coordinator.phone', 'Coordinator: phone', 12), ('coordinator.signature', 'Coordinator: signature', 13),
      ('agent.name', 'Listing''s agent: name', 14), ('portal.link', 'Party portal link', 15)) as v(field, label, position)
    union all
    select 'date.' || k.key || s.suffix, k.label || s.label, 2000 + k.position * 2 + s.position
    from (
      select r.key, min(r.label) as label, row_number() over (order by min(r.label), r.key) as position
      from public.deadline_rules r group by r.key
    ) k
    cross join (values ('', ' (date and time)', 0), ('.day', ' (day)', 1)) as s(suffix, label, position)
  ) f(field, label, position)
  order by f.position
$$;

comment on function private.static_merge_fields() is
  'Every merge field with a fixed name, in picker order, with a label: <role>.name|display_name|email|company|phone for each party role, listing.*, contract.*, coordinator.*, agent.name, portal.link, and date.<key> / date.<key>.day for every key of deadline_rules (custom_<n> key dates are accepted too but not listed).';

revoke execute on function private.static_merge_fields() from public;

grant execute on function private.static_merge_fields() to authenticated, service_role;

create function public.message_merge_fields()
returns table (field text, label text)
language sql
stable
security invoker
set search_path = ''
as $$
  select f.field, f.label from private.static_merge_fields() f
$$;

comment on function public.message_merge_fields() is
  'The merge fields a message template may use, for the editor''s picker: {field, label} in display order (date.custom_<n> of custom key dates is accepted but not listed). Any signed-in user.';

revoke execute on function public.message_merge_fields() from public, anon;

grant execute on function public.message_merge_fields() to authenticated, service_role;

create function private.is_merge_field(field text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from private.static_merge_fields() f where f.field = is_merge_field.field)
    or is_merge_field.field ~ '^date\.custom_[0-9]{1,9}(\.day)?$'
$$;

comment on function private.is_merge_field(field text) is
  'Whether a merge field exists: one of private.static_merge_fields(), or date.custom_<n>[.day] (a custom key date).';

revoke execute on function private.is_merge_field(field text) from public;

grant execute on function private.is_merge_field(field text) to authenticated, service_role;

create function private.check_merge_fields(source text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  field text;
begin
  foreach field in array private.merge_field_names(source) loop
    if not private.is_merge_field(field) then
      raise exception 'unknown merge field {{%}}', field using errcode = '22023',
        hint = 'public.message_merge_fields() lists the fields; a key date is date.<key> or date.<key>.day';
    end if;
  end loop;
end;
$$;

comment on function private.check_merge_fields(source text) is
  'Raises 22023 (400) "unknown merge field {{foo.bar}}" for the first field of a subject or body that does not exist.';

revoke execute on function private.check_merge_fields(source text) from public;

grant execute on function private.check_merge_fields(source text) to authenticated, service_role;

create function private.check_party_roles(roles text[], field text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  unknown text;
begin
  select r into unknown from unnest(roles) r where r is null or r <> all (private.party_roles()) limit 1;
  if found then
    raise exception '%: unknown role %', field, coalesce(unknown, 'null') using errcode = '22023',
      hint = array_to_string(private.party_roles(), ', ');
  end if;
end;
$$;

comment on function private.check_party_roles(roles text[], field text) is
  'Raises 22023 (400) naming the field and the role when a list of roles (to_roles, cc_roles) holds one that is not a party role.';

revoke execute on function private.check_party_roles(roles text[], field text) from public;

grant execute on function private.check_party_roles(roles text[], field text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.message_templates (
  id uuid primary key default gen_random_uuid(),
  owner_tc_id uuid references public.users (id) on delete cascade,
  created_by uuid references public.users (id) on delete set null,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  subject text not null check (char_length(btrim(subject)) between 1 and 300),
  body text not null check (char_length(btrim(body)) between 1 and 20000),
  to_roles text[] not null check (cardinality(to_roles) between 1 and 11),
  cc_roles text[] not null default '{}' check (cardinality(cc_roles) <= 11),
  conditions jsonb not null default '{}'::jsonb constraint message_templates_conditions_check
    check (private.check_template_conditions(conditions)),
  trigger_kind text not null check (trigger_kind in ('key_date', 'event', 'manual')),
  trigger_deadline_key text check (trigger_deadline_key ~ '^[a-z0-9_]{1,60}$'),
  trigger_offset_days integer check (trigger_offset_days between -60 and 60),
  trigger_offset_unit text check (trigger_offset_unit in ('calendar', 'business')),
  trigger_send_time time,
  trigger_weekends boolean not null default false,
  trigger_event text check (trigger_event in ('status_changed', 'contract_recorded', 'contract_amended', 'contract_terminated',
    'contract_closed', 'document_approved', 'deadline_done', 'checklist_item_done')),
  trigger_status text references public.listing_statuses (key),
  auto_send boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.message_templates is
  'Templates of messages to the parties on a deal: subject and body with merge fields, recipients by role, a trigger (key date ± days, a listing event, or by hand) and conditions. Global (owner_tc_id null, the super admin''s) or one coordinator''s own; agents read none.';

comment on column public.message_templates.id is 'Template id.';

comment on column public.message_templates.owner_tc_id is 'The coordinator owning the template; null for a global one. Derived as for checklist templates: a coordinator''s are their own, a super admin''s global unless they name a coordinator. Fixed afterwards.';

comment on column public.message_templates.created_by is 'Who created it (set by the database).';

comment on column public.message_templates.name is 'Name in the template list (1 to 200 characters).';

comment on column public.message_templates.subject is 'Subject with merge fields (1 to 300 characters); every field must exist (400 naming it).';

comment on column public.message_templates.body is 'Body text with merge fields (1 to 20,000 characters); every field must exist (400 naming it).';

comment on column public.message_templates.to_roles is 'Party roles the message goes to (at least one; private.party_roles()).';

comment on column public.message_templates.cc_roles is 'Party roles copied (cc).';

comment on column public.message_templates.conditions is 'Which listings it is for: the keys of checklist_templates.conditions (side, property_types, financing_types, has_hoa, built_before_1978, states), checked and matched by the same functions; {} = every listing.';

comment on column public.message_templates.trigger_kind is 'key_date (trigger_deadline_key ± trigger_offset_days at trigger_send_time), event (trigger_event happens) or manual (composed from the listing only).';

comment on column public.message_templates.trigger_deadline_key is 'key_date: the contract_deadlines.key (e.g. option_period_end, closing, custom_1).';

comment on column public.message_templates.trigger_offset_days is 'key_date: days from the key date, -60 to 60 (negative = before).';

comment on column public.message_templates.trigger_offset_unit is 'key_date: calendar or business days (business days skip weekends and the key dates'' legal holidays).';

comment on column public.message_templates.trigger_send_time is 'key_date: the local time it goes, in the contract''s time zone (default 09:00).';

comment on column public.message_templates.trigger_weekends is 'key_date: false (default): a calendar-day send moment on a Saturday, Sunday or legal holiday moves to the business day before; true: it is kept.';

comment on column public.message_templates.trigger_event is 'event: the listing event that sends it: status_changed, contract_recorded, contract_amended, contract_terminated, contract_closed, document_approved, deadline_done (listing_events kinds) or checklist_item_done.';

comment on column public.message_templates.trigger_status is 'event status_changed only: sent only when the listing moves to this status; null = any status change.';

comment on column public.message_templates.auto_send is 'true: its messages are approved when created (sent at their moment unless held); false: they wait for the coordinator''s approval.';

comment on column public.message_templates.is_active is 'Inactive templates create no new messages (messages already created stay).';

comment on column public.message_templates.created_at is 'When the template was created. Set by trigger.';

comment on column public.message_templates.updated_at is 'When the template last changed. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Functions (checks and scope)
-- ---------------------------------------------------------------------------

-- Security invoker on purpose (current_user tells API callers apart).
create function private.prepare_message_template()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if current_user in ('authenticated', 'anon') and old.owner_tc_id is null and not private.is_super_admin() then
      raise exception 'only a super admin deletes a global message template' using errcode = '42501';
    end if;
    return old;
  end if;
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      if private.is_super_admin() then
        if new.owner_tc_id is not null and not private.is_team_coordinator(new.owner_tc_id) then
          raise exception 'owner_tc_id must be a coordinator''s account (or null for a global template)' using errcode = '22023';
        end if;
      elsif private.current_role() = 'tc' then
        new.owner_tc_id := private.current_account_id();
      else
        raise exception 'only coordinators and super admins save message templates' using errcode = '42501';
      end if;
    elsif old.owner_tc_id is null and not private.is_super_admin() then
      raise exception 'only a super admin changes a global message template; copy it to make your own' using errcode = '42501';
    elsif new.owner_tc_id is distinct from old.owner_tc_id or new.created_by is distinct from old.created_by then
      raise exception 'a template''s owner and creator are fixed' using errcode = '42501';
    end if;
  end if;

  -- Nulls a bulk insert sends take the defaults; what a trigger kind does not use is cleared.
  new.cc_roles := coalesce(new.cc_roles, '{}');
  new.conditions := coalesce(new.conditions, '{}'::jsonb);
  new.trigger_weekends := coalesce(new.trigger_weekends, false);
  new.auto_send := coalesce(new.auto_send, false);
  new.is_active := coalesce(new.is_active, true);
  perform private.check_merge_fields(new.subject);
  perform private.check_merge_fields(new.body);
  if cardinality(new.to_roles) = 0 then
    raise exception 'to_roles: name at least one role' using errcode = '22023';
  end if;
  perform private.check_party_roles(new.to_roles, 'to_roles');
  perform private.check_party_roles(new.cc_roles, 'cc_roles');

  if new.trigger_kind = 'key_date' then
    if new.trigger_deadline_key is null or not (new.trigger_deadline_key ~ '^custom_[0-9]{1,9}$'
        or exists (select 1 from public.deadline_rules r where r.key = new.trigger_deadline_key)) then
      raise exception 'trigger_deadline_key: % is not a key date (a key of deadline_rules or custom_<n>)', coalesce(new.trigger_deadline_key, 'null')
        using errcode = '22023';
    end if;
    if new.trigger_offset_days is null then
      raise exception 'trigger_offset_days: a key-date trigger needs the days from the key date (-60 to 60)' using errcode = '22023';
    end if;
    if new.trigger_event is not null or new.trigger_status is not null then
      raise exception 'trigger_event: a key-date trigger has no event' using errcode = '22023';
    end if;
    new.trigger_offset_unit := coalesce(new.trigger_offset_unit, 'calendar');
    new.trigger_send_time := coalesce(new.trigger_send_time, time '09:00');
  elsif new.trigger_kind = 'event' then
    if new.trigger_event is null then
      raise exception 'trigger_event: an event trigger needs the event' using errcode = '22023';
    end if;
    if new.trigger_status is not null and new.trigger_event <> 'status_changed' then
      raise exception 'trigger_status: only a status_changed trigger names a status' using errcode = '22023';
    end if;
    if new.trigger_deadline_key is not null or new.trigger_offset_days is not null then
      raise exception 'trigger_deadline_key: an event trigger has no key date' using errcode = '22023';
    end if;
    new.trigger_offset_unit := null;
    new.trigger_send_time := null;
  elsif new.trigger_kind = 'manual' then
    if new.trigger_deadline_key is not null or new.trigger_offset_days is not null or new.trigger_event is not null
        or new.trigger_status is not null then
      raise exception 'trigger_kind: a manual template has no key date or event' using errcode = '22023';
    end if;
    new.trigger_offset_unit := null;
    new.trigger_send_time := null;
    new.auto_send := false;
  end if;
  return new;
end;
$$;

comment on function private.prepare_message_template() is
  'Trigger (before insert, update or delete on message_templates): owner derived as for checklist templates (agents 403 "only coordinators and super admins save message templates"; owner and creator fixed, 403; a global template changed or deleted by a coordinator 403); every merge field of subject and body must exist and every role be a party role; the trigger columns must fit trigger_kind (400 naming the field); defaults for nulls, unused trigger columns cleared.';

revoke execute on function private.prepare_message_template() from public;

grant execute on function private.prepare_message_template() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.message_templates enable row level security;

create policy "Coordinators and super admins can read message templates"
on public.message_templates for select to authenticated
using (
  (owner_tc_id is null and (select private.is_coordinator()))
  or ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

create policy "Coordinators and super admins can create message templates"
on public.message_templates for insert to authenticated
with check (
  ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

-- Global templates pass the policy so that the trigger can answer 403 (not a
-- silent 0 rows) to a coordinator changing or deleting one.
create policy "Coordinators and super admins can update message templates"
on public.message_templates for update to authenticated
using (
  (owner_tc_id is null and (select private.is_coordinator()))
  or ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

create policy "Coordinators and super admins can delete message templates"
on public.message_templates for delete to authenticated
using (
  (owner_tc_id is null and (select private.is_coordinator()))
  or ((select private.current_role()) = 'tc' and owner_tc_id = (select private.current_account_id()))
  or (select private.is_super_admin())
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.message_templates from anon, authenticated;

grant select, insert, delete on public.message_templates to authenticated;

grant update (name, subject, body, to_roles, cc_roles, conditions, trigger_kind, trigger_deadline_key, trigger_offset_days,
  trigger_offset_unit, trigger_send_time, trigger_weekends, trigger_event, trigger_status, auto_send, is_active)
  on public.message_templates to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger message_templates_prepare before insert or update or delete on public.message_templates
  for each row execute function private.prepare_message_template();

create trigger message_templates_set_owner before insert on public.message_templates
  for each row execute function private.set_owner('created_by');

create trigger message_templates_set_timestamps before insert or update on public.message_templates
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index message_templates_owner_tc_id_idx on public.message_templates (owner_tc_id);

create index message_templates_created_by_idx on public.message_templates (created_by);

create index message_templates_trigger_status_idx on public.message_templates (trigger_status);

-- The job and the event trigger read the active templates of a trigger.
create index message_templates_active_trigger_idx on public.message_templates (trigger_kind, trigger_event, trigger_deadline_key)
  where is_active;
