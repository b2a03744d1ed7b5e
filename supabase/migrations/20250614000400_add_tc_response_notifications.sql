-- A coordinator's response reaches the agent: the listing's agent gets a
-- notification pointing at their listing. Nobody is notified of their own action.

-- ---------------------------------------------------------------------------
-- Trigger
-- ---------------------------------------------------------------------------
create function private.notify_tc_response()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.agent_id is distinct from new.tc_id and new.agent_id is distinct from private.current_account_id() then
    perform private.notify(new.agent_id, 'message', 'New response from your coordinator', new.content,
      'tc_response', new.id, '/agent-listing/' || new.listing_id);
  end if;
  return null;
end;
$$;
comment on function private.notify_tc_response() is
  'Trigger: notifies the agent of a coordinator response (type message, action_url /agent-listing/<listing_id>), unless the agent wrote it.';

create trigger tc_responses_notify after insert on public.tc_responses
  for each row execute function private.notify_tc_response();

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.notify_tc_response() from public, anon, authenticated;
