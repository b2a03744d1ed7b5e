-- ---------------------------------------------------------------------------
-- Policies read the caller in fewer function calls (issue: Scale).
--
-- What RLS still cost at 100,000 listings was the helpers' calls, not the
-- row checks: with the helpers replaced by constants, RLS reads answered as
-- fast as the service role's. Each helper referenced by a policy is an
-- InitPlan that enters a PL/pgSQL security definer function: ~10 µs of setup
-- per reference and request, whatever the function does (measured with
-- pgbench, one client, on a coordinator's "agent's listings + open tasks":
-- 167 µs of RLS cost per request, spent in 21 function entries). Three
-- changes, same answers:
--
-- * Coordinated agents are part of the kept caller context. A coordinator's
--   agents (users assigned to them) were a set-returning function that ran a
--   query on users in every request whose policy reached it (~50 µs). They
--   are now worked out with the caller, kept with it per connection and
--   transaction (so forgotten on the same account changes: assigning an
--   agent changes users), and read by private.coordinated_agents() as an
--   array: policies test `agent_id = any (...)`.
-- * Each helper checks the kept context itself instead of calling
--   caller_is_kept(), and caller_context() keeps it in three settings instead
--   of six: the first helper of a request enters two functions instead of
--   four, every further one a single function.
-- * Select policies test the caller's own rows first and "is a super admin"
--   last: a condition after one that holds is never evaluated, and its
--   InitPlan never runs. Agents and coordinators, whose rows match the first
--   conditions, no longer pay for the super admin check; super admins pay for
--   the cheap column tests before theirs.
-- Together (pgbench, one client, small database, three runs each): that
-- request's statement costs +73-99 µs under RLS instead of +127-142; a
-- notification count, whose policy already ended with the super admin test,
-- stays within the noise (+26-38 µs). At 100,000 listings under 20 clients
-- the request's database CPU fell from 939 to 650 µs (service role ~460-610).
-- ---------------------------------------------------------------------------

-- The kept context, per transaction: listingdesk.caller holds
-- "account/role/original_role/team/agents" (empty fields for nulls; agents
-- comma-separated), listingdesk.caller_claims and listingdesk.caller_sub the
-- claims (request.jwt.claims, request.jwt.claim.sub) it was worked out for.
-- Per connection: listingdesk.caller_kept_<md5 of the claims> holds
-- "generation/account/role/original_role/team/agents". The name differs from
-- the one before (listingdesk.kept_*), so a connection never reads a context
-- kept without agents.

create or replace function private.look_up_caller(kept_name text)
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  -- Read before checking the lock and before the lookup's snapshot.
  generation bigint := coalesce(pg_sequence_last_value('private.account_changes'), 0);
  sign_in uuid := auth.uid();
  keep boolean := false;
  context text[];
begin
  if current_setting('transaction_isolation') = 'read committed'
     and pg_try_advisory_lock(hashtext('listingdesk'), hashtext('account changes')) then
    perform pg_advisory_unlock(hashtext('listingdesk'), hashtext('account changes'));
    keep := true;
  end if;
  -- A volatile function's statement takes a new snapshot (read committed):
  -- it sees every change committed before the lock check.
  -- One statement: the active account of the sign-in, else its oldest, and a
  -- coordinator's agents.
  select array[u.id::text, u.role, u.original_role, (case u.role when 'tc' then u.id when 'agent' then u.assigned_tc_id end)::text,
               case when u.role = 'tc' then (select string_agg(a.id::text, ',') from public.users a where a.assigned_tc_id = u.id) end]
    into context
  from public.users u
  where sign_in is not null
    and u.id = coalesce(
      (select a.user_id from public.active_accounts a where a.auth_user_id = sign_in),
      (select o.id from public.users o where o.auth_user_id = sign_in order by o.created_at, o.id limit 1));
  context := coalesce(context, array[null, null, null, null, null]::text[]);
  if keep then
    -- Session-wide (not local): the next requests on this connection use it.
    perform set_config(kept_name, generation::text || '/' || array_to_string(context, '/', ''), false);
  end if;
  return context;
end;
$$;
comment on function private.look_up_caller(text) is
  'Looks the request''s sign-in up ({account id, role, original_role, team id, agents}: agents are a coordinator''s assigned agents, comma-separated) and, when no account change is under way, keeps it in the session setting kept_name with the account generation it was read at. Called by caller_context() only.';

create or replace function private.caller_context()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  claims text := coalesce(current_setting('request.jwt.claims', true), '');
  legacy_sub text := coalesce(current_setting('request.jwt.claim.sub', true), '');
  kept_name text;
  kept text[];
  context text[];
begin
  if claims = current_setting('listingdesk.caller_claims', true) and legacy_sub = current_setting('listingdesk.caller_sub', true) then
    return string_to_array(current_setting('listingdesk.caller', true), '/', '');
  end if;
  -- The sub's length first: no two (sub, claims) pairs give the same name.
  kept_name := 'listingdesk.caller_kept_' || md5(length(legacy_sub)::text || '/' || legacy_sub || claims);
  kept := string_to_array(current_setting(kept_name, true), '/', '');
  if kept[1]::bigint = coalesce(pg_sequence_last_value('private.account_changes'), 0) then
    context := kept[2:6];
  else
    context := private.look_up_caller(kept_name);
  end if;
  perform set_config('listingdesk.caller', array_to_string(context, '/', ''), true),
          -- The claims last: they say the context above is this request's.
          set_config('listingdesk.caller_sub', legacy_sub, true),
          set_config('listingdesk.caller_claims', claims, true);
  return context;
end;
$$;
comment on function private.caller_context() is
  'The caller as {account id, role, original_role, team id, agents} (agents: a coordinator''s assigned agents, comma-separated; nulls for anon or a sign-in without account): kept for the transaction in the listingdesk.caller setting with the claims it belongs to (listingdesk.caller_claims, listingdesk.caller_sub), and for the connection per JWT claims while the account generation has not moved (private.look_up_caller()). Policies read it through current_account_id(), current_role(), is_super_admin(), current_team_id(), is_coordinator() and coordinated_agents().';

-- Each helper: when the kept context is not this request's (other claims, or
-- a new transaction), caller_context() works it out; then it reads its field.
-- The check is written out in each (not a shared function): calling one is
-- the cost this migration removes.

create or replace function private.current_account_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (coalesce(current_setting('request.jwt.claims', true), '') = current_setting('listingdesk.caller_claims', true)
          and coalesce(current_setting('request.jwt.claim.sub', true), '') = current_setting('listingdesk.caller_sub', true)) is true then
    perform private.caller_context();
  end if;
  return nullif(split_part(current_setting('listingdesk.caller', true), '/', 1), '')::uuid;
end;
$$;

create or replace function private.current_role()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (coalesce(current_setting('request.jwt.claims', true), '') = current_setting('listingdesk.caller_claims', true)
          and coalesce(current_setting('request.jwt.claim.sub', true), '') = current_setting('listingdesk.caller_sub', true)) is true then
    perform private.caller_context();
  end if;
  return nullif(split_part(current_setting('listingdesk.caller', true), '/', 2), '');
end;
$$;

create or replace function private.is_super_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (coalesce(current_setting('request.jwt.claims', true), '') = current_setting('listingdesk.caller_claims', true)
          and coalesce(current_setting('request.jwt.claim.sub', true), '') = current_setting('listingdesk.caller_sub', true)) is true then
    perform private.caller_context();
  end if;
  return 'super_admin' in (split_part(current_setting('listingdesk.caller', true), '/', 2), split_part(current_setting('listingdesk.caller', true), '/', 3));
end;
$$;

create or replace function private.current_team_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (coalesce(current_setting('request.jwt.claims', true), '') = current_setting('listingdesk.caller_claims', true)
          and coalesce(current_setting('request.jwt.claim.sub', true), '') = current_setting('listingdesk.caller_sub', true)) is true then
    perform private.caller_context();
  end if;
  return nullif(split_part(current_setting('listingdesk.caller', true), '/', 4), '')::uuid;
end;
$$;

create or replace function private.is_coordinator()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (coalesce(current_setting('request.jwt.claims', true), '') = current_setting('listingdesk.caller_claims', true)
          and coalesce(current_setting('request.jwt.claim.sub', true), '') = current_setting('listingdesk.caller_sub', true)) is true then
    perform private.caller_context();
  end if;
  return split_part(current_setting('listingdesk.caller', true), '/', 2) in ('tc', 'super_admin')
    or split_part(current_setting('listingdesk.caller', true), '/', 3) = 'super_admin';
end;
$$;

create function private.coordinated_agents()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (coalesce(current_setting('request.jwt.claims', true), '') = current_setting('listingdesk.caller_claims', true)
          and coalesce(current_setting('request.jwt.claim.sub', true), '') = current_setting('listingdesk.caller_sub', true)) is true then
    perform private.caller_context();
  end if;
  return coalesce(string_to_array(nullif(split_part(current_setting('listingdesk.caller', true), '/', 5), ''), ',')::uuid[], '{}');
end;
$$;
comment on function private.coordinated_agents() is
  'The agents assigned to the caller when acting as tc (users.assigned_tc_id), as an array; empty for everyone else. Read from the kept caller context (private.caller_context()), so it costs no query: policies test `column = any ((select private.coordinated_agents())::uuid[])`.';
revoke execute on function private.coordinated_agents() from public, anon;
grant execute on function private.coordinated_agents() to authenticated, service_role;

-- Still used by functions that join on it (workflow scope, listing stats...).
create or replace function private.coordinated_agent_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query select unnest(private.coordinated_agents());
end;
$$;
comment on function private.coordinated_agent_ids() is
  'The agents assigned to the caller when acting as tc, as a set (private.coordinated_agents() unnested); empty for everyone else.';

-- private.forget_caller_context() (the account-change trigger) needs no
-- change: it still marks listingdesk.caller_claims as matching no request.

-- caller_is_kept() read the settings of the context before this migration.
drop function private.caller_is_kept();

-- ---------------------------------------------------------------------------
-- Select policies: own rows first, the agents' rows next, super admins last.
-- `(select ...)::uuid[]` is an expression, so `= any` compares with its
-- elements (without the cast, `= any (select ...)` would be a subquery).
-- ---------------------------------------------------------------------------

alter policy "Agents can read their listings, coordinators their agents' listings, super admins all" on public.listings
using (
  agent_id = (select private.current_account_id())
  or tc_id = (select private.current_account_id())
  or agent_id = any ((select private.coordinated_agents())::uuid[])
  or (select private.is_super_admin())
);

alter policy "Agents can read tasks assigned to them and coordinators their listings' tasks" on public.tasks
using (
  assigned_to_id = (select private.current_account_id())
  or assigned_to_id = any ((select private.coordinated_agents())::uuid[])
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
  or (select private.is_super_admin())
);

alter policy "Users can read their activity and coordinators their agents' activity" on public.activity_log
using (
  user_id = (select private.current_account_id())
  or user_id = any ((select private.coordinated_agents())::uuid[])
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
  or (select private.is_super_admin())
);

alter policy "People on a listing can read its notes" on public.notes
using (
  listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

alter policy "People on a listing or team can read its messages" on public.messages
using (
  team_tc_id = (select private.current_team_id())
  or listing_agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc'
      and (listing_tc_id = (select private.current_account_id())
           or listing_agent_id = any ((select private.coordinated_agents())::uuid[])))
  or (select private.is_super_admin())
);

alter policy "People on a listing or team can read its documents" on public.documents
using (
  team_tc_id = (select private.current_team_id())
  or private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
);

alter policy "People on a listing can read its received mail" on public.inbound_emails
using (
  private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) is not null
  or (select private.is_super_admin())
);

alter policy "Coordinators can read research of listings they coordinate" on public.property_research
using (
  private.listing_relation(listing_id, (select private.current_account_id()), (select private.current_role())) = 'coordinator'
  or (select private.is_super_admin())
);

alter policy "Coordinators and agents can read responses between them" on public.tc_responses
using (
  tc_id = (select private.current_account_id())
  or agent_id = (select private.current_account_id())
  or (select private.is_super_admin())
);

alter policy "Team members can read their team's folders" on public.folders
using (
  team_tc_id = (select private.current_team_id())
  or (select private.is_super_admin())
);

alter policy "Users can read their accounts and team, tcs other tcs, super admins all" on public.users
using (
  auth_user_id = (select auth.uid())
  or id = (select private.current_team_id())
  or assigned_tc_id = (select private.current_team_id())
  or ((select private.current_role()) = 'tc' and role = 'tc')
  or (select private.is_super_admin())
);
