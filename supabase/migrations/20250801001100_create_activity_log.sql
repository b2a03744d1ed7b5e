-- ---------------------------------------------------------------------------
-- Activity log: written by triggers on listings, documents, tasks and voice
-- notes; read by the person and their coordinator.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Activity log: what agents did (document_upload, photo_upload, task_response,
-- voice_message, listing_creation, ...). Written by triggers only; append-only.
create table public.activity_log (
  id uuid primary key default gen_random_uuid(),
  -- The actor may be deleted; their activity stays for the listing's record.
  user_id uuid references public.users (id) on delete set null,
  listing_id uuid references public.listings (id) on delete cascade,
  action text not null check (char_length(action) between 1 and 50),
  description text check (char_length(description) <= 1000),
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

comment on table public.activity_log is
  'Append-only activity of accounts on listings, written by triggers; coordinators read their agents'' activity.';

comment on column public.activity_log.id is 'Entry id.';

comment on column public.activity_log.user_id is 'The account that acted; null once deleted.';

comment on column public.activity_log.listing_id is 'The listing acted on, when there is one.';

comment on column public.activity_log.action is 'What happened, e.g. listing_creation, photo_upload, document_upload, task_response, voice_message.';

comment on column public.activity_log.description is 'Readable sentence shown in activity feeds.';

comment on column public.activity_log.metadata is 'Details of the event (JSON object, depends on action).';

comment on column public.activity_log.created_at is 'When it happened. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.activity_log enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.log_activity(actor uuid, listing uuid, action text, description text, metadata jsonb default '{}'::jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.activity_log (user_id, listing_id, action, description, metadata)
  values (actor, listing, action, description, coalesce(metadata, '{}'::jsonb))
$$;

comment on function private.log_activity(actor uuid, listing uuid, action text, description text, metadata jsonb) is
  'Appends an activity row. Used by triggers; not granted to API roles.';

revoke execute on function private.log_activity(actor uuid, listing uuid, action text, description text, metadata jsonb) from public;

grant execute on function private.log_activity(actor uuid, listing uuid, action text, description text, metadata jsonb) to service_role;

-- Activity log entries written by triggers, so the log records what happened
-- whichever client did it: listing_creation, photo_upload, document_upload,
-- task_response and voice_message.
create function private.log_listing_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := coalesce(private.current_account_id(), new.agent_id);
begin
  if tg_op = 'INSERT' then
    perform private.log_activity(actor, new.id, 'listing_creation', 'Created new listing', jsonb_build_object('address', new.address));
  elsif new.photo_urls is distinct from old.photo_urls or new.property_image_url is distinct from old.property_image_url then
    perform private.log_activity(actor, new.id, 'photo_upload', 'Added photos to listing',
      jsonb_build_object('photo_count', jsonb_array_length(new.photo_urls)));
  end if;
  return null;
end;
$$;

comment on function private.log_listing_activity() is
  'Trigger: listing_creation on insert, photo_upload when photos change.';

revoke execute on function private.log_listing_activity() from public;

grant execute on function private.log_listing_activity() to service_role;

create function private.log_document_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.log_activity(new.uploaded_by, new.listing_id, 'document_upload', 'Uploaded new document',
    jsonb_build_object('document_id', new.id, 'file_name', new.file_name, 'is_general', new.is_general));
  return null;
end;
$$;

comment on function private.log_document_activity() is
  'Trigger: document_upload for every new document.';

revoke execute on function private.log_document_activity() from public;

grant execute on function private.log_document_activity() to service_role;

create function private.log_task_response_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.agent_response is not null and new.agent_response is distinct from old.agent_response then
    perform private.log_activity(new.assigned_to_id, new.listing_id, 'task_response', 'Completed task response',
      jsonb_build_object('task_id', new.id, 'task_title', new.title));
  end if;
  return null;
end;
$$;

comment on function private.log_task_response_activity() is
  'Trigger: task_response when an agent answers a task.';

revoke execute on function private.log_task_response_activity() from public;

grant execute on function private.log_task_response_activity() to service_role;

create function private.log_voice_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid;
begin
  if tg_table_name = 'notes' then
    actor := new.user_id;
  else
    actor := new.sender_id;
  end if;
  perform private.log_activity(actor, new.listing_id, 'voice_message', 'Sent voice message',
    jsonb_build_object('source', tg_table_name, 'id', new.id, 'duration', new.duration));
  return null;
end;
$$;

comment on function private.log_voice_activity() is
  'Trigger: voice_message for voice notes and voice messages.';

revoke execute on function private.log_voice_activity() from public;

grant execute on function private.log_voice_activity() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

create policy "Users can read their activity and coordinators their agents' activity"
on public.activity_log for select to authenticated
using (
  user_id = (select private.current_account_id())
  or user_id = any ((select private.coordinated_agents())::uuid[])
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
  or (select private.is_super_admin())
);

create policy "Super admins can delete activity"
on public.activity_log for delete to authenticated
using ((select private.is_super_admin()));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.activity_log from anon, authenticated;

grant select, delete on public.activity_log to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger activity_log_set_timestamps before insert or update on public.activity_log
  for each row execute function private.set_timestamps('created_only');

create trigger listings_log_activity after insert or update of photo_urls, property_image_url on public.listings
  for each row execute function private.log_listing_activity();

create trigger documents_log_activity after insert on public.documents
  for each row execute function private.log_document_activity();

create trigger tasks_log_response_activity after update of agent_response on public.tasks
  for each row execute function private.log_task_response_activity();

create trigger notes_log_voice_activity after insert on public.notes
  for each row when (new.is_voice) execute function private.log_voice_activity();

create trigger messages_log_voice_activity after insert on public.messages
  for each row when (new.is_voice) execute function private.log_voice_activity();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index activity_log_user_id_created_at_idx on public.activity_log (user_id, created_at desc);

create index activity_log_listing_id_idx on public.activity_log (listing_id);
