-- ---------------------------------------------------------------------------
-- The caller context outlives the request on its connection (issue: Scale).
--
-- private.caller_context() worked the caller out once per transaction: every
-- API request paid for its lookup (~80 µs of database CPU, measured per
-- transaction, against ~8 µs for each further helper call), which is most of
-- what RLS costs a light request. Now a connection also keeps each sign-in's
-- context it has worked out, in a session setting named after the request's
-- JWT claims, together with the account generation it was worked out at: the
-- value of private.account_changes, which every statement changing users or
-- active_accounts moves on. A later request with the same claims on the same
-- connection uses the kept context while the generation has not moved: one
-- sequence read instead of the lookup. Any change to any account makes every
-- connection work its callers out again.
--
-- Why a kept context is never older than the accounts (the order of events):
-- * A writer takes the shared advisory lock "account changes" before it moves
--   the generation, and holds it until its transaction has ended; a lock is
--   released only after the commit is visible to new snapshots.
-- * A connection keeps a context only if, after reading the generation, it
--   finds nobody holding that lock (it takes it exclusively for an instant,
--   never waiting). Every writer that moved the generation before the read has
--   then committed (or rolled back), and the lookup, in a snapshot taken
--   after that, sees its change. A writer that moves it later makes the kept
--   context stale-marked before its change can be seen.
-- * Only read committed transactions keep contexts (a repeatable read
--   snapshot may predate the check), and a setting made in a transaction that
--   rolls back is rolled back with it.
-- Within a transaction nothing changes: the context is still kept in the
-- transaction-local listingdesk.caller_* settings, worked out again at once
-- when accounts change in it (forget_caller_context()).
-- ---------------------------------------------------------------------------

create sequence private.account_changes;
comment on sequence private.account_changes is
  'The account generation: moved on by every statement that changes users or active_accounts (private.forget_kept_callers()). A connection''s kept caller contexts are valid while it has not moved.';
revoke all on sequence private.account_changes from public, anon, authenticated, service_role;

create function private.forget_kept_callers()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- Held until this transaction ends, so no connection keeps a context worked
  -- out before this transaction's change is visible (see look_up_caller()).
  perform pg_advisory_xact_lock_shared(hashtext('listingdesk'), hashtext('account changes'));
  perform nextval('private.account_changes');
end;
$$;
comment on function private.forget_kept_callers() is
  'Moves the account generation on, holding the shared "account changes" advisory lock until the transaction ends: every connection works its callers out again. Called by the account-change triggers (and by bulk loads that run without triggers).';
revoke execute on function private.forget_kept_callers() from public, anon, authenticated, service_role;

create function private.look_up_caller(kept_name text)
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
  -- One statement: the active account of the sign-in, else its oldest.
  select array[u.id::text, u.role, u.original_role, (case u.role when 'tc' then u.id when 'agent' then u.assigned_tc_id end)::text]
    into context
  from public.users u
  where sign_in is not null
    and u.id = coalesce(
      (select a.user_id from public.active_accounts a where a.auth_user_id = sign_in),
      (select o.id from public.users o where o.auth_user_id = sign_in order by o.created_at, o.id limit 1));
  context := coalesce(context, array[null, null, null, null]::text[]);
  if keep then
    -- Session-wide (not local): the next requests on this connection use it.
    perform set_config(kept_name, generation::text || '/' || array_to_string(context, '/', ''), false);
  end if;
  return context;
end;
$$;
comment on function private.look_up_caller(text) is
  'Looks the request''s sign-in up ({account id, role, original_role, team id}) and, when no account change is under way, keeps it in the session setting kept_name with the account generation it was read at. Called by caller_context() only.';
-- Only caller_context() (its owner) calls it.
revoke execute on function private.look_up_caller(text) from public, anon, authenticated, service_role;

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
  if private.caller_is_kept() then
    return array[
      nullif(current_setting('listingdesk.caller_account', true), ''),
      nullif(current_setting('listingdesk.caller_role', true), ''),
      nullif(current_setting('listingdesk.caller_original_role', true), ''),
      nullif(current_setting('listingdesk.caller_team', true), '')];
  end if;
  -- {generation, account, role, original_role, team} kept by an earlier request on this connection.
  kept_name := 'listingdesk.kept_' || md5(legacy_sub || '/' || claims);
  kept := string_to_array(current_setting(kept_name, true), '/', '');
  if kept[1]::bigint = coalesce(pg_sequence_last_value('private.account_changes'), 0) then
    context := kept[2:5];
  else
    context := private.look_up_caller(kept_name);
  end if;
  perform set_config('listingdesk.caller_account', coalesce(context[1], ''), true),
          set_config('listingdesk.caller_role', coalesce(context[2], ''), true),
          set_config('listingdesk.caller_original_role', coalesce(context[3], ''), true),
          set_config('listingdesk.caller_team', coalesce(context[4], ''), true),
          -- The claims last: a reader that sees them matching finds the fields already set.
          set_config('listingdesk.caller_sub', legacy_sub, true),
          set_config('listingdesk.caller_claims', claims, true);
  return context;
end;
$$;
comment on function private.caller_context() is
  'The caller as {account id, role, original_role, team id} (nulls for anon or a sign-in without account): kept for the transaction in the listingdesk.caller_* settings, and for the connection per JWT claims while the account generation has not moved (private.look_up_caller()). Policies read it through current_account_id(), current_role(), is_super_admin(), current_team_id(), is_coordinator().';

create or replace function private.forget_caller_context()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Every connection: their kept contexts may describe the changed accounts.
  perform private.forget_kept_callers();
  -- This transaction: work the caller out again now, while this trigger sees
  -- the change. Left for later, the next statement's planner may do it first
  -- (it evaluates stable functions to estimate selectivity) from a snapshot
  -- taken before the change is visible, and the stale answer would be kept
  -- (ensure_account() answered "no account" right after creating it).
  perform set_config('listingdesk.caller_claims', chr(1), true);
  perform private.caller_context();
  return null;
end;
$$;
comment on function private.forget_caller_context() is
  'Statement trigger on users and active_accounts: a change to accounts moves the account generation on (every connection works its callers out again) and works this transaction''s caller out again from the changed rows.';

-- Truncating is a change to accounts too.
drop trigger forget_caller_context on public.users;
create trigger forget_caller_context
after insert or update or delete or truncate on public.users
for each statement execute function private.forget_caller_context();

drop trigger forget_caller_context on public.active_accounts;
create trigger forget_caller_context
after insert or update or delete or truncate on public.active_accounts
for each statement execute function private.forget_caller_context();
