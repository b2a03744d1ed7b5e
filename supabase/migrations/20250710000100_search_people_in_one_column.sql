-- ---------------------------------------------------------------------------
-- A person is searched in one lowercased column (issue: Scale).
--
-- The search boxes of the agent lists and the agent picker sent, for each
-- word, first_name ILIKE '%word%' OR last_name ILIKE ... OR email ILIKE ...
-- ILIKE lowercases every value of every row it tests, and no index serves a
-- substring at a brokerage's size (the trigram index's estimate loses to a
-- scan of a ~1,000-row table), so the super admin's agent search scanned all
-- accounts: ~0.74 ms a request at 1,100 accounts, and 1.5x the throughput
-- cost of the same one-row answer at 110 accounts (scale bench, growth rule).
-- Now each account keeps lower(first name, last name, e-mail) in search_text,
-- and the search sends search_text LIKE '%word%' with the word lowercased by
-- the client: one byte-wise comparison per row (~0.2 ms for the same scan).
--
-- The client sends the word as typed with A-Z lowercased, and also fully
-- lowercased when that differs, so matching is never narrower than ILIKE was:
-- a database whose lower() folds accented letters finds 'Élodie' from
-- 'ÉLODIE'; one with the C locale (as the local stack) keeps 'É', which the
-- first form still matches.
-- ---------------------------------------------------------------------------

alter table public.users
  add column search_text text generated always as (
    lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))
  ) stored;
comment on column public.users.search_text is
  'lower(first_name || '' '' || last_name || '' '' || email), kept by the database: what the search boxes match a word against (search_text like ''%word%'', src/lib/person-search.ts). Words never hold spaces, so a match never spans two of the fields.';

-- The agent lists and the picker search the view; the column comes last
-- (create or replace view only adds columns at the end).
create or replace view public.agent_overview with (security_invoker = true) as
select
  u.id,
  u.first_name,
  u.last_name,
  u.email,
  u.profile_image_url,
  u.assigned_tc_id,
  u.is_test_profile,
  u.created_at,
  private.agent_work_count(u.id, 'listings') as listing_count,
  private.agent_work_count(u.id, 'tasks') as task_count,
  private.agent_work_count(u.id, 'open_tasks') as open_task_count,
  u.search_text
from public.users u
where u.role = 'agent';
comment on column public.agent_overview.search_text is 'The agent''s users.search_text: lowercased first name, last name and e-mail, for the search box (search_text like ''%word%'').';

-- 'Available Agents' is searched the same way, so the function returns the
-- column too (a changed result type needs the function dropped first).
drop function public.available_agents();
create function public.available_agents()
returns table (id uuid, first_name text, last_name text, email text, profile_image_url text, created_at timestamptz, search_text text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.current_role() = 'tc' or private.is_super_admin()) then
    raise exception 'only coordinators and super admins list available agents' using errcode = '42501';
  end if;
  return query
    select u.id, u.first_name, u.last_name, u.email, u.profile_image_url, u.created_at, u.search_text
    from public.users u
    where u.role = 'agent' and u.assigned_tc_id is null
    order by u.first_name, u.last_name, u.id;
end;
$$;
comment on function public.available_agents() is
  'Unassigned agents (id, names, e-mail, avatar, created_at, search_text) for the Agent Assignments screen; coordinators and super admins only (others get 42501). PostgREST filters and orders its result like a table (rpc/available_agents?order=first_name).';

revoke execute on function public.available_agents() from public, anon;
grant execute on function public.available_agents() to authenticated;
