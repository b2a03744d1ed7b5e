-- ---------------------------------------------------------------------------
-- A waived requirement in the listing's event log (issue 52): the
-- coordinator's waiver (waive_checklist_item()) writes one
-- requirement_waived event with the reason and detail item_id,
-- document_type, required_for and label (the item's title). The activity
-- log entry stays. Function replaced whole from
-- 20251129001200_add_checklist_waivers.sql.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.waive_checklist_item(item_id uuid, reason text)
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
  perform private.record_listing_event(item.listing_id, 'requirement_waived', null, null, why,
    jsonb_build_object('item_id', item.id, 'document_type', item.document_type, 'required_for', item.required_for,
      'label', item.title),
    me);
  perform private.log_activity(me, item.listing_id, 'checklist_item_waived',
    'Waived ' || item.title || ' (required to go ' || private.listing_status_label(item.required_for) || '): ' || left(why, 500),
    jsonb_build_object('item_id', item.id, 'document_type', item.document_type, 'required_for', item.required_for, 'reason', why));
  return item;
end;
$$;

comment on function public.waive_checklist_item(item_id uuid, reason text) is
  'The listing''s coordinator (acting as tc) or a super admin waives a required document with a reason: the item stays, marked waived_at/by/reason, the gate counts it as met; writes the requirement_waived event (the reason, detail item_id, document_type, required_for, label) and the activity log''s checklist_item_waived. 404 unknown or unseen item, 403 others, 400 a task item or no reason (private.trim_text), 409 already waived.';
