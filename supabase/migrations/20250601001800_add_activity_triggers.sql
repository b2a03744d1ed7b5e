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
comment on function private.log_listing_activity() is 'Trigger: listing_creation on insert, photo_upload when photos change.';

create trigger listings_log_activity after insert or update of photo_urls, property_image_url on public.listings
  for each row execute function private.log_listing_activity();

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
comment on function private.log_document_activity() is 'Trigger: document_upload for every new document.';

create trigger documents_log_activity after insert on public.documents
  for each row execute function private.log_document_activity();

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
comment on function private.log_task_response_activity() is 'Trigger: task_response when an agent answers a task.';

create trigger tasks_log_response_activity after update of agent_response on public.tasks
  for each row execute function private.log_task_response_activity();

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
comment on function private.log_voice_activity() is 'Trigger: voice_message for voice notes and voice messages.';

create trigger notes_log_voice_activity after insert on public.notes
  for each row when (new.is_voice) execute function private.log_voice_activity();
create trigger messages_log_voice_activity after insert on public.messages
  for each row when (new.is_voice) execute function private.log_voice_activity();

revoke execute on function private.log_listing_activity(), private.log_document_activity(),
  private.log_task_response_activity(), private.log_voice_activity() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.log_listing_activity(),
  private.log_document_activity(),
  private.log_task_response_activity(),
  private.log_voice_activity()
from public, anon;
