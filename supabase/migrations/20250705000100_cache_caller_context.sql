-- ---------------------------------------------------------------------------
-- The access helpers every policy calls, made cheap enough to run on every
-- request at scale (issue: Scale). Same answers as before; what changes:
--
-- * The caller (account, role, original role, team) is worked out once per
--   transaction, i.e. once per API request, by private.caller_context() and
--   kept in the transaction-local setting listingdesk.caller_context, keyed
--   by the request's JWT claims. Before, every policy of every table called
--   current_account_id() again (two lookups and a JSON parse each time).
--   Any change to users or active_accounts in the transaction forgets it
--   (triggers below), so a role switch or assignment is seen at once; a
--   different sign-in in the same transaction (Realtime's checks) has
--   different claims and therefore its own entry.
-- * PL/pgSQL instead of SQL: a security definer SQL function is never
--   inlined, so its statements were planned on every call; PL/pgSQL keeps its
--   plans for the life of the connection.
-- * The listing sets are unions of index scans (agent_id, tc_id, the agents'
--   listings) instead of one OR over every listing, which no index serves.
-- ---------------------------------------------------------------------------

create function private.caller_context()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- The key is the claims themselves (legacy PostgREST also sets the sub alone):
  -- comparing them is cheaper than hashing them on every helper call.
  claims_key text := coalesce(current_setting('request.jwt.claims', true), '') || '/' || coalesce(current_setting('request.jwt.claim.sub', true), '') || chr(1);
  cached text := current_setting('listingdesk.caller_context', true);
  sign_in uuid;
  context text[];
begin
  if cached is not null and starts_with(cached, claims_key) then
    return string_to_array(substr(cached, length(claims_key) + 1), '|', '');
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
  perform set_config('listingdesk.caller_context', claims_key || array_to_string(context, '|', ''), true);
  return context;
end;
$$;
comment on function private.caller_context() is
  'The caller as {account id, role, original_role, team id} (nulls for anon or a sign-in without account), computed once per transaction and JWT claims. Read it through current_account_id(), current_role(), is_super_admin(), current_team_id().';

create function private.forget_caller_context()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('listingdesk.caller_context', '', true);
  return null;
end;
$$;
comment on function private.forget_caller_context() is
  'Statement trigger on users and active_accounts: a change to accounts in this transaction (role switch, assignment, new account) drops the cached caller context.';

create trigger forget_caller_context
after insert or update or delete on public.users
for each statement execute function private.forget_caller_context();

create trigger forget_caller_context
after insert or update or delete on public.active_accounts
for each statement execute function private.forget_caller_context();

create or replace function private.current_account_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (private.caller_context())[1]::uuid;
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
  return (private.caller_context())[2];
end;
$$;

create or replace function private.is_super_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
begin
  return coalesce('super_admin' in (context[2], context[3]), false);
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
  return (private.caller_context())[4]::uuid;
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

create or replace function private.coordinated_agent_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
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
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  my_role text := context[2];
begin
  if me is null then
    return;
  end if;
  return query select l.id from public.listings l where l.agent_id = me;
  if my_role = 'tc' then
    return query select l.id from public.listings l where l.tc_id = me;
    return query select l.id from public.listings l join public.users u on u.id = l.agent_id where u.assigned_tc_id = me;
  end if;
end;
$$;

create or replace function private.my_channel_ids(admin_only boolean default false)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
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
