-- ---------------------------------------------------------------------------
-- The access helpers every policy calls, made cheap enough to run on every
-- request at scale (issue: Scale). Same answers as before; what changes:
--
-- * The caller (account, role, original role, team) is worked out once per
--   transaction, i.e. once per API request, by private.caller_context() and
--   kept in transaction-local settings together with the JWT claims it was
--   worked out for. Before, every policy of every table called
--   current_account_id() again (two lookups and a JSON parse each time).
--   Any change to users or active_accounts in the transaction forgets it
--   (triggers below), so a role switch or assignment is seen at once; a
--   different sign-in in the same transaction (Realtime's checks) has
--   different claims, so the context is worked out again for it.
-- * PL/pgSQL instead of SQL: a security definer SQL function is never
--   inlined, so its statements were planned on every call; PL/pgSQL keeps its
--   plans for the life of the connection. The helpers whose statements take
--   the caller as a parameter also set plan_cache_mode = force_generic_plan:
--   left to choose, Postgres made a custom plan for every call (the caller
--   lookup cost ~0.15 ms per request instead of ~0.05 ms).
-- * The listing sets are unions of index scans (agent_id, tc_id, the agents'
--   listings) instead of one OR over every listing, which no index serves.
-- ---------------------------------------------------------------------------

-- The kept context is five transaction-local settings: the claims it was
-- worked out for (listingdesk.caller_claims, listingdesk.caller_sub) and its
-- fields (listingdesk.caller_account, caller_role, caller_original_role,
-- caller_team). A helper compares the request's claims with the kept ones and
-- reads its one field: no string building or splitting on the way, since
-- every policy of every query calls these helpers.

create function private.caller_is_kept()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- A setting never set reads as null, and as '' once its transaction has ended:
  -- both mean "no claims" (auth.uid() is null either way).
  return coalesce(current_setting('request.jwt.claims', true), '') = coalesce(current_setting('listingdesk.caller_claims', true), '')
     and coalesce(current_setting('request.jwt.claim.sub', true), '') = coalesce(current_setting('listingdesk.caller_sub', true), '');
end;
$$;
comment on function private.caller_is_kept() is
  'True when the listingdesk.caller_* settings were worked out by caller_context() for this request''s JWT claims (request.jwt.claims and the legacy request.jwt.claim.sub).';

create function private.caller_context()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  sign_in uuid;
  context text[];
begin
  if private.caller_is_kept() then
    return array[
      nullif(current_setting('listingdesk.caller_account', true), ''),
      nullif(current_setting('listingdesk.caller_role', true), ''),
      nullif(current_setting('listingdesk.caller_original_role', true), ''),
      nullif(current_setting('listingdesk.caller_team', true), '')];
  end if;
  sign_in := auth.uid();
  -- One statement: the active account of the sign-in, else its oldest.
  select array[u.id::text, u.role, u.original_role, (case u.role when 'tc' then u.id when 'agent' then u.assigned_tc_id end)::text]
    into context
  from public.users u
  where sign_in is not null
    and u.id = coalesce(
      (select a.user_id from public.active_accounts a where a.auth_user_id = sign_in),
      (select o.id from public.users o where o.auth_user_id = sign_in order by o.created_at, o.id limit 1));
  context := coalesce(context, array[null, null, null, null]::text[]);
  perform set_config('listingdesk.caller_account', coalesce(context[1], ''), true),
          set_config('listingdesk.caller_role', coalesce(context[2], ''), true),
          set_config('listingdesk.caller_original_role', coalesce(context[3], ''), true),
          set_config('listingdesk.caller_team', coalesce(context[4], ''), true),
          -- The claims last: a reader that sees them matching finds the fields already set.
          set_config('listingdesk.caller_sub', coalesce(current_setting('request.jwt.claim.sub', true), ''), true),
          set_config('listingdesk.caller_claims', coalesce(current_setting('request.jwt.claims', true), ''), true);
  return context;
end;
$$;
comment on function private.caller_context() is
  'The caller as {account id, role, original_role, team id} (nulls for anon or a sign-in without account), computed once per transaction and JWT claims and kept in the listingdesk.caller_* settings. Policies read it through current_account_id(), current_role(), is_super_admin(), current_team_id(), is_coordinator().';

create function private.forget_caller_context()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- chr(1) matches no claims, so caller_context() works the caller out again,
  -- and does it now, while this trigger sees the change. Left for later, the
  -- next statement's planner may do it first (it evaluates stable functions to
  -- estimate selectivity) from a snapshot taken before the change is visible,
  -- and the stale answer would be kept (ensure_account() answered "no account"
  -- right after creating it).
  perform set_config('listingdesk.caller_claims', chr(1), true);
  perform private.caller_context();
  return null;
end;
$$;
comment on function private.forget_caller_context() is
  'Statement trigger on users and active_accounts: a change to accounts in this transaction (role switch, assignment, new account) works the kept caller context out again from the changed rows.';

create trigger forget_caller_context
after insert or update or delete on public.users
for each statement execute function private.forget_caller_context();

create trigger forget_caller_context
after insert or update or delete on public.active_accounts
for each statement execute function private.forget_caller_context();

-- Each helper makes sure the kept context is this request's (caller_context()
-- works it out otherwise) and reads its field.

create or replace function private.current_account_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.caller_is_kept() then
    perform private.caller_context();
  end if;
  return nullif(current_setting('listingdesk.caller_account', true), '')::uuid;
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
  if not private.caller_is_kept() then
    perform private.caller_context();
  end if;
  return nullif(current_setting('listingdesk.caller_role', true), '');
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
  if not private.caller_is_kept() then
    perform private.caller_context();
  end if;
  return coalesce('super_admin' in (current_setting('listingdesk.caller_role', true), current_setting('listingdesk.caller_original_role', true)), false);
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
  if not private.caller_is_kept() then
    perform private.caller_context();
  end if;
  return nullif(current_setting('listingdesk.caller_team', true), '')::uuid;
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
  if not private.caller_is_kept() then
    perform private.caller_context();
  end if;
  return current_setting('listingdesk.caller_role', true) in ('tc', 'super_admin')
    or current_setting('listingdesk.caller_original_role', true) = 'super_admin';
end;
$$;

create or replace function private.coordinated_agent_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  my_role text := context[2];
begin
  if my_role = 'tc' then
    return query select u.id from public.users u where u.assigned_tc_id = me;
  end if;
end;
$$;

create or replace function private.coordinated_listing_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  my_role text := context[2];
begin
  if my_role = 'tc' then
    -- Two index scans; a listing in both is returned twice, which IN does not mind.
    return query select l.id from public.listings l where l.tc_id = me;
    return query select l.id from public.listings l join public.users u on u.id = l.agent_id where u.assigned_tc_id = me;
  end if;
end;
$$;

create or replace function private.accessible_listing_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  me uuid := private.current_account_id();
begin
  if me is null then
    return;
  end if;
  return query select l.id from public.listings l where l.agent_id = me;
  -- Acting as tc, also the listings they coordinate (none otherwise).
  return query select private.coordinated_listing_ids();
end;
$$;

create or replace function private.my_channel_ids(admin_only boolean default false)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  me uuid := private.current_account_id();
begin
  return query
    select m.channel_id from public.tc_channel_members m
    where m.tc_id = me and (not admin_only or m.role = 'admin');
end;
$$;

create or replace function private.managed_channel_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  me uuid := private.current_account_id();
begin
  return query
    select c.id from public.tc_channels c where c.created_by_id = me
    union
    select m.channel_id from public.tc_channel_members m where m.tc_id = me and m.role = 'admin';
end;
$$;
