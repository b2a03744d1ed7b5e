-- A document uploaded to a listing tells the other people on it (its agent
-- and coordinator); the uploader is skipped by private.notify(). Team
-- documents notify nobody: the team sees them in its documents screen.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.notify_listing_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
  listing_address text;
begin
  for recipient, listing_address in
    select distinct p.id, l.address from public.listings l
    cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
    where l.id = new.listing_id and p.id is not null
  loop
    perform private.notify(recipient, 'document', 'New document: ' || new.file_name,
      'Uploaded to ' || listing_address || '.', 'document', new.id,
      private.listing_url(new.listing_id, recipient, 'documents'));
  end loop;
  return null;
end;
$$;
comment on function private.notify_listing_document() is
  'Trigger: a listing document notifies the listing''s agent and coordinator (not the uploader), opening the Documents tab or the agent''s listing view.';

create trigger documents_notify after insert on public.documents
  for each row when (new.listing_id is not null) execute function private.notify_listing_document();

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.notify_listing_document() from public, anon, authenticated;
