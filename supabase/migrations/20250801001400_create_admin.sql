-- ---------------------------------------------------------------------------
-- Admin: the super admin's settings, statistics and paged lists, with the
-- whole-table counts kept by triggers.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- The admin console's whole-brokerage counts kept up to date by statement
-- triggers, so admin_stats() and the listing tab's total read one small
-- table instead of counting every listing on every visit.
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

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table private.table_counts enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function public.admin_stats()
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

revoke execute on function public.admin_stats() from public, anon;

-- ---------------------------------------------------------------------------
-- Reading and changing the settings (super admin only)
-- ---------------------------------------------------------------------------
create function public.admin_settings()
returns table (role_switcher_email text, inbound_email_domain text, invitation_lifetime_days integer)
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
    private.setting('role_switcher_email'),
    nullif(private.setting('inbound_email_domain'), ''),
    coalesce(private.setting('invitation_lifetime_days')::integer, 7);
end;
$$;

comment on function public.admin_settings() is
  'Super admin: the System Settings tab (role switcher e-mail, inbound e-mail domain or null for the app host, invitation lifetime in days). 403 for others.';

revoke execute on function public.admin_settings() from public, anon;

create function public.update_admin_settings(inbound_email_domain text, invitation_lifetime_days integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  domain text := lower(btrim(coalesce(inbound_email_domain, '')));
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  if domain <> '' and (char_length(domain) > 253 or domain !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$') then
    raise exception 'Inbound e-mail domain must be a domain name such as mail.example.com' using errcode = '22023';
  end if;
  if invitation_lifetime_days is null or invitation_lifetime_days not between 1 and 90 then
    raise exception 'Invitation lifetime must be between 1 and 90 days' using errcode = '22023';
  end if;
  update private.settings s set value = domain where s.key = 'inbound_email_domain';
  update private.settings s set value = invitation_lifetime_days::text where s.key = 'invitation_lifetime_days';
end;
$$;

comment on function public.update_admin_settings(inbound_email_domain text, invitation_lifetime_days integer) is
  'Super admin: sets the inbound e-mail domain (empty = app host) and the invitation lifetime (1-90 days). 403 for others, 400 for a malformed domain or lifetime.';

revoke execute on function public.update_admin_settings(inbound_email_domain text, invitation_lifetime_days integer) from public, anon;

-- ---------------------------------------------------------------------------
-- Used by everyone: the forwarding address on a listing, a new invitation's expiry
-- ---------------------------------------------------------------------------
create function public.inbound_email_domain()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select nullif(private.setting('inbound_email_domain'), '')
$$;

comment on function public.inbound_email_domain() is
  'Domain of listing forwarding addresses (listing-{id}@{domain}) for any signed-in user; null means the app''s own host.';

revoke execute on function public.inbound_email_domain() from public, anon;

-- Admin console listing search that can use the trigram indexes. Through the
-- table, the search's `ilike` filters sit behind the listings' RLS policy, and
-- since `ilike` is not leakproof Postgres must not evaluate it before the
-- policy: every listing is scanned (over a second at 100,000 listings). This
-- function checks the caller is a super admin -- who may read every listing
-- anyway -- and runs the search itself, so the indexes answer it. PostgREST
-- orders, pages, counts and embeds its result like the table.

create function public.admin_search_listings(search text)
returns setof public.listings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  patterns text[];
  query text := 'select l.* from public.listings l where true';
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  if char_length(coalesce(search, '')) > 200 then
    raise exception 'Search is too long (200 characters at most)' using errcode = '22023';
  end if;
  -- Every word must appear in the address or the seller's name (as the
  -- other lists' search); LIKE's own wildcards in a word are matched literally.
  patterns := array(
    select '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%'
    from regexp_split_to_table(btrim(coalesce(search, '')), '\s+') w
    where w <> ''
  );
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    query := query || format(' and (l.address ilike $1[%s] or l.seller_name ilike $1[%s])', i, i);
  end loop;
  return query execute query using patterns;
end;
$$;

comment on function public.admin_search_listings(search text) is
  'Super admin: listings whose address or seller name contains every word of search (case-insensitive), for the admin console; PostgREST pages, orders and counts the result. 403 for others, 400 for a search over 200 characters. Uses the trigram indexes, which RLS would bypass.';

revoke execute on function public.admin_search_listings(search text) from public, anon;

create function private.require_admin_page(search text, page_limit integer, page_offset integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  if char_length(coalesce(search, '')) > 200 then
    raise exception 'Search is too long (200 characters at most)' using errcode = '22023';
  end if;
  if page_limit not between 1 and 500 or page_offset < 0 then
    raise exception 'page_limit must be 1 to 500 and page_offset 0 or more' using errcode = '22023';
  end if;
end;
$$;

comment on function private.require_admin_page(search text, page_limit integer, page_offset integer) is
  'Gate of the admin list functions: 403 unless the caller is a super admin, 400 for a search over 200 characters or a page outside 1-500 rows.';

revoke execute on function private.require_admin_page(search text, page_limit integer, page_offset integer) from public;

grant execute on function private.require_admin_page(search text, page_limit integer, page_offset integer) to authenticated, service_role;

create function public.admin_users(search text default '', page_limit integer default 100, page_offset integer default 0)
returns setof public.users
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin_page(search, page_limit, page_offset);
  return query
  select u.* from public.users u
  where private.has_every_word(search, concat_ws(' ', u.first_name, u.last_name, u.email))
  order by u.created_at desc, u.id
  limit page_limit offset page_offset;
end;
$$;

comment on function public.admin_users(search text, page_limit integer, page_offset integer) is
  'Super admin: one page of accounts, newest first, whose first name, last name or e-mail contain every word of search. 403 for others. Scans accounts (thousands) for a search.';

revoke execute on function public.admin_users(search text, page_limit integer, page_offset integer) from public, anon;

create function public.admin_invitations(search text default '', page_limit integer default 100, page_offset integer default 0)
returns setof public.invitations
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin_page(search, page_limit, page_offset);
  return query
  select i.* from public.invitations i
  where private.has_every_word(search, i.email)
  order by i.created_at desc, i.id
  limit page_limit offset page_offset;
end;
$$;

comment on function public.admin_invitations(search text, page_limit integer, page_offset integer) is
  'Super admin: one page of invitations, newest first, whose e-mail contains every word of search. 403 for others.';

revoke execute on function public.admin_invitations(search text, page_limit integer, page_offset integer) from public, anon;

create function public.admin_listings(search text default '', page_limit integer default 100, page_offset integer default 0)
returns setof public.listings
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin_page(search, page_limit, page_offset);
  if btrim(coalesce(search, '')) = '' then
    return query
    select l.* from public.listings l order by l.created_at desc, l.id limit page_limit offset page_offset;
  else
    -- admin_search_listings() matches with the trigram indexes (RLS would force a scan).
    return query
    select l.* from public.admin_search_listings(search) l order by l.created_at desc, l.id limit page_limit offset page_offset;
  end if;
end;
$$;

comment on function public.admin_listings(search text, page_limit integer, page_offset integer) is
  'Super admin: one page of listings, newest first; with a search, those whose address or seller name contain every word (through admin_search_listings()). 403 for others.';

revoke execute on function public.admin_listings(search text, page_limit integer, page_offset integer) from public, anon;

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

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- Not granted anyway; the explicit deny documents intent if a grant ever slips in.
create policy "Nobody can read table counts through the API" on private.table_counts
  for select to authenticated using (false);

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------
-- Section - Kept counts
-- ---------------------------------------------------------------------------

-- The kept counts start from the tables as they are (empty on a new database).
select private.recount_tables();
