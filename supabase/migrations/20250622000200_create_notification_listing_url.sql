-- Where a listing notification takes its recipient. Agents read their listing
-- at /agent-listing/{id} (status, coordinator responses, documents, messages);
-- the Requirements tab lives only in the listing workspace, which agents open
-- too, so tasks go to /listing/{id}?tab=tasks for everyone. Coordinators and
-- super admins open the workspace on the named tab.

-- ---------------------------------------------------------------------------
-- Function
-- ---------------------------------------------------------------------------
create function private.listing_url(listing_id uuid, recipient uuid, tab text default null)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when tab is distinct from 'tasks'
      and exists (select 1 from public.listings l where l.id = listing_id and l.agent_id = recipient)
      then '/agent-listing/' || listing_id
    else '/listing/' || listing_id || coalesce('?tab=' || tab, '')
  end
$$;
comment on function private.listing_url(uuid, uuid, text) is
  'The app path a listing notification opens for its recipient: the agent''s /agent-listing/{id} for the listing''s agent (except tasks), else /listing/{id}?tab={tab}. One listings lookup by primary key.';

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.listing_url(uuid, uuid, text) from public, anon, authenticated;
