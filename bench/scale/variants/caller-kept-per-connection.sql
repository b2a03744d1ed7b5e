-- The caller looked up per statement (the baseline, variant A) against the
-- caller kept per connection across requests (variant B: the mechanism the
-- baseline replaced, as in 20250714000100_read_the_kept_caller_directly.sql
-- of commit ce9a1bd, without its triggers: the bench changes no account).
-- Everything else is the baseline's; only private.caller_context() switches.
--
--   npm run bench -- scale --variants bench/scale/variants/caller-kept-per-connection.sql

-- setup
create sequence private.account_changes;
create table private.bench_baseline_caller as
  select pg_get_functiondef('private.caller_context()'::regprocedure) as definition;
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

-- variant per-statement
do $$ begin execute (select definition from private.bench_baseline_caller); end $$;

-- variant kept-per-connection
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
