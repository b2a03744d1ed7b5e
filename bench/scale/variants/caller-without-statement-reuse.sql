-- The baseline's caller (variant A: the helpers of one statement of a
-- transaction that has written nothing share the first lookup, kept in a
-- transaction-local setting keyed by the statement's start) against the
-- plainest caller (variant B: every helper call looks the caller up in the
-- tables, no setting at all): whether the reuse buys a visible win.
--
--   npm run bench -- scale --variants bench/scale/variants/caller-without-statement-reuse.sql

-- setup
create table private.bench_baseline_caller_reuse as
  select pg_get_functiondef('private.caller_context()'::regprocedure) as definition;

-- variant statement-reuse
do $$ begin execute (select definition from private.bench_baseline_caller_reuse); end $$;

-- variant plain-lookup
create or replace function private.caller_context()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  sign_in uuid := auth.uid();
  context text[];
begin
  select array[u.id::text, u.role, u.original_role, (case u.role when 'tc' then u.id when 'agent' then u.assigned_tc_id end)::text,
               case when u.role = 'tc' then (select string_agg(a.id::text, ',') from public.users a where a.assigned_tc_id = u.id) end]
    into context
  from public.users u
  where sign_in is not null
    and u.id = coalesce(
      (select a.user_id from public.active_accounts a where a.auth_user_id = sign_in),
      (select o.id from public.users o where o.auth_user_id = sign_in order by o.created_at, o.id limit 1));
  return coalesce(context, array[null, null, null, null, null]::text[]);
end;
$$;
