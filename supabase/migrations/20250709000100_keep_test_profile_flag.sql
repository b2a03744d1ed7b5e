-- ---------------------------------------------------------------------------
-- Whether an agent account is a coordinator's test profile is kept on the
-- account (issue: Scale).
--
-- agent_overview worked it out on every read: `auth_user_id in (select
-- auth_user_id from users where role = 'tc')`, a second read of users under
-- RLS in every request for agent cards, the assigned agents page and the agent
-- picker (every coordinator's row checked against the users policy, and its
-- helpers called again). At 100,000 listings the assigned agents page with its
-- count spent ~150 µs of database time per request on RLS, against ~100 µs
-- with the flag kept (service role: ~250 and ~225 µs), and ran at 0.87-0.89x
-- the service role's throughput.
--
-- The flag is derived by the database: a trigger on users sets it for every
-- account of the sign-ins a changed row had and has, so a coordinator account
-- appearing, leaving or changing role flags or unflags its sign-in's agent
-- accounts. Clients cannot write it (no column grant; the trigger also runs on
-- any write of the flag and puts the derived value back). The rule is written
-- once (private.derive_test_profiles(), also used for the accounts that exist
-- now), and the trigger holds a lock per sign-in until its transaction ends,
-- so accounts of one sign-in created at the same time see each other.
-- ---------------------------------------------------------------------------

alter table public.users add column is_test_profile boolean not null default false;
comment on column public.users.is_test_profile is
  'True for an agent account whose sign-in also has a coordinator account (the coordinator''s test agent profile; badge ''Test Profile''). Kept by private.mark_test_profiles(); clients cannot write it.';

create function private.derive_test_profiles(sign_ins uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- An agent account is a test profile while its sign-in has a coordinator
  -- account. Only rows whose flag changes are written, so the trigger this
  -- update fires again finds nothing left to change.
  update public.users u
     set is_test_profile = derived.value
    from (
      select a.id, a.role = 'agent' and exists (
               select 1 from public.users t where t.auth_user_id = a.auth_user_id and t.role = 'tc'
             ) as value
        from public.users a
       where a.auth_user_id = any (sign_ins)
    ) derived
   where u.id = derived.id
     and u.is_test_profile is distinct from derived.value;
end;
$$;
comment on function private.derive_test_profiles(uuid[]) is
  'Sets users.is_test_profile on every account of the given sign-ins (the one rule for the flag: an agent account whose sign-in also has a coordinator account). Called by private.mark_test_profiles() and once by this migration for existing accounts.';
revoke execute on function private.derive_test_profiles(uuid[]) from public, anon, authenticated, service_role;

create function private.mark_test_profiles()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One writer per sign-in until its transaction ends: a coordinator account
  -- and an agent account of one sign-in created at the same time would each
  -- miss the other's uncommitted row. The second waits here, and its update
  -- (a new statement, so a new snapshot) sees the first one's row.
  perform pg_advisory_xact_lock(hashtextextended('listingdesk test profiles ' || s::text, 0))
     from unnest(array[old.auth_user_id, new.auth_user_id]) s
    where s is not null
    order by s;
  -- The sign-ins this row had and has (old is null on insert, new on delete).
  perform private.derive_test_profiles(array[old.auth_user_id, new.auth_user_id]);
  return null;
end;
$$;
comment on function private.mark_test_profiles() is
  'Trigger on users (after insert, delete, or update of role, auth_user_id or is_test_profile): sets is_test_profile on every account of the sign-ins the row had and has, one transaction per sign-in at a time. Security definer: clients have no update grant on the flag.';
revoke execute on function private.mark_test_profiles() from public, anon, authenticated, service_role;

create trigger users_mark_test_profiles
after insert or delete or update of role, auth_user_id, is_test_profile on public.users
for each row execute function private.mark_test_profiles();

-- Accounts that exist already.
select private.derive_test_profiles(array_agg(distinct u.auth_user_id)) from public.users u where u.auth_user_id is not null;

-- The view reads the kept flag: one read of users per request instead of two.
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
  private.agent_work_count(u.id, 'open_tasks') as open_task_count
from public.users u
where u.role = 'agent';
