-- ---------------------------------------------------------------------------
-- The daily deadline digest: at 7:00 AM in each coordinator's time zone, one
-- e-mail with their open deadlines that are overdue, due today and due in the
-- next 7 days (the same scope as their Deadlines screen: listings with them as
-- coordinator or whose agent is assigned to them, active contracts). The
-- Edge Function deadline-digest claims the coordinators whose digest is due,
-- sends the mail and reports back; private.deadline_digests records one
-- decision per coordinator and local day, so each gets at most one digest a
-- day however often or concurrently the job runs, and none when nothing is due.
--
-- A coordinator's time zone: the zone of most of the active contracts in
-- their scope (contracts.time_zone, i.e. where their deals are), else
-- America/Chicago (the demo brokerage's). Accounts carry no time zone of
-- their own; one can replace private.coordinator_time_zone() later.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Outside the API schema: only the functions below read and write it.
create table private.deadline_digests (
  coordinator_id uuid not null references public.users (id) on delete cascade,
  local_date date not null,
  time_zone text not null,
  item_count integer not null check (item_count >= 0),
  claimed_at timestamptz not null default now(),
  sent_at timestamptz,
  error text,
  primary key (coordinator_id, local_date)
);

comment on table private.deadline_digests is
  'One row per coordinator and local day once their 7:00 AM digest was decided: sent (sent_at), nothing due (item_count 0, no mail), being sent (claimed_at) or failed (error; tried again by the next run).';

comment on column private.deadline_digests.coordinator_id is 'The coordinator (tc account) the digest is for.';

comment on column private.deadline_digests.local_date is 'The day in the coordinator''s time zone the digest is for.';

comment on column private.deadline_digests.time_zone is 'The coordinator''s time zone used (private.coordinator_time_zone()).';

comment on column private.deadline_digests.item_count is 'Deadlines in the digest (overdue, today, next 7 days); 0: nothing due, no mail.';

comment on column private.deadline_digests.claimed_at is 'When a run of the deadline-digest function took it on; a claim older than 30 minutes without sent_at is taken on again (a run that died).';

comment on column private.deadline_digests.sent_at is 'When the mail server accepted the digest.';

comment on column private.deadline_digests.error is 'Why the last attempt failed (SMTP answer), for the operator; cleared on the next claim.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

-- Like every private table: no grant to API roles, RLS on, and an explicit
-- deny that documents intent if a grant ever slips in. Only the security
-- definer functions below (service role) read and write it.
alter table private.deadline_digests enable row level security;

create policy "Nobody can read deadline digests through the API" on private.deadline_digests
  for select to authenticated using (false);

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.coordinator_time_zone(coordinator_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select c.time_zone
     from public.contracts c
     where c.status = 'active'
       and (c.listing_tc_id = coordinator_time_zone.coordinator_id
            or c.listing_agent_id in (select a.id from public.users a where a.assigned_tc_id = coordinator_time_zone.coordinator_id))
     group by c.time_zone
     order by count(*) desc, c.time_zone
     limit 1),
    'America/Chicago')
$$;

comment on function private.coordinator_time_zone(coordinator_id uuid) is
  'A coordinator''s time zone for the daily digest: the time zone of most of the active contracts they coordinate (theirs or their agents''), ties by name; America/Chicago without any.';

revoke execute on function private.coordinator_time_zone(coordinator_id uuid) from public;

grant execute on function private.coordinator_time_zone(coordinator_id uuid) to service_role;

create function public.claim_deadline_digests("at" timestamptz default now())
returns table (coordinator_id uuid, email text, first_name text, last_name text, local_date date, time_zone text, items jsonb)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  clock timestamptz := coalesce(claim_deadline_digests."at", now());
begin
  return query
  with coordinators as (
    select u.id, u.email, u.first_name, u.last_name, private.coordinator_time_zone(u.id) as zone
    from public.users u
    where u.role = 'tc'
  ), due as (
    -- Past 7:00 AM where they are, and today not decided yet (or a claim that died).
    select c.*, (clock at time zone c.zone)::date as day
    from coordinators c
    where (clock at time zone c.zone)::time >= time '07:00'
      and not exists (
        select 1 from private.deadline_digests g
        where g.coordinator_id = c.id and g.local_date = (clock at time zone c.zone)::date
          and (g.sent_at is not null or g.item_count = 0 or g.claimed_at > now() - interval '30 minutes'))
  ), itemized as (
    select due.*,
      coalesce((
        select jsonb_agg(jsonb_build_object(
            'id', d.id, 'listing_id', d.listing_id, 'address', l.address, 'key', d.key, 'label', d.label,
            'due_at', d.due_at, 'due_text', private.deadline_due_text(d.due_at, k.time_zone),
            'agent', nullif(btrim(concat_ws(' ', a.first_name, a.last_name)), ''),
            'section', case
              when d.due_at < clock then 'overdue'
              when d.due_at < (due.day + 1)::timestamp at time zone due.zone then 'today'
              else 'week' end)
          order by d.due_at, d.id)
        from public.contract_deadlines d
        join public.listings l on l.id = d.listing_id
        join public.contracts k on k.id = d.contract_id
        left join public.users a on a.id = d.listing_agent_id
        where d.status = 'open' and d.contract_status = 'active'
          and d.due_at < (due.day + 8)::timestamp at time zone due.zone
          and (d.listing_tc_id = due.id
               or d.listing_agent_id in (select ag.id from public.users ag where ag.assigned_tc_id = due.id))
      ), '[]'::jsonb) as deadlines
    from due
  ), claimed as (
    insert into private.deadline_digests as g (coordinator_id, local_date, time_zone, item_count, claimed_at)
    select i.id, i.day, i.zone, jsonb_array_length(i.deadlines), now() from itemized i
    on conflict on constraint deadline_digests_pkey do update
      set claimed_at = excluded.claimed_at, item_count = excluded.item_count, time_zone = excluded.time_zone, error = null
      where g.sent_at is null and g.item_count > 0 and g.claimed_at <= now() - interval '30 minutes'
    returning g.coordinator_id
  )
  select i.id, i.email, i.first_name, i.last_name, i.day, i.zone, i.deadlines
  from itemized i
  join claimed on claimed.coordinator_id = i.id
  where jsonb_array_length(i.deadlines) > 0
  order by i.id;
end;
$$;

comment on function public.claim_deadline_digests("at" timestamptz) is
  'The deadline-digest function''s first step: for every coordinator past 7:00 AM local time (private.coordinator_time_zone()) whose digest for that day is not decided yet, records the decision and returns those with something due: their open deadlines of active contracts overdue (section overdue), due today (today) and in the next 7 days (week), oldest first. Concurrent calls claim each coordinator once. `at` is the clock (tests). Service role only.';

revoke execute on function public.claim_deadline_digests("at" timestamptz) from public, anon, authenticated;

grant execute on function public.claim_deadline_digests("at" timestamptz) to service_role;

create function public.finish_deadline_digest(coordinator_id uuid, local_date date, error text default null)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.deadline_digests g
  set sent_at = case when finish_deadline_digest.error is null then now() end,
      error = left(finish_deadline_digest.error, 1000),
      -- A failed send is taken on again by the next run.
      claimed_at = case when finish_deadline_digest.error is null then g.claimed_at else '-infinity' end
  where g.coordinator_id = finish_deadline_digest.coordinator_id and g.local_date = finish_deadline_digest.local_date
$$;

comment on function public.finish_deadline_digest(coordinator_id uuid, local_date date, error text) is
  'The deadline-digest function''s last step per coordinator: sent (no error), or failed with the SMTP error, which lets the next run try again. Service role only.';

revoke execute on function public.finish_deadline_digest(coordinator_id uuid, local_date date, error text) from public, anon, authenticated;

grant execute on function public.finish_deadline_digest(coordinator_id uuid, local_date date, error text) to service_role;
