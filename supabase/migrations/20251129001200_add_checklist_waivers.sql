-- ---------------------------------------------------------------------------
-- A required document leaves a listing's checklist only by a waiver (issue
-- 51 item 4). A coordinator could delete the required-document items with a
-- plain DELETE and then move the listing live: no reason asked, nothing in
-- the activity log, nothing left on the listing. Now a plain delete of a
-- document item is refused (403, pointing to the function);
-- waive_checklist_item(item, reason) is how the listing's coordinator or a
-- super admin takes a requirement off: the row stays, marked waived by whom,
-- when and why, the activity log records it, and the gate counts a waived
-- requirement as met. Task items are still removed with a plain delete (they
-- gate nothing).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.listing_checklist_items
  add column waived_at timestamptz,
  add column waived_by uuid references public.users (id) on delete set null,
  add column waived_by_name text check (char_length(waived_by_name) <= 255),
  add column waived_reason text check (char_length(waived_reason) <= 1000),
  add constraint listing_checklist_items_waived_with_reason check (waived_at is null or waived_reason is not null);

comment on column public.listing_checklist_items.waived_at is 'Document: when the requirement was waived (waive_checklist_item()); null while it is required. A waived requirement counts as met.';

comment on column public.listing_checklist_items.waived_by is 'Document: who waived the requirement (the listing''s coordinator or a super admin); null once that account is deleted.';

comment on column public.listing_checklist_items.waived_by_name is 'Document: the waiver''s name as it was when they waived it, for "Waived by <name>: <reason>" (the agent may not read a super admin''s account).';

comment on column public.listing_checklist_items.waived_reason is 'Document: why the requirement was waived (required, trimmed).';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function public.waive_checklist_item(item_id uuid, reason text)
returns public.listing_checklist_items
language plpgsql
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  item public.listing_checklist_items;
  relation text;
  why text := private.trim_text(reason);
  who text;
begin
  select i.* into item from public.listing_checklist_items i where i.id = waive_checklist_item.item_id for update;
  relation := private.listing_relation(item.listing_id, me, context[2]);
  if item.id is null or (relation is null and not private.is_super_admin()) then
    raise exception 'checklist item not found' using errcode = 'PT404';
  end if;
  if relation is distinct from 'coordinator' and not private.is_super_admin() then
    raise exception 'only the listing''s coordinator or a super admin waives a requirement' using errcode = '42501';
  end if;
  if item.kind <> 'document' then
    raise exception 'only a required document is waived; remove a task item instead' using errcode = '22023';
  end if;
  if why is null then
    raise exception 'a reason is required to waive a requirement' using errcode = '22023';
  end if;
  if char_length(why) > 1000 then
    raise exception 'the reason must be at most 1,000 characters' using errcode = '22023';
  end if;
  if item.waived_at is not null then
    raise exception 'this requirement is already waived' using errcode = 'PT409';
  end if;
  select coalesce(private.trim_text(concat_ws(' ', u.first_name, u.last_name)), u.email) into who
  from public.users u where u.id = me;
  update public.listing_checklist_items i
  set waived_at = now(), waived_by = me, waived_by_name = left(who, 255), waived_reason = why
  where i.id = item.id
  returning i.* into item;
  perform private.log_activity(me, item.listing_id, 'checklist_item_waived',
    'Waived ' || item.title || ' (required to go ' || private.listing_status_label(item.required_for) || '): ' || left(why, 500),
    jsonb_build_object('item_id', item.id, 'document_type', item.document_type, 'required_for', item.required_for, 'reason', why));
  return item;
end;
$$;

comment on function public.waive_checklist_item(item_id uuid, reason text) is
  'The listing''s coordinator (acting as tc) or a super admin waives a required document with a reason: the item stays, marked waived_at/by/reason, the gate counts it as met, and the activity log records checklist_item_waived with the reason. 404 unknown or unseen item, 403 others, 400 a task item or no reason (private.trim_text), 409 already waived.';

revoke execute on function public.waive_checklist_item(item_id uuid, reason text) from public, anon;

grant execute on function public.waive_checklist_item(item_id uuid, reason text) to authenticated, service_role;

-- Security invoker on purpose: current_user is the API role for a person's
-- DELETE; the database's own removals run as the owner.
create function private.guard_checklist_item_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A person's own statement (depth 1), not the cascade of a deleted
  -- listing, which runs at a deeper trigger level.
  if current_user in ('authenticated', 'anon') and pg_trigger_depth() = 1 and old.kind = 'document' then
    raise exception 'a required document is not removed; waive it with a reason (waive_checklist_item)' using errcode = '42501',
      hint = 'Call waive_checklist_item(item_id, reason): the requirement stays on the listing, marked waived.';
  end if;
  return old;
end;
$$;

comment on function private.guard_checklist_item_delete() is
  'Trigger (before delete on listing_checklist_items): a person''s DELETE of a required-document item is refused (403 pointing to waive_checklist_item()); task items are removed as before, and a deleted listing takes all its items.';

revoke execute on function private.guard_checklist_item_delete() from public;

grant execute on function private.guard_checklist_item_delete() to service_role;

-- Waived requirements are met: replaced whole, the required types leave out
-- waived items.
create or replace function private.compliance_states(listing_ids uuid[])
returns table (listing_id uuid, stage text, document_type text, label text, type_position integer, state text)
language sql
stable
security definer
set search_path = ''
as $$
  -- A type required twice for a stage (two templates) counts once, with
  -- approval if either asks for it; a waived item requires nothing. Of the
  -- type's documents (latest versions), one approved suffices; else one
  -- waiting for review; else the returned one.
  with required as (
    select i.listing_id, i.required_for as stage, i.document_type, bool_or(coalesce(i.needs_approval, true)) as needs_approval
    from public.listing_checklist_items i
    where i.listing_id = any (listing_ids) and i.kind = 'document' and i.waived_at is null
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
  'Per listing, stage and required document type (waived items require nothing): missing, submitted, returned or approved (a type without needs_approval is approved once a document of it exists). No access check: callers check the listings first.';

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listing_checklist_items_guard_delete before delete on public.listing_checklist_items
  for each row execute function private.guard_checklist_item_delete();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index listing_checklist_items_waived_by_idx on public.listing_checklist_items (waived_by);
