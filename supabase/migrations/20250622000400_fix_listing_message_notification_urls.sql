-- A listing message opened from a notification lands where its recipient reads
-- the listing: the agent's /agent-listing/{id}, the coordinator's workspace on
-- its Messages tab (the old trigger sent both sides to the workspace). Team
-- messages are unchanged.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create or replace function private.notify_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender_name text := coalesce(
    (select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from public.users u where u.id = new.sender_id), 'User');
  recipient uuid;
begin
  if new.is_general then
    for recipient in
      select u.id from public.users u
      where (u.id = new.team_tc_id or u.assigned_tc_id = new.team_tc_id) and u.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', 'New team message from ' || sender_name, new.content, 'message', new.id, '/agent-messages');
    end loop;
  else
    for recipient in
      select distinct p.id from public.listings l
      cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
      where l.id = new.listing_id and p.id is not null and p.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', 'New message from ' || sender_name, new.content, 'message', new.id,
        private.listing_url(new.listing_id, recipient, 'messages'));
    end loop;
  end if;
  return null;
end;
$$;
comment on function private.notify_message() is
  'Trigger: a listing message notifies the other side (agent at /agent-listing/{id}, coordinator at /listing/{id}?tab=messages); a team message the team.';

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.notify_message() from public, anon, authenticated;
