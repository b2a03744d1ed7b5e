-- ---------------------------------------------------------------------------
-- Live updates, part 4 (issue 54): the readers of the other live screens'
-- tables. private.row_reader_ids() (…_create_live_change_readers.sql) knew
-- the listing screen's tables; it now also knows, each by the rule of its
-- select policy:
--
--   notifications                    their recipient (user_id)
--   activity_log                     the actor (user_id), the actor's coordinator,
--                                      the listing's coordinators (listing_relation() = 'coordinator')
--   tc_responses                     the coordinator and the agent between them (tc_id, agent_id)
--   listing_checklist_items          the people on the listing, from the row's copies
--                                      (listing_agent_id, listing_tc_id): private.is_on_listing()
--   tc_team_messages                 a channel's members (private.my_channel_ids()), or for the
--                                      general channel (no channel) every coordinator
--                                      (private.is_coordinator(): role tc, or a super admin)
--   tc_channel_members               the channel's members; the member the row names too, so a
--                                      member removed hears that the channel left their list
--   all of them                      super admins
--
-- The scope grows two slots, so the function is replaced whole with the same
-- signature: {listing agent, listing tc, team, listing, person, other person,
-- chat channel}. "Person" was the task's assignee; it is now the row's
-- person in general (the assignee, a notification's recipient, an activity's
-- actor, a response's coordinator, a channel member).
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
    where changed_table in ('listings', 'notes', 'contracts', 'contract_deadlines', 'messages', 'documents', 'listing_checklist_items')
    union all
    select c from private.listing_coordinator_ids(scope[1], scope[2]) c
    where changed_table in ('listings', 'notes', 'contracts', 'contract_deadlines', 'messages', 'documents', 'listing_checklist_items')
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
