-- ---------------------------------------------------------------------------
-- Live updates, part 5 (issue 54): the other live screens' tables send their
-- changes to their readers too, the same way as the listing screen's
-- (…_broadcast_listing_changes.sql): notifications (the inbox, its badge and
-- toasts, the review queue, returned documents), activity_log (activity
-- feeds), tc_responses (coordinator responses), listing_checklist_items (the
-- compliance panel), tc_team_messages and tc_channel_members (team chat).
-- Each screen then follows one topic, user:<sign-in id>, instead of one
-- Postgres Changes subscription per table.
--
-- private.broadcast_row_change() is replaced whole: each table's branch fills
-- the scope private.row_reader_ids() reads (previous migration). What travels
-- stays {"table", "id", "op", "listing_id"}: listing_id is the row's listing
-- where it has one (activity, responses, checklist items) and null for
-- notifications and team chat, whose screens are not a listing's.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.broadcast_row_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- {listing agent, listing tc, team, listing, person, other person, chat channel} of the new and the old row
  -- (private.row_reader_ids()).
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
      if tg_op <> 'DELETE' then now_scope := array[new.agent_id, new.tc_id, null, new.id, null, null, null]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[old.agent_id, old.tc_id, null, old.id, null, null, null]; row_id := old.id; end if;
    elsif tg_table_name in ('notes', 'contracts', 'contract_deadlines', 'listing_checklist_items') then
      if tg_op <> 'DELETE' then now_scope := array[new.listing_agent_id, new.listing_tc_id, null, new.listing_id, null, null, null]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[old.listing_agent_id, old.listing_tc_id, null, old.listing_id, null, null, null]; row_id := old.id; end if;
    elsif tg_table_name in ('messages', 'documents') then
      if tg_op <> 'DELETE' then now_scope := array[new.listing_agent_id, new.listing_tc_id, new.team_tc_id, new.listing_id, null, null, null]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[old.listing_agent_id, old.listing_tc_id, old.team_tc_id, old.listing_id, null, null, null]; row_id := old.id; end if;
    elsif tg_table_name = 'inbound_emails' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, new.listing_id, null, null, null]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, old.listing_id, null, null, null]::uuid[]; row_id := old.id; end if;
    elsif tg_table_name = 'tasks' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, new.listing_id, new.assigned_to_id, null, null]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, old.listing_id, old.assigned_to_id, null, null]::uuid[]; row_id := old.id; end if;
    elsif tg_table_name = 'notifications' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, null, new.user_id, null, null]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, null, old.user_id, null, null]::uuid[]; row_id := old.id; end if;
    elsif tg_table_name = 'activity_log' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, new.listing_id, new.user_id, null, null]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, old.listing_id, old.user_id, null, null]::uuid[]; row_id := old.id; end if;
    elsif tg_table_name = 'tc_responses' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, new.listing_id, new.tc_id, new.agent_id, null]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, old.listing_id, old.tc_id, old.agent_id, null]::uuid[]; row_id := old.id; end if;
    elsif tg_table_name = 'tc_team_messages' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, null, null, null, new.channel_id]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, null, null, null, old.channel_id]::uuid[]; row_id := old.id; end if;
    elsif tg_table_name = 'tc_channel_members' then
      if tg_op <> 'DELETE' then now_scope := array[null, null, null, null, new.tc_id, null, new.channel_id]::uuid[]; row_id := new.id; end if;
      if tg_op <> 'INSERT' then was_scope := array[null, null, null, null, old.tc_id, null, old.channel_id]::uuid[]; row_id := old.id; end if;
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
  'Trigger (after insert, update or delete, for each row) on the live tables: sends {table, id, op, listing_id} as event change to the private topic user:<sign-in id> of every reader of the row (private.row_reader_ids(), private.reader_topics()), and on an update that changes who may read it also to the readers of the old row. Security definer so the readers are found and realtime.messages written whoever the writer is; a failure is a warning, never the writer''s error.';

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger notifications_broadcast_change after insert or update or delete on public.notifications
  for each row execute function private.broadcast_row_change();

create trigger activity_log_broadcast_change after insert or update or delete on public.activity_log
  for each row execute function private.broadcast_row_change();

create trigger tc_responses_broadcast_change after insert or update or delete on public.tc_responses
  for each row execute function private.broadcast_row_change();

create trigger listing_checklist_items_broadcast_change after insert or update or delete on public.listing_checklist_items
  for each row execute function private.broadcast_row_change();

create trigger tc_team_messages_broadcast_change after insert or update or delete on public.tc_team_messages
  for each row execute function private.broadcast_row_change();

create trigger tc_channel_members_broadcast_change after insert or update or delete on public.tc_channel_members
  for each row execute function private.broadcast_row_change();
