-- ---------------------------------------------------------------------------
-- Live updates, part 2 (issue 54): the tables of the listing screen send each
-- change to the private Realtime topic user:<sign-in id> of every reader of
-- the changed row (private.row_reader_ids(), previous migration), once, when
-- it happens: Broadcast from the database, replacing one Postgres Changes
-- subscription per table and screen.
--
-- What travels is the table, the row's id, the operation and the row's
-- listing: {"table", "id", "op", "listing_id"}. No other column: the client
-- refetches what it shows through the API, where RLS applies, so no column a
-- reader may not select ever travels, and a reader who lost access in
-- between gets nothing from the refetch.
--
-- An update that changes who may read the row (the listing's agent or
-- coordinator, the copies of them, a task's assignee) is sent to the readers
-- of the old row too: they learn the row left their view.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.broadcast_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- {listing agent, listing tc, team, listing, task assignee} of the new and the old row (private.row_reader_ids()).
  now_scope uuid[];
  was_scope uuid[];
  row_id uuid;
  readers uuid[];
begin
  -- A change is saved even when telling its readers fails: the error becomes a
  -- warning (as realtime.send() itself does), never the writer's failure.
  begin
    -- NEW and OLD are read only where the operation has them, and each table's
    -- columns only in its own branch (PL/pgSQL resolves them when run).
    if tg_table_name = 'listings' then
      if tg_op <> 'DELETE' then now_scope := array[new.agent_id, new.tc_id, null, new.id, null]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[old.agent_id, old.tc_id, null, old.id, null]; row_id := old.id; end if;
    elsif tg_table_name in ('notes', 'contracts', 'contract_deadlines') then
      if tg_op <> 'DELETE' then now_scope := array[new.listing_agent_id, new.listing_tc_id, null, new.listing_id, null]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[old.listing_agent_id, old.listing_tc_id, null, old.listing_id, null]; row_id := old.id; end if;
    elsif tg_table_name in ('messages', 'documents') then
      if tg_op <> 'DELETE' then now_scope := array[new.listing_agent_id, new.listing_tc_id, new.team_tc_id, new.listing_id, null]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[old.listing_agent_id, old.listing_tc_id, old.team_tc_id, old.listing_id, null]; row_id := old.id; end if;
    elsif tg_table_name = 'inbound_emails' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, new.listing_id, null]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, old.listing_id, null]::uuid[]; row_id := old.id; end if;
    elsif tg_table_name = 'tasks' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, new.listing_id, new.assigned_to_id]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, old.listing_id, old.assigned_to_id]::uuid[]; row_id := old.id; end if;
    else
      raise exception 'private.broadcast_row_change() does not know the readers of %', tg_table_name;
    end if;

    readers := '{}';
    if now_scope is not null then
      readers := private.row_reader_ids(tg_table_name, now_scope);
    end if;
    if was_scope is not null and was_scope is distinct from now_scope then
      readers := readers || private.row_reader_ids(tg_table_name, was_scope);
    end if;

    perform realtime.send(
      jsonb_build_object('table', tg_table_name, 'id', row_id::text, 'op', tg_op, 'listing_id', coalesce(now_scope[4], was_scope[4])),
      'change',
      topic,
      true)
    from unnest(private.reader_topics(readers)) topic;
  exception
    when others then
      raise warning 'ErrorBroadcastingRowChange on %: %', tg_table_name, sqlerrm;
  end;
  return null;
end;
$$;

comment on function private.broadcast_row_change() is
  'Trigger (after insert, update or delete, for each row) on the listing screen''s live tables: sends {table, id, op, listing_id} as event change to the private topic user:<sign-in id> of every reader of the row (private.row_reader_ids(), private.reader_topics()), and on an update that changes who may read it also to the readers of the old row. Security definer so the readers are found and realtime.messages written whoever the writer is; a failure is a warning, never the writer''s error.';

revoke execute on function private.broadcast_row_change() from public;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listings_broadcast_change after insert or update or delete on public.listings
  for each row execute function private.broadcast_row_change();

create trigger tasks_broadcast_change after insert or update or delete on public.tasks
  for each row execute function private.broadcast_row_change();

create trigger documents_broadcast_change after insert or update or delete on public.documents
  for each row execute function private.broadcast_row_change();

create trigger notes_broadcast_change after insert or update or delete on public.notes
  for each row execute function private.broadcast_row_change();

create trigger messages_broadcast_change after insert or update or delete on public.messages
  for each row execute function private.broadcast_row_change();

create trigger inbound_emails_broadcast_change after insert or update or delete on public.inbound_emails
  for each row execute function private.broadcast_row_change();

create trigger contracts_broadcast_change after insert or update or delete on public.contracts
  for each row execute function private.broadcast_row_change();

create trigger contract_deadlines_broadcast_change after insert or update or delete on public.contract_deadlines
  for each row execute function private.broadcast_row_change();
