-- ---------------------------------------------------------------------------
-- Applying checklist templates. The database applies every active template
-- whose conditions match a listing when the listing is created, when its
-- status, attributes or people change, and when its contract is recorded or
-- amended: each template item is added once (the unique listing + template
-- item key makes re-application a no-op), items of templates that no longer
-- match are removed unless someone already worked on them, and due dates
-- follow their anchors (the contract's key dates, its acceptance and closing
-- dates, the listing's creation and going live). A coordinator also applies
-- any template they read by hand, matching or not.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.add_business_days(day date, n integer)
returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  result date := day;
  step integer := case when n < 0 then -1 else 1 end;
  remaining integer := abs(n);
begin
  while remaining > 0 loop
    result := result + step;
    if private.is_business_day(result) then
      remaining := remaining - 1;
    end if;
  end loop;
  return result;
end;
$$;

comment on function private.add_business_days(day date, n integer) is
  'The n-th business day after a day (before it when n is negative): weekends and the legal holidays of the key dates (private.is_business_day) are skipped; n = 0 is the day itself.';

revoke execute on function private.add_business_days(day date, n integer) from public;

grant execute on function private.add_business_days(day date, n integer) to authenticated, service_role;

create function private.listing_contract(listing_id uuid)
returns public.contracts
language sql
stable
security definer
set search_path = ''
as $$
  -- The active contract, else the latest closed one (a closed listing's
  -- dates still count); terminated contracts are no anchor.
  select c from public.contracts c
  where c.listing_id = listing_contract.listing_id and c.status in ('active', 'closed')
  order by c.status = 'active' desc, c.created_at desc
  limit 1
$$;

comment on function private.listing_contract(listing_id uuid) is
  'The contract whose dates anchor a listing''s checklist: its active contract, else its latest closed one; null fields when none.';

revoke execute on function private.listing_contract(listing_id uuid) from public;

grant execute on function private.listing_contract(listing_id uuid) to service_role;

create function private.checklist_due_date(anchor text, offset_days integer, offset_unit text,
  listing public.listings, contract public.contracts)
returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  zone text := coalesce(contract.time_zone, 'America/Chicago');
  day date;
begin
  day := case
    when anchor = 'listing_created' then (listing.created_at at time zone zone)::date
    when anchor = 'listing_live' then (listing.live_at at time zone zone)::date
    when anchor = 'effective_date' then contract.effective_date
    when anchor = 'closing_date' then contract.closing_date
  end;
  if starts_with(anchor, 'deadline:') and contract.id is not null then
    select (d.due_at at time zone zone)::date into day
    from public.contract_deadlines d
    where d.contract_id = contract.id and d.key = substr(anchor, 10);
  end if;
  if day is null then
    return null;
  end if;
  if offset_unit = 'business' then
    return private.add_business_days(day, coalesce(offset_days, 0));
  end if;
  return day + coalesce(offset_days, 0);
end;
$$;

comment on function private.checklist_due_date(anchor text, offset_days integer, offset_unit text, listing public.listings, contract public.contracts) is
  'Due date of a template task on a listing: the anchor''s day (in the contract''s time zone, else America/Chicago) plus the offset in calendar or business days; null while the anchor is unknown (no contract, not live yet, no such key date).';

revoke execute on function private.checklist_due_date(anchor text, offset_days integer, offset_unit text, listing public.listings, contract public.contracts) from public;

grant execute on function private.checklist_due_date(anchor text, offset_days integer, offset_unit text, listing public.listings, contract public.contracts) to service_role;

create function private.refresh_checklist_due_dates(listing_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  contract public.contracts;
  item record;
  due date;
begin
  select l.* into listing from public.listings l where l.id = refresh_checklist_due_dates.listing_id;
  contract := private.listing_contract(refresh_checklist_due_dates.listing_id);
  for item in
    select i.id, i.task_id, i.due_date, ti.anchor, ti.offset_days, ti.offset_unit
    from public.listing_checklist_items i
    join public.checklist_template_items ti on ti.id = i.template_item_id
    where i.listing_id = refresh_checklist_due_dates.listing_id and i.kind = 'task' and ti.anchor is not null
  loop
    due := private.checklist_due_date(item.anchor, item.offset_days, item.offset_unit, listing, contract);
    if due is distinct from item.due_date then
      update public.listing_checklist_items i set due_date = due where i.id = item.id;
      update public.tasks t set due_date = due where t.id = item.task_id and t.status = 'pending';
    end if;
  end loop;
end;
$$;

comment on function private.refresh_checklist_due_dates(listing_id uuid) is
  'Recomputes the due dates of a listing''s template tasks from their anchors, writing only those that moved (and the pending requirement task''s due date with them).';

revoke execute on function private.refresh_checklist_due_dates(listing_id uuid) from public;

grant execute on function private.refresh_checklist_due_dates(listing_id uuid) to service_role;

create function private.add_checklist_items(listing_id uuid, template_ids uuid[], by_hand boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  item record;
  added_id uuid;
  inserted boolean;
  task uuid;
  added integer := 0;
begin
  select l.* into listing from public.listings l where l.id = add_checklist_items.listing_id;
  for item in
    select ti.*, coalesce(ti.title, dt.label) as shown_title
    from public.checklist_template_items ti
    join public.checklist_templates t on t.id = ti.template_id
    left join public.document_types dt on dt.key = ti.document_type
    where ti.template_id = any (template_ids)
      and (by_hand or not exists (
        select 1 from private.dismissed_checklist_items x
        where x.listing_id = add_checklist_items.listing_id and x.template_item_id = ti.id))
    order by t.name, ti.position, ti.id
  loop
    insert into public.listing_checklist_items as i (listing_id, template_id, template_item_id, position, kind, title,
      assignee, document_type, required_for, needs_approval, applied_by_hand)
    values (listing.id, item.template_id, item.id, item.position, item.kind, item.shown_title,
      item.assignee, item.document_type, item.required_for,
      case when item.kind = 'document' then item.needs_approval end, by_hand)
    on conflict on constraint listing_checklist_items_listing_id_template_item_id_key do update set applied_by_hand = true
      where by_hand and not i.applied_by_hand
    returning i.id, (i.xmax = 0) into added_id, inserted;
    if added_id is null or not inserted then
      continue;
    end if;
    added := added + 1;
    if item.kind = 'task' and item.assignee = 'agent' and listing.agent_id is not null then
      insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, description, priority)
      values (listing.id, listing.agent_id, listing.tc_id, item.title, item.description, item.priority)
      returning id into task;
      update public.listing_checklist_items i set task_id = task where i.id = added_id;
    elsif item.kind = 'document' and item.needs_approval then
      -- Documents of the type already on the listing now wait for review.
      update public.documents d set review_state = 'submitted'
      where d.listing_id = listing.id and d.document_type = item.document_type and d.is_latest and d.review_state is null;
    end if;
  end loop;
  return added;
end;
$$;

comment on function private.add_checklist_items(listing_id uuid, template_ids uuid[], by_hand boolean) is
  'Adds the items of these templates to a listing''s checklist, each once (items already there are left alone; by hand marks them applied_by_hand); creates the requirement task of each new agent task item; documents of a newly required-with-approval type become submitted. Automatic application skips items removed by hand. Returns the number of items added.';

revoke execute on function private.add_checklist_items(listing_id uuid, template_ids uuid[], by_hand boolean) from public;

grant execute on function private.add_checklist_items(listing_id uuid, template_ids uuid[], by_hand boolean) to service_role;

create function private.checklist_item_worked_on(item public.listing_checklist_items)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when item.kind = 'document' then exists (
      select 1 from public.documents d where d.listing_id = item.listing_id and d.document_type = item.document_type)
    when item.assignee = 'coordinator' then item.status = 'done'
    else exists (
      select 1 from public.tasks t where t.id = item.task_id and (t.agent_response is not null or t.status = 'completed'))
  end
$$;

comment on function private.checklist_item_worked_on(item public.listing_checklist_items) is
  'Whether someone worked on a checklist item: a document of its type is on the listing, the coordinator to-do is done, or the agent answered or completed its task.';

revoke execute on function private.checklist_item_worked_on(item public.listing_checklist_items) from public;

grant execute on function private.checklist_item_worked_on(item public.listing_checklist_items) to service_role;

create function private.apply_checklist_templates(listing_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  financing text;
  matching uuid[];
  item public.listing_checklist_items;
begin
  select l.* into listing from public.listings l where l.id = apply_checklist_templates.listing_id;
  if listing.id is null then
    return;
  end if;
  select c.financing_type into financing from public.contracts c
  where c.listing_id = listing.id and c.status = 'active';
  matching := array(
    select t.id from public.checklist_templates t
    where t.is_active
      and (t.owner_tc_id is null or t.owner_tc_id = listing.tc_id or t.owner_tc_id = private.assigned_tc_of(listing.agent_id))
      and private.template_matches(t.conditions, listing.side, listing.property_type, listing.has_hoa,
        listing.year_built, listing.state, financing)
  );
  perform private.add_checklist_items(listing.id, matching, false);
  -- Items of templates that no longer match go, unless worked on or applied by hand.
  for item in
    select i.* from public.listing_checklist_items i
    where i.listing_id = listing.id and not i.applied_by_hand and i.template_id is not null
      and i.template_id <> all (matching)
  loop
    if not private.checklist_item_worked_on(item) then
      delete from public.listing_checklist_items i where i.id = item.id;
      delete from public.tasks t where t.id = item.task_id and t.agent_response is null and t.status = 'pending';
    end if;
  end loop;
  perform private.refresh_checklist_due_dates(listing.id);
end;
$$;

comment on function private.apply_checklist_templates(listing_id uuid) is
  'Applies to a listing every active template that matches it (global ones, and its coordinator''s own): adds missing items once, removes untouched items of templates that no longer match (and their untouched tasks), and recomputes due dates. Runs from triggers on listings, contracts and contract deadlines.';

revoke execute on function private.apply_checklist_templates(listing_id uuid) from public;

grant execute on function private.apply_checklist_templates(listing_id uuid) to service_role;

create function public.apply_checklist_template(listing_id uuid, template_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  relation text;
  chosen public.checklist_templates;
  added integer;
begin
  if not private.listing_exists(apply_checklist_template.listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  relation := private.listing_relation(apply_checklist_template.listing_id, context[1]::uuid, context[2]);
  if relation is null and not private.is_super_admin() then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if relation is distinct from 'coordinator' and not private.is_super_admin() then
    raise exception 'only the listing''s coordinator applies checklist templates' using errcode = '42501';
  end if;
  select t.* into chosen from public.checklist_templates t
  where t.id = apply_checklist_template.template_id
    and (t.owner_tc_id is null or t.owner_tc_id = context[1]::uuid or private.is_super_admin());
  if chosen.id is null then
    raise exception 'checklist template not found' using errcode = 'PT404';
  end if;
  if not chosen.is_active then
    raise exception 'this checklist template is inactive' using errcode = 'PT409';
  end if;
  delete from private.dismissed_checklist_items x
  where x.listing_id = apply_checklist_template.listing_id
    and x.template_item_id in (select ti.id from public.checklist_template_items ti where ti.template_id = chosen.id);
  added := private.add_checklist_items(apply_checklist_template.listing_id, array[chosen.id], true);
  perform private.refresh_checklist_due_dates(apply_checklist_template.listing_id);
  return added;
end;
$$;

comment on function public.apply_checklist_template(listing_id uuid, template_id uuid) is
  'The listing''s coordinator (acting as tc) or a super admin applies an active template they read to a listing, matching or not (items removed by hand come back); returns the number of items added. 404 unknown or unseen listing or template, 403 the listing''s agent, 409 inactive template.';

revoke execute on function public.apply_checklist_template(listing_id uuid, template_id uuid) from public, anon;

grant execute on function public.apply_checklist_template(listing_id uuid, template_id uuid) to authenticated, service_role;

create function private.on_listing_checklist_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.apply_checklist_templates(new.id);
  return null;
end;
$$;

comment on function private.on_listing_checklist_change() is
  'Trigger (after insert on listings, and after update of status, attributes or people): applies the matching checklist templates.';

revoke execute on function private.on_listing_checklist_change() from public;

grant execute on function private.on_listing_checklist_change() to service_role;

create function private.on_contract_checklist_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.apply_checklist_templates(new.listing_id);
  return null;
end;
$$;

comment on function private.on_contract_checklist_change() is
  'Trigger (after insert or update on contracts): applies the matching checklist templates to the listing (financing conditions, anchors on the contract''s dates).';

revoke execute on function private.on_contract_checklist_change() from public;

grant execute on function private.on_contract_checklist_change() to service_role;

create function private.on_deadline_checklist_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing uuid := case when tg_op = 'DELETE' then old.listing_id else new.listing_id end;
begin
  if exists (select 1 from public.listing_checklist_items i where i.listing_id = listing and i.kind = 'task') then
    perform private.refresh_checklist_due_dates(listing);
  end if;
  return null;
end;
$$;

comment on function private.on_deadline_checklist_change() is
  'Trigger (after insert, update or delete on contract_deadlines): a moved key date moves the due dates of checklist tasks anchored to it.';

revoke execute on function private.on_deadline_checklist_change() from public;

grant execute on function private.on_deadline_checklist_change() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listings_apply_checklist_on_insert after insert on public.listings
  for each row execute function private.on_listing_checklist_change();

create trigger listings_apply_checklist_on_update
after update of status, side, property_type, has_hoa, year_built, state, agent_id, tc_id on public.listings
for each row when ((new.status, new.side, new.property_type, new.has_hoa, new.year_built, new.state, new.agent_id, new.tc_id)
  is distinct from (old.status, old.side, old.property_type, old.has_hoa, old.year_built, old.state, old.agent_id, old.tc_id))
execute function private.on_listing_checklist_change();

-- Fires before contracts_on_change (name order), which moves the listing's
-- status: the contract's templates are applied before the status gate.
create trigger contracts_apply_checklist after insert or update on public.contracts
  for each row execute function private.on_contract_checklist_change();

create trigger contract_deadlines_refresh_checklist after insert or update or delete on public.contract_deadlines
  for each row execute function private.on_deadline_checklist_change();
