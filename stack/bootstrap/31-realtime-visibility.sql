-- Platform bootstrap, part 3b (local stack only): batched row visibility for
-- the local Realtime service's Postgres Changes (stack/realtime/rls.ts).
--
-- Hosted Realtime evaluates RLS inside the database too (realtime.apply_rls,
-- looping over the subscribers' claims); this is our own equivalent, kept in
-- the stack's private schema so nothing of supabase/ can depend on it.
--
-- One call answers a whole batch of changes for every subscriber: each check
-- is (query, role, claims); per check the role and request.jwt.claims are set
-- for the transaction and the query (a primary-key lookup of the batch's rows
-- of one table) runs as that subscriber, so RLS policies decide exactly as for
-- a REST read. Each query is a new execution, so `(select auth.uid())`
-- init-plans are evaluated again for each subscriber's claims. Each query is
-- prepared once per connection (named by its text) and executed per check:
-- planning the policy-expanded lookup again for every subscriber was a third
-- to a half of a check's cost (bench/realtime-fanout.ts). The plans are
-- Postgres' own plan cache: rebuilt after DDL or under another role. A check whose
-- policies raise returns its error instead of rows (the caller hides the rows:
-- fail closed) and does not affect the others.
--
-- Only the superuser (the Realtime service) may call it: it runs SQL it is
-- given and switches roles. The role is reset before it returns (and by the
-- function's own SET clause on exit).

create schema if not exists _local_stack;

create or replace function _local_stack.visible_keys(queries text[], keys jsonb[], checks jsonb)
returns table (check_index int, key jsonb, error text)
language plpgsql
volatile
-- PostgREST's default search path, so the lookups resolve names as a REST read would.
set search_path = public, extensions
as $$
declare
  c record;
  statements text[] := array[]::text[];
  -- A query that cannot be prepared fails its own checks only, as one that fails when run.
  failures text[] := array[]::text[];
begin
  for i in 1 .. coalesce(array_length(queries, 1), 0) loop
    statements[i] := 'local_stack_visible_' || md5(queries[i]);
    begin
      if not exists (select 1 from pg_prepared_statements p where p.name = statements[i]) then
        execute format('prepare %I (int, jsonb) as %s', statements[i], queries[i]);
      end if;
    exception when others then
      failures[i] := sqlerrm;
    end;
  end loop;
  for c in select t.n::int as n, (t.c ->> 'q')::int as q, t.c ->> 'role' as role, t.c ->> 'claims' as claims
             from jsonb_array_elements(checks) with ordinality as t (c, n)
  loop
    begin
      if failures[c.q] is not null then
        raise exception '%', failures[c.q];
      end if;
      perform set_config('role', c.role, true), set_config('request.jwt.claims', c.claims, true);
      return query execute format('execute %I(%s, %L)', statements[c.q], c.n, keys[c.q]);
    exception when others then
      return query select c.n, null::jsonb, sqlerrm;
    end;
  end loop;
  perform set_config('role', 'none', true);
end;
$$;

comment on function _local_stack.visible_keys(text[], jsonb[], jsonb) is
  'Local Realtime: for each check {q, role, claims} (1-based q into queries/keys), runs queries[q] with $1 = the check''s index and $2 = keys[q] as that role and claims, returning the visible keys (or the error that hid them).';

revoke all on function _local_stack.visible_keys(text[], jsonb[], jsonb) from public;
