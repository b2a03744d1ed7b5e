-- A listing's status change tells its agent and its coordinator; whoever made
-- the change (usually the coordinator, through set_listing_status()) is
-- skipped by private.notify().

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.notify_listing_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  label text := case new.status
    when 'incomplete' then 'Incomplete' when 'ready' then 'Ready' when 'live' then 'Live' when 'under_contract' then 'Under Contract'
    else new.status end;
  recipient uuid;
begin
  for recipient in select distinct p.id from (values (new.agent_id), (new.tc_id)) as p(id) where p.id is not null loop
    perform private.notify(recipient, 'alert', 'Listing status: ' || label, new.address || ' is now ' || label || '.',
      'listing', new.id, private.listing_url(new.id, recipient));
  end loop;
  return null;
end;
$$;
comment on function private.notify_listing_status() is
  'Trigger: a status change notifies the listing''s agent and coordinator (not the actor), with the status label of the app.';

create trigger listings_notify_status after update of status on public.listings
  for each row when (new.status is distinct from old.status) execute function private.notify_listing_status();

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.notify_listing_status() from public, anon, authenticated;
