-- Owner columns (who wrote a row: uploaded_by, sender_id, user_id,
-- created_by_id, tc_id of a coordinator's own rows, ...) are the caller's
-- active account, written by the database: whatever id an API client sends is
-- replaced by private.current_account_id(). Scoping columns of tables whose
-- UPDATE grant covers every column (messages, AI tables, invitations) are
-- frozen after insert, so a row cannot be moved to another owner, listing,
-- team or agent. Privileged code (seed, security definer functions, the
-- service role) is not an API role and writes these columns as it needs.

-- ---------------------------------------------------------------------------
-- Functions (security invoker on purpose: current_user is the API role for
-- direct requests and the function owner inside security definer functions)
-- ---------------------------------------------------------------------------
create function private.set_owner()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  me uuid;
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  me := private.current_account_id();
  if me is null then
    raise exception 'this sign-in has no account yet' using errcode = '42501';
  end if;
  new := jsonb_populate_record(new, jsonb_build_object(tg_argv[0], me));
  return new;
end;
$$;
comment on function private.set_owner() is
  'Trigger (before insert, argument: the owner column): API callers always write as their active account; a sent id is overwritten.';

create function private.keep_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  col text;
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  foreach col in array tg_argv loop
    if (to_jsonb(new) -> col) is distinct from (to_jsonb(old) -> col) then
      raise exception '% is fixed when the row is created', col using errcode = '42501';
    end if;
  end loop;
  return new;
end;
$$;
comment on function private.keep_columns() is
  'Trigger (before update, arguments: column names): API callers cannot change these owner and scoping columns (403).';

-- ---------------------------------------------------------------------------
-- Owner columns, set at insert
-- ---------------------------------------------------------------------------
create trigger notes_set_owner before insert on public.notes
  for each row execute function private.set_owner('user_id');
create trigger documents_set_owner before insert on public.documents
  for each row execute function private.set_owner('uploaded_by');
create trigger folders_set_owner before insert on public.folders
  for each row execute function private.set_owner('created_by');
create trigger messages_set_owner before insert on public.messages
  for each row execute function private.set_owner('sender_id');
create trigger tasks_set_owner before insert on public.tasks
  for each row execute function private.set_owner('created_by_id');
create trigger tc_responses_set_owner before insert on public.tc_responses
  for each row execute function private.set_owner('tc_id');
create trigger tc_channels_set_owner before insert on public.tc_channels
  for each row execute function private.set_owner('created_by_id');
create trigger tc_team_messages_set_owner before insert on public.tc_team_messages
  for each row execute function private.set_owner('sender_id');
create trigger tc_private_notes_set_owner before insert on public.tc_private_notes
  for each row execute function private.set_owner('tc_id');
create trigger invitations_set_owner before insert on public.invitations
  for each row execute function private.set_owner('invited_by');
create trigger ai_assistant_set_owner before insert on public.ai_assistant
  for each row execute function private.set_owner('tc_id');
create trigger ai_conversations_set_owner before insert on public.ai_conversations
  for each row execute function private.set_owner('user_id');
create trigger ai_interactions_set_owner before insert on public.ai_interactions
  for each row execute function private.set_owner('user_id');
create trigger ai_insights_set_owner before insert on public.ai_insights
  for each row execute function private.set_owner('user_id');
create trigger ai_workflow_patterns_set_owner before insert on public.ai_workflow_patterns
  for each row execute function private.set_owner('tc_id');
create trigger ai_learning_insights_set_owner before insert on public.ai_learning_insights
  for each row execute function private.set_owner('tc_id');
create trigger ai_learning_data_set_owner before insert on public.ai_learning_data
  for each row execute function private.set_owner('tc_id');
create trigger ai_listing_descriptions_set_owner before insert on public.ai_listing_descriptions
  for each row execute function private.set_owner('tc_id');

-- ---------------------------------------------------------------------------
-- Owner and scoping columns, fixed after insert (tables whose other columns
-- have column-level UPDATE grants are already covered by those grants)
-- ---------------------------------------------------------------------------
create trigger messages_keep_scope before update on public.messages
  for each row execute function private.keep_columns('listing_id', 'is_general', 'team_tc_id', 'sender_id');
create trigger invitations_keep_scope before update on public.invitations
  for each row execute function private.keep_columns('invited_by');
create trigger ai_assistant_keep_scope before update on public.ai_assistant
  for each row execute function private.keep_columns('tc_id');
create trigger ai_conversations_keep_scope before update on public.ai_conversations
  for each row execute function private.keep_columns('user_id');
create trigger ai_interactions_keep_scope before update on public.ai_interactions
  for each row execute function private.keep_columns('user_id');
create trigger ai_insights_keep_scope before update on public.ai_insights
  for each row execute function private.keep_columns('user_id');
create trigger ai_workflow_patterns_keep_scope before update on public.ai_workflow_patterns
  for each row execute function private.keep_columns('tc_id', 'agent_id', 'listing_id', 'task_id');
create trigger ai_learning_insights_keep_scope before update on public.ai_learning_insights
  for each row execute function private.keep_columns('tc_id', 'agent_id');
create trigger ai_learning_data_keep_scope before update on public.ai_learning_data
  for each row execute function private.keep_columns('tc_id');
create trigger ai_listing_descriptions_keep_scope before update on public.ai_listing_descriptions
  for each row execute function private.keep_columns('tc_id', 'listing_id');

-- ---------------------------------------------------------------------------
-- Function privileges: trigger functions are called by no one directly.
-- ---------------------------------------------------------------------------
revoke execute on function
  private.set_owner(),
  private.keep_columns()
from public, anon;
