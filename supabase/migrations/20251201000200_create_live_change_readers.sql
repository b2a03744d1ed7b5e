-- ---------------------------------------------------------------------------
-- Live updates, part 1 (issue 54): who hears a change to a row of the listing
-- screen's tables, decided by the database when the change happens.
--
-- Realtime's Postgres Changes checks every change against every subscriber's
-- select policies, so its cost grows with changes x subscribers. Instead, a
-- trigger (next migration) computes the readers of the changed row once and
-- sends to each reader's own topic. The readers come from the current tables
-- by the same rule as the tables' select policies, so losing access (an
-- agent unassigned, a coordinator demoted, an account deleted) stops delivery
-- with the next change.
--
-- The rule per table, as the read policies state it (docs/data-model.md):
--
--   listings                         the people on the listing, from its own agent_id / tc_id
--   notes, contracts,                the people on the listing, from the row's copies
--   contract_deadlines                 (listing_agent_id, listing_tc_id): private.is_on_listing()
--   messages                         the same, or the team of team_tc_id
--   documents                        the same, or the team, or listing_relation() on the listing itself
--   inbound_emails                   listing_relation() on the listing (its agent or coordinators)
--   tasks                            the assignee, the assignee's coordinator, the listing's
--                                      coordinators (listing_relation() = 'coordinator')
--   all of them                      super admins
--
-- The people on a listing: its agent; accounts whose role is tc that are its
-- tc_id or its agent's coordinator; super admins (role or original role).
-- The team of a coordinator X: X while its role is tc, and the accounts whose
-- role is agent assigned to X (private.current_team_id()).
--
-- Policies act for a sign-in's active account (else its oldest), so a reader
-- account is heard on its sign-in's topic only while it is the account that
-- sign-in acts as.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Indexes
-- ---------------------------------------------------------------------------

-- Every change is heard by every super admin: find them without reading all
-- accounts (the predicate is the one private.super_admin_ids() filters on).
create index users_super_admins_idx on public.users (id) where role = 'super_admin' or original_role = 'super_admin';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.super_admin_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from public.users u where u.role = 'super_admin' or u.original_role = 'super_admin'
$$;

comment on function private.super_admin_ids() is
  'Accounts with super admin rights (role or original role super_admin, as private.is_super_admin()): readers of every row of the live tables.';

revoke execute on function private.super_admin_ids() from public;

create function private.listing_coordinator_ids(listing_agent uuid, listing_tc uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id
  from public.users c
  where c.role = 'tc'
    and (c.id = listing_tc
         or c.id = (select a.assigned_tc_id from public.users a where a.id = listing_agent))
$$;

comment on function private.listing_coordinator_ids(listing_agent uuid, listing_tc uuid) is
  'The accounts that coordinate a listing with this agent and tc_id (or a row''s copies of them), read from the current accounts: acting as tc (role tc), its tc_id or its agent''s coordinator. Route 2 of the listing-people rule (private.coordinates_listing(), private.listing_relation() = ''coordinator''), seen from the listing instead of the caller.';

revoke execute on function private.listing_coordinator_ids(listing_agent uuid, listing_tc uuid) from public;

create function private.team_member_ids(team uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id
  from public.users u
  where (u.role = 'tc' and u.id = team)
     or (u.role = 'agent' and u.assigned_tc_id = team)
$$;

comment on function private.team_member_ids(team uuid) is
  'The accounts whose private.current_team_id() is this team: its coordinator while its role is tc, and the agents assigned to it. Readers of a team''s general messages and documents.';

revoke execute on function private.team_member_ids(team uuid) from public;

create function private.row_reader_ids(changed_table text, scope uuid[])
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  with listing as (
    select l.agent_id, l.tc_id
    from public.listings l
    where l.id = scope[4] and changed_table in ('documents', 'inbound_emails', 'tasks')
  )
  select coalesce(array_agg(distinct r.reader) filter (where r.reader is not null), '{}')
  from (
    select s from private.super_admin_ids() s
    -- The people on the listing, from the row's own columns (listings) or copies.
    union all
    select scope[1] where changed_table in ('listings', 'notes', 'contracts', 'contract_deadlines', 'messages', 'documents')
    union all
    select c from private.listing_coordinator_ids(scope[1], scope[2]) c
    where changed_table in ('listings', 'notes', 'contracts', 'contract_deadlines', 'messages', 'documents')
    -- The team of a general message or document.
    union all
    select m from private.team_member_ids(scope[3]) m where changed_table in ('messages', 'documents') and scope[3] is not null
    -- private.listing_relation() on the listing itself: its agent (not for tasks) and its coordinators.
    union all
    select l.agent_id from listing l where changed_table in ('documents', 'inbound_emails')
    union all
    select c from listing l, private.listing_coordinator_ids(l.agent_id, l.tc_id) c
    -- A task's assignee and the assignee's coordinator.
    union all
    select scope[5] where changed_table = 'tasks'
    union all
    select c.id
    from public.users a
    join public.users c on c.id = a.assigned_tc_id and c.role = 'tc'
    where a.id = scope[5] and changed_table = 'tasks'
  ) r(reader)
$$;

comment on function private.row_reader_ids(changed_table text, scope uuid[]) is
  'The accounts that may read a row of a live table, by the rule of that table''s select policy, from the current tables. scope = {listing agent (listings.agent_id or the row''s listing_agent_id copy), listing tc (tc_id or listing_tc_id), team_tc_id, listing id, task assignee}; nulls where the table has no such column. Used by private.broadcast_row_change() to decide who hears a change.';

revoke execute on function private.row_reader_ids(changed_table text, scope uuid[]) from public;

create function private.reader_topics(readers uuid[])
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct 'user:' || u.auth_user_id::text), '{}')
  from public.users u
  where u.id = any (readers)
    and u.id = coalesce(
      (select a.user_id from public.active_accounts a where a.auth_user_id = u.auth_user_id),
      (select o.id from public.users o where o.auth_user_id = u.auth_user_id order by o.created_at, o.id limit 1))
$$;

comment on function private.reader_topics(readers uuid[]) is
  'The private Realtime topics user:<sign-in id> of these reader accounts, one per sign-in, for accounts their sign-in acts as (its active account, else its oldest, as private.caller_context()): the policies read for that account, so only it makes the sign-in a reader.';

revoke execute on function private.reader_topics(readers uuid[]) from public;
