-- ---------------------------------------------------------------------------
-- Live updates for parties and their messages (issue 55): a listing's
-- parties (listing_parties) and its messages to them (party_messages) are
-- read by the people on the listing, from the rows' copies of the listing's
-- agent and coordinator, like notes and checklist items. private.row_reader_ids()
-- and private.broadcast_row_change() are replaced whole with the two tables
-- added to the listing-copies branches, and each table gets the two broadcast
-- triggers (insert or delete; an update that changes a column but updated_at),
-- so the Parties tab, the listing's messages for parties and the Outbox follow
-- changes as they happen. Contacts are a team's book, read through the
-- parties that name them: a contact's change reaches the screens through its
-- parties' listings' refetch, not a topic of its own.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function private.row_reader_ids(changed_table text, scope uuid[])
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  with listing as (
    select l.agent_id, l.tc_id
    from public.listings l
    where l.id = scope[4] and changed_table in ('documents', 'inbound_emails', 'tasks', 'activity_log')
  )
  select coalesce(array_agg(distinct r.reader) filter (where r.reader is not null), '{}')
  from (
    select s from private.super_admin_ids() s
    -- The people on the listing, from the row's own columns (listings) or copies.
    union all
    select scope[1]
    where changed_table in ('listings', 'notes', 'contracts', 'contract_deadlines', 'messages', 'documents', 'listing_checklist_items',
      'listing_parties', 'party_messages')
    union all
    select c from private.listing_coordinator_ids(scope[1], scope[2]) c
    where changed_table in ('listings', 'notes', 'contracts', 'contract_deadlines', 'messages', 'documents', 'listing_checklist_items',
      'listing_parties', 'party_messages')
    -- The team of a general message or document.
    union all
    select m from private.team_member_ids(scope[3]) m where changed_table in ('messages', 'documents') and scope[3] is not null
    -- private.listing_relation() on the listing itself: its agent (documents and mail) and its coordinators.
    union all
    select l.agent_id from listing l where changed_table in ('documents', 'inbound_emails')
    union all
    select c from listing l, private.listing_coordinator_ids(l.agent_id, l.tc_id) c
    -- The row's person: a task's assignee, a notification's recipient, an activity's actor,
    -- a response's coordinator, a channel member.
    union all
    select scope[5] where changed_table in ('tasks', 'notifications', 'activity_log', 'tc_responses', 'tc_channel_members')
    -- The coordinator of a task's assignee or an activity's actor (private.coordinated_agents()).
    union all
    select c.id
    from public.users a
    join public.users c on c.id = a.assigned_tc_id and c.role = 'tc'
    where a.id = scope[5] and changed_table in ('tasks', 'activity_log')
    -- A response's agent.
    union all
    select scope[6] where changed_table = 'tc_responses'
    -- A chat channel's members (private.my_channel_ids()).
    union all
    select m.tc_id from public.tc_channel_members m
    where m.channel_id = scope[7] and changed_table in ('tc_team_messages', 'tc_channel_members')
    -- The general channel: every coordinator (private.is_coordinator(); super admins above).
    union all
    select u.id from public.users u
    where u.role = 'tc' and changed_table = 'tc_team_messages' and scope[7] is null
  ) r(reader)
$$;

comment on function private.row_reader_ids(changed_table text, scope uuid[]) is
  'The accounts that may read a row of a live table, by the rule of that table''s select policy, from the current tables. scope = {listing agent (listings.agent_id or the row''s listing_agent_id copy), listing tc (tc_id or listing_tc_id), team_tc_id, listing id, the row''s person (task assignee, notification recipient, activity actor, response coordinator, channel member), other person (response agent), chat channel (null: the general channel)}; nulls where the table has no such column. A channel membership also tells the member it names. Used by private.broadcast_row_change() to decide who hears a change.';

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
    elsif tg_table_name in ('notes', 'contracts', 'contract_deadlines', 'listing_checklist_items', 'listing_parties', 'party_messages') then
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

create trigger listing_parties_broadcast_insert_delete after insert or delete on public.listing_parties
  for each row execute function private.broadcast_row_change();

create trigger listing_parties_broadcast_update after update on public.listing_parties
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger listing_parties_broadcast_update on public.listing_parties is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs.';

create trigger party_messages_broadcast_insert_delete after insert or delete on public.party_messages
  for each row execute function private.broadcast_row_change();

create trigger party_messages_broadcast_update after update on public.party_messages
  for each row when (to_jsonb(old) - 'updated_at' is distinct from to_jsonb(new) - 'updated_at') execute function private.broadcast_row_change();

comment on trigger party_messages_broadcast_update on public.party_messages is
  'Tells the readers of a changed row (private.broadcast_row_change()) when any column but updated_at differs.';
