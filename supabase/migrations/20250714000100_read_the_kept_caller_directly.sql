-- ---------------------------------------------------------------------------
-- Helpers read the kept caller directly (issue: Scale).
--
-- The lightest requests (a count, one page) spent almost all of their RLS
-- cost in the first helper call of the request. With the policy's helper
-- replaced by a constant, an agent's unread task count answered as fast as
-- the service role's; with it, pgbench (20 clients, 100,000 listings) went
-- from 24,500 to 14,100 transactions/s. That first call entered the helper,
-- which checked four settings, entered caller_context(), which found the
-- context kept for the connection and then copied it into three transaction
-- settings (so that later helpers could skip the lookup): ~12 PL/pgSQL
-- expressions, each set up again in every transaction.
--
-- Now there is no transaction copy: every helper asks caller_context(), which
-- reads the connection's kept context by the claims' md5 and checks the
-- account generation (one setting, one sequence read; ~2 µs once set up).
-- Same pgbench: the helper call alone costs +16 µs per transaction instead
-- of +25; the unread task count runs at ~16,200-18,400 instead of 14,100
-- transactions/s; a coordinator's note count (three helper calls) at
-- ~14,200 instead of 13,150; a coordinator's agent's listings with open tasks
-- at ~5,700 instead of ~5,550 (service role ~7,300).
--
-- What the transaction copy also did is kept:
-- * An account change in the transaction is seen by its next statements:
--   the trigger moves the generation on, so the kept context no longer
--   matches and is worked out again (from the trigger, which sees the change).
-- * While another transaction changes accounts (it holds the "account
--   changes" lock), a context cannot be kept for the connection; it is now
--   kept for the transaction (a local setting of the same name), so the
--   caller is still looked up once per transaction, not once per call.
-- ---------------------------------------------------------------------------

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
  -- Session-wide when no account change is under way (the next requests on
  -- this connection use it), else for this transaction only.
  perform set_config(kept_name, generation::text || '/' || array_to_string(context, '/', ''), not keep);
  return context;
end;
$$;
comment on function private.look_up_caller(text) is
  'Looks the request''s sign-in up ({account id, role, original_role, team id, agents}: agents are a coordinator''s assigned agents, comma-separated) and keeps it in the setting kept_name with the account generation it was read at: for the connection when no account change is under way, else for the transaction. Called by caller_context() only.';

create or replace function private.caller_context()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  legacy_sub text := coalesce(current_setting('request.jwt.claim.sub', true), '');
  -- The sub's length first: no two (sub, claims) pairs give the same name.
  kept_name text := 'listingdesk.caller_kept_' || md5(length(legacy_sub)::text || '/' || legacy_sub || coalesce(current_setting('request.jwt.claims', true), ''));
  kept text[] := string_to_array(current_setting(kept_name, true), '/', '');
begin
  if kept[1]::bigint = coalesce(pg_sequence_last_value('private.account_changes'), 0) then
    return kept[2:6];
  end if;
  return private.look_up_caller(kept_name);
end;
$$;
comment on function private.caller_context() is
  'The caller as {account id, role, original_role, team id, agents} (agents: a coordinator''s assigned agents, comma-separated; nulls for anon or a sign-in without account): read from the setting kept per JWT claims (listingdesk.caller_kept_<md5>) while the account generation has not moved, else looked up and kept again (private.look_up_caller()). Policies read it through current_account_id(), current_role(), is_super_admin(), current_team_id(), is_coordinator() and coordinated_agents().';

create or replace function private.current_account_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return nullif((private.caller_context())[1], '')::uuid;
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
  return nullif((private.caller_context())[2], '');
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
  -- The role, or the original role of a super admin using the role switcher.
  return coalesce('super_admin' = any ((private.caller_context())[2:3]), false);
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
  return nullif((private.caller_context())[4], '')::uuid;
end;
$$;

create or replace function private.is_coordinator()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  return coalesce(context[2] in ('tc', 'super_admin') or context[3] = 'super_admin', false);
end;
$$;

create or replace function private.coordinated_agents()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(string_to_array(nullif((private.caller_context())[5], ''), ',')::uuid[], '{}');
end;
$$;

create or replace function private.forget_caller_context()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Every connection (this one included): the account generation moves on,
  -- so kept contexts may no longer be used.
  perform private.forget_kept_callers();
  -- This transaction: work the caller out again now, while this trigger sees
  -- the change. Left for later, the next statement's planner may do it first
  -- (it evaluates stable functions to estimate selectivity) from a snapshot
  -- taken before the change is visible, and keep the stale answer.
  perform private.caller_context();
  return null;
end;
$$;
