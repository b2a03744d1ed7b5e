-- ---------------------------------------------------------------------------
-- The admin console's whole-brokerage counts kept up to date by statement
-- triggers, so admin_stats() and the listing tab's total read one small
-- table instead of counting 100,000 listings on every visit (issue: Scale).
-- Statement-level triggers with transition tables: a bulk insert or delete
-- updates each counter once, not once per row.
-- ---------------------------------------------------------------------------

create table private.table_counts (
  counter text primary key,
  value bigint not null default 0
);
comment on table private.table_counts is
  'Running counts of whole tables for admin_stats(): users, users:<role>, listings, listings:<status>, invitations. Kept by private.count_rows(); private.recount_tables() rebuilds them.';
comment on column private.table_counts.counter is 'What is counted: a table name, or table:value for rows with that role or status.';
comment on column private.table_counts.value is 'How many rows there are now.';
-- Only the security definer functions below read or write it (as its owner).
alter table private.table_counts enable row level security;
revoke all on private.table_counts from public, anon, authenticated;
-- Not granted anyway; the explicit deny documents intent if a grant ever slips in.
create policy "Nobody can read table counts through the API" on private.table_counts
  for select to authenticated using (false);

create function private.recount_tables()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.table_counts;
  insert into private.table_counts (counter, value)
  select 'users', count(*) from public.users
  union all select 'users:' || u.role, count(*) from public.users u group by u.role
  union all select 'listings', count(*) from public.listings
  union all select 'listings:' || l.status, count(*) from public.listings l group by l.status
  union all select 'invitations', count(*) from public.invitations;
$$;
comment on function private.recount_tables() is
  'Rebuilds private.table_counts from the tables (after loading data with triggers off, e.g. the scale benchmark).';

create function private.count_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The column whose value gets its own counter: users.role, listings.status.
  detail text := tg_argv[0];
begin
  -- Each branch names only the transition tables its event has.
  if tg_op = 'INSERT' then
    insert into private.table_counts as t (counter, value)
    select c.counter, sum(c.delta) from (
      select tg_table_name as counter, 1 as delta from new_rows
      union all select tg_table_name || ':' || (to_jsonb(n) ->> detail), 1 from new_rows n where detail is not null
    ) c group by c.counter
    on conflict (counter) do update set value = t.value + excluded.value;
  elsif tg_op = 'DELETE' then
    insert into private.table_counts as t (counter, value)
    select c.counter, sum(c.delta) from (
      select tg_table_name as counter, -1 as delta from old_rows
      union all select tg_table_name || ':' || (to_jsonb(o) ->> detail), -1 from old_rows o where detail is not null
    ) c group by c.counter
    on conflict (counter) do update set value = t.value + excluded.value;
  elsif detail is not null then
    insert into private.table_counts as t (counter, value)
    select c.counter, sum(c.delta) from (
      select tg_table_name || ':' || (to_jsonb(n) ->> detail) as counter, 1 as delta from new_rows n
      union all select tg_table_name || ':' || (to_jsonb(o) ->> detail), -1 from old_rows o
    ) c group by c.counter having sum(c.delta) <> 0
    on conflict (counter) do update set value = t.value + excluded.value;
  end if;
  return null;
end;
$$;
comment on function private.count_rows() is
  'Statement trigger: adds inserted and subtracts deleted rows to private.table_counts, and moves rows between the per-value counters of the column named by the trigger argument.';

-- Transition tables must exist for each event, so one trigger per event.
create trigger count_inserted_users after insert on public.users referencing new table as new_rows
  for each statement execute function private.count_rows('role');
create trigger count_deleted_users after delete on public.users referencing old table as old_rows
  for each statement execute function private.count_rows('role');
create trigger count_updated_users after update on public.users referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_rows('role');
create trigger count_inserted_listings after insert on public.listings referencing new table as new_rows
  for each statement execute function private.count_rows('status');
create trigger count_deleted_listings after delete on public.listings referencing old table as old_rows
  for each statement execute function private.count_rows('status');
create trigger count_updated_listings after update on public.listings referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_rows('status');
create trigger count_inserted_invitations after insert on public.invitations referencing new table as new_rows
  for each statement execute function private.count_rows();
create trigger count_deleted_invitations after delete on public.invitations referencing old table as old_rows
  for each statement execute function private.count_rows();

select private.recount_tables();

create or replace function public.admin_stats()
returns table (
  total_users bigint,
  total_listings bigint,
  active_listings bigint,
  total_agents bigint,
  total_tcs bigint,
  total_invitations bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  return query
  select
    coalesce(sum(c.value) filter (where c.counter = 'users'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'listings'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'listings:live'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'users:agent'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'users:tc'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'invitations'), 0)::bigint
  from private.table_counts c;
end;
$$;
comment on function public.admin_stats() is
  'Super admin: one row of counts for the admin console (accounts, listings, live listings as "active", agents, coordinators, invitations) from private.table_counts, kept by statement triggers. 403 for others.';
