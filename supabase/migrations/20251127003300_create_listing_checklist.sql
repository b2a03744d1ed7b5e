-- ---------------------------------------------------------------------------
-- A listing's checklist: the template items applied to it (next migration:
-- how). Task items for the agent are requirement tasks like any other (the
-- Requirements tab); coordinator items are to-dos marked done here; document
-- items say which document types the listing needs for which stage. The
-- people on the listing read them; its coordinator and super admins mark
-- to-dos done and remove single items (a removed item stays removed until
-- its template is applied by hand again).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.listing_checklist_items (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  template_id uuid references public.checklist_templates (id) on delete set null,
  template_item_id uuid references public.checklist_template_items (id) on delete set null,
  position integer not null default 0,
  kind text not null check (kind in ('task', 'document')),
  title text not null check (char_length(title) between 1 and 255),
  assignee text check (assignee in ('agent', 'coordinator')),
  task_id uuid references public.tasks (id) on delete set null,
  due_date date,
  status text not null default 'open' check (status in ('open', 'done')),
  document_type text references public.document_types (key),
  required_for text check (required_for in ('live', 'under_contract', 'closed')),
  needs_approval boolean,
  applied_by_hand boolean not null default false,
  listing_agent_id uuid,
  listing_tc_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint listing_checklist_items_listing_id_template_item_id_key unique (listing_id, template_item_id),
  constraint listing_checklist_items_document_fields check (kind <> 'document' or (document_type is not null and required_for is not null))
);

comment on table public.listing_checklist_items is
  'Template items applied to a listing, each at most once (unique listing + template item): tasks (agent: a requirement task; coordinator: a to-do) and required documents per stage. Written by the database (automatic and by-hand application); the coordinator marks to-dos done and removes items.';

comment on column public.listing_checklist_items.id is 'Item id.';

comment on column public.listing_checklist_items.listing_id is 'The listing.';

comment on column public.listing_checklist_items.template_id is 'The template it came from; null once that template is deleted.';

comment on column public.listing_checklist_items.template_item_id is 'The template item it came from (applied once per listing); null once that item is deleted.';

comment on column public.listing_checklist_items.position is 'The template item''s position (order within its template).';

comment on column public.listing_checklist_items.kind is 'task or document.';

comment on column public.listing_checklist_items.title is 'The task''s title, or the required document type''s label.';

comment on column public.listing_checklist_items.assignee is 'Task: agent (task_id is its requirement task) or coordinator (a to-do); null for documents.';

comment on column public.listing_checklist_items.task_id is 'Agent task: the requirement task created for the listing''s agent (Requirements tab); null once deleted.';

comment on column public.listing_checklist_items.due_date is 'Task: due date from the template''s anchor and offset; follows the anchor when it moves (a contract amendment). Null while the anchor is unknown.';

comment on column public.listing_checklist_items.status is 'open or done: a coordinator to-do is marked done here; an agent task mirrors its requirement task (completed = done).';

comment on column public.listing_checklist_items.document_type is 'Document: the type required (document_types.key).';

comment on column public.listing_checklist_items.required_for is 'Document: the stage it is required for (live, under_contract, closed).';

comment on column public.listing_checklist_items.needs_approval is 'Document: whether the coordinator must approve it (else any document of the type counts).';

comment on column public.listing_checklist_items.applied_by_hand is 'True when a coordinator applied the template by hand: kept when the template does not match the listing.';

comment on column public.listing_checklist_items.listing_agent_id is 'Copy of the listing''s agent_id, kept by the database (private.copy_listing_people); the read rule''s column.';

comment on column public.listing_checklist_items.listing_tc_id is 'Copy of the listing''s tc_id, kept by the database (private.copy_listing_people); the read rule''s column.';

comment on column public.listing_checklist_items.created_at is 'When the item was applied. Set by trigger.';

comment on column public.listing_checklist_items.updated_at is 'When the item last changed. Set by trigger.';

-- Removed by hand: automatic application does not bring these back.
create table private.dismissed_checklist_items (
  listing_id uuid not null references public.listings (id) on delete cascade,
  template_item_id uuid not null references public.checklist_template_items (id) on delete cascade,
  dismissed_at timestamptz not null default now(),
  primary key (listing_id, template_item_id)
);

comment on table private.dismissed_checklist_items is
  'Template items a coordinator removed from a listing''s checklist: automatic application skips them; applying their template by hand brings them back.';

comment on column private.dismissed_checklist_items.listing_id is 'The listing.';

comment on column private.dismissed_checklist_items.template_item_id is 'The template item removed from it.';

comment on column private.dismissed_checklist_items.dismissed_at is 'When it was removed.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.listing_checklist_items enable row level security;

alter table private.dismissed_checklist_items enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.guard_checklist_item()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and new.status is distinct from old.status
     and (new.kind <> 'task' or new.assignee is distinct from 'coordinator') then
    raise exception 'only coordinator to-dos are marked done here; an agent''s item follows its requirement task' using errcode = '22023';
  end if;
  return new;
end;
$$;

comment on function private.guard_checklist_item() is
  'Trigger (before update on listing_checklist_items): API callers change the status of coordinator to-dos only (400 otherwise); agent items mirror their task.';

revoke execute on function private.guard_checklist_item() from public;

grant execute on function private.guard_checklist_item() to service_role;

create function private.dismiss_checklist_item(listing_id uuid, template_item_id uuid, task_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Not when the item goes with its listing (a cascade, which runs as the
  -- deleting user): the listing is gone by then.
  insert into private.dismissed_checklist_items (listing_id, template_item_id)
  select dismiss_checklist_item.listing_id, dismiss_checklist_item.template_item_id
  where dismiss_checklist_item.template_item_id is not null
    and exists (select 1 from public.listings l where l.id = dismiss_checklist_item.listing_id)
    and exists (select 1 from public.checklist_template_items ti where ti.id = dismiss_checklist_item.template_item_id)
  on conflict do nothing;
  -- The requirement task goes with the item unless the agent already worked on it.
  delete from public.tasks t
  where t.id = dismiss_checklist_item.task_id and t.agent_response is null and t.status = 'pending';
end;
$$;

comment on function private.dismiss_checklist_item(listing_id uuid, template_item_id uuid, task_id uuid) is
  'After a person removes a checklist item: remembers it so automatic application does not add it again, and deletes its requirement task if untouched.';

revoke execute on function private.dismiss_checklist_item(listing_id uuid, template_item_id uuid, task_id uuid) from public;

grant execute on function private.dismiss_checklist_item(listing_id uuid, template_item_id uuid, task_id uuid) to authenticated, service_role;

-- Security invoker on purpose: only removals by people (API roles) are
-- remembered, not those of the application itself or of a cascade.
create function private.on_checklist_item_removed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    perform private.dismiss_checklist_item(old.listing_id, old.template_item_id, old.task_id);
  end if;
  return null;
end;
$$;

comment on function private.on_checklist_item_removed() is
  'Trigger (after delete on listing_checklist_items): an item removed by a person is dismissed (private.dismiss_checklist_item()).';

revoke execute on function private.on_checklist_item_removed() from public;

grant execute on function private.on_checklist_item_removed() to service_role;

create function private.mirror_task_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.listing_checklist_items i
  set status = case new.status when 'completed' then 'done' else 'open' end
  where i.task_id = new.id and i.status is distinct from case new.status when 'completed' then 'done' else 'open' end;
  return null;
end;
$$;

comment on function private.mirror_task_status() is
  'Trigger (after update of status on tasks): a checklist item of the task is done when the task is completed, open otherwise.';

revoke execute on function private.mirror_task_status() from public;

grant execute on function private.mirror_task_status() to service_role;

-- The copies of a listing's people now also live on its documents and
-- checklist items: replaced whole.
create or replace function private.copy_listing_people_to_items()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notes n set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where n.listing_id = new.id;
  update public.messages m set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where m.listing_id = new.id;
  update public.tasks t set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where t.listing_id = new.id;
  -- Contracts pass the copies on to their deadlines (private.on_contract_change()).
  update public.contracts c set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where c.listing_id = new.id;
  update public.documents d set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where d.listing_id = new.id;
  update public.listing_checklist_items i set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where i.listing_id = new.id;
  return null;
end;
$$;

comment on function private.copy_listing_people_to_items() is
  'Trigger (after update of agent_id or tc_id on listings): writes the listing''s new agent and coordinator into the copies on its notes, messages, tasks, contracts (which pass them on to their deadlines), documents and checklist items.';

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "People on a listing can read its checklist"
on public.listing_checklist_items for select to authenticated
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

create policy "Coordinators can mark their listings' to-dos done, super admins all"
on public.listing_checklist_items for update to authenticated
using (
  ((select private.current_role()) = 'tc'
   and (listing_tc_id = (select private.current_account_id())
        or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

create policy "Coordinators can remove items of their listings' checklists, super admins all"
on public.listing_checklist_items for delete to authenticated
using (
  ((select private.current_role()) = 'tc'
   and (listing_tc_id = (select private.current_account_id())
        or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

-- Not granted anyway; the explicit deny documents intent if a grant ever slips in.
create policy "Nobody can read dismissed checklist items through the API"
on private.dismissed_checklist_items for select to authenticated
using (false);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.listing_checklist_items from anon, authenticated;

grant select, delete on public.listing_checklist_items to authenticated;

grant update (status) on public.listing_checklist_items to authenticated;

revoke all on private.dismissed_checklist_items from anon, authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listing_checklist_items_guard before update on public.listing_checklist_items
  for each row execute function private.guard_checklist_item();

create trigger listing_checklist_items_scope_listing_people
before insert or update of listing_id, listing_agent_id, listing_tc_id on public.listing_checklist_items
for each row execute function private.copy_listing_people();

create trigger listing_checklist_items_set_timestamps before insert or update on public.listing_checklist_items
  for each row execute function private.set_timestamps();

create trigger listing_checklist_items_on_removed after delete on public.listing_checklist_items
  for each row execute function private.on_checklist_item_removed();

create trigger tasks_mirror_checklist_status after update of status on public.tasks
  for each row when (new.status is distinct from old.status) execute function private.mirror_task_status();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index listing_checklist_items_template_id_idx on public.listing_checklist_items (template_id);

create index listing_checklist_items_template_item_id_idx on public.listing_checklist_items (template_item_id);

create index listing_checklist_items_task_id_idx on public.listing_checklist_items (task_id);

create index listing_checklist_items_document_type_idx on public.listing_checklist_items (document_type);

create index listing_checklist_items_listing_agent_id_idx on public.listing_checklist_items (listing_agent_id);

create index listing_checklist_items_listing_tc_id_idx on public.listing_checklist_items (listing_tc_id);

create index dismissed_checklist_items_template_item_id_idx on private.dismissed_checklist_items (template_item_id);
