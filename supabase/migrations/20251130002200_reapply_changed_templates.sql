-- ---------------------------------------------------------------------------
-- A changed checklist template reaches its listings at once (issue 52).
-- Before, saving a template (save_checklist_template(), or its rows through
-- the API), deactivating or activating it changed existing listings only at
-- their next unrelated edit. Now, when a transaction changes what a template
-- applies — its conditions or is_active, an item added, an item's anchor or
-- offset — the template is re-applied once, when the transaction commits, to
-- the listings it matches and to those that carry its items, in one
-- statement (private.reapply_checklist_template(): private.listing_changed()
-- for each): new items are added, a deactivated template's untouched items
-- leave, due dates follow the new anchors.
--
-- Once per template and transaction: the triggers are deferred to the
-- commit, when the template is in its final state, and the first of them
-- re-applies it (the transaction remembers the template and the statement
-- that fired it in the setting listingdesk.reapplied_templates, so a
-- transaction that fires them early with SET CONSTRAINTS ... IMMEDIATE and
-- changes the template again re-applies it again at its commit);
-- save_checklist_template() writing the template and ten items re-applies it
-- once, not eleven times.
--
-- Deleting a template keeps what it applied in place (its items lose
-- template_id, as before): there is nothing to re-apply. Removing an item
-- from a template keeps the applied copies likewise.
--
-- Which listings a template matches is now one function,
-- private.template_listing_ids(), shared by the re-application and
-- preview_template_matches() (replaced whole from
-- 20251127003200_create_checklist_templates.sql), which therefore matches
-- financing against the listing's active contract, else its last closed
-- one, as the application always did.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

comment on column public.checklist_templates.is_active is 'Inactive templates are applied to no listing: deactivating one removes its untouched items (required documents included) from its listings at once; activating it applies it again at once.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.template_listing_ids(template_id uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.id
  from public.checklist_templates t
  join public.listings l
    on t.owner_tc_id is null or l.tc_id = t.owner_tc_id
    or l.agent_id in (select u.id from public.users u where u.assigned_tc_id = t.owner_tc_id)
  -- The active contract, else the last closed one (private.listing_contract).
  left join lateral (
    select c.financing_type from public.contracts c
    where c.listing_id = l.id and c.status in ('active', 'closed')
    order by c.status = 'active' desc, c.created_at desc
    limit 1
  ) c on true
  where t.id = template_listing_ids.template_id
    and private.template_matches(t.conditions, l.side, l.property_type, l.has_hoa, l.year_built, l.state, c.financing_type)
$$;

comment on function private.template_listing_ids(template_id uuid) is
  'Every listing a template''s conditions match, whatever its is_active (a coordinator''s own template: only the listings they coordinate; financing against the active contract, else the last closed one), as private.apply_checklist_templates() decides. No access check: preview_template_matches() reads it under the listings'' RLS; the re-application reads it as the database.';

revoke execute on function private.template_listing_ids(template_id uuid) from public;

grant execute on function private.template_listing_ids(template_id uuid) to authenticated, service_role;

create or replace function public.preview_template_matches(template_id uuid)
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
    where l.id in (select private.template_listing_ids(tpl.id))
    order by l.address, l.id
    limit 100;
end;
$$;

comment on function public.preview_template_matches(template_id uuid) is
  'The first 100 listings (by address) the caller may read that the template''s conditions match (private.template_listing_ids: a coordinator''s own template only listings they coordinate; financing against the active contract, else the last closed one) — the listings a saved or activated template is applied to. Security invoker: listings RLS decides what is seen. 404 unknown or unseen template.';

create function private.reapply_checklist_template(template_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  reached integer;
begin
  -- One statement: the listings that carry its items (to remove or mark
  -- them) and, while it is active, those it matches (to add them), in id
  -- order so that concurrent re-applications lock listings in one order.
  perform private.listing_changed(a.listing_id)
  from (
    select i.listing_id from public.listing_checklist_items i where i.template_id = reapply_checklist_template.template_id
    union
    select m.id from private.template_listing_ids(reapply_checklist_template.template_id) m(id)
    where exists (select 1 from public.checklist_templates t where t.id = reapply_checklist_template.template_id and t.is_active)
  ) a
  order by a.listing_id;
  get diagnostics reached = row_count;
  return reached;
end;
$$;

comment on function private.reapply_checklist_template(template_id uuid) is
  'Re-applies a changed template at once, in one statement: private.listing_changed() for every listing that carries its items and, while it is active, every listing it matches (private.template_listing_ids). Returns how many listings it reached.';

revoke execute on function private.reapply_checklist_template(template_id uuid) from public;

grant execute on function private.reapply_checklist_template(template_id uuid) to service_role;

create function private.on_checklist_template_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  template uuid;
  done text := coalesce(current_setting('listingdesk.reapplied_templates', true), '');
  -- The pending triggers fire together in one statement (the commit, or a
  -- SET CONSTRAINTS ... IMMEDIATE): the template is done for that statement.
  mark text;
begin
  if tg_table_name = 'checklist_templates' then
    template := new.id;
  else
    template := new.template_id;
  end if;
  mark := template::text || '@' || statement_timestamp()::text;
  -- Deferred to the commit: the first trigger of a template re-applies its
  -- final state; the others fired with it find it done.
  if mark = any (string_to_array(done, ',')) then
    return null;
  end if;
  perform set_config('listingdesk.reapplied_templates', concat_ws(',', nullif(done, ''), mark), true);
  perform private.reapply_checklist_template(template);
  return null;
end;
$$;

comment on function private.on_checklist_template_change() is
  'Constraint trigger (deferred to the commit; after update of a template''s is_active or conditions, after insert of an item or update of its anchor, offset_days or offset_unit): re-applies the template once for all its triggers that fire together at the commit (private.reapply_checklist_template), remembering template and statement time in the transaction''s setting listingdesk.reapplied_templates.';

revoke execute on function private.on_checklist_template_change() from public;

grant execute on function private.on_checklist_template_change() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create constraint trigger checklist_templates_reapply
after update of is_active, conditions on public.checklist_templates
deferrable initially deferred
for each row when (new.is_active is distinct from old.is_active or new.conditions is distinct from old.conditions)
execute function private.on_checklist_template_change();

create constraint trigger checklist_template_items_reapply_on_insert
after insert on public.checklist_template_items
deferrable initially deferred
for each row execute function private.on_checklist_template_change();

create constraint trigger checklist_template_items_reapply_on_update
after update of anchor, offset_days, offset_unit on public.checklist_template_items
deferrable initially deferred
for each row when ((new.anchor, new.offset_days, new.offset_unit) is distinct from (old.anchor, old.offset_days, old.offset_unit))
execute function private.on_checklist_template_change();
