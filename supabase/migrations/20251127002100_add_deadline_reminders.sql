-- ---------------------------------------------------------------------------
-- Deadline reminders: the listing's agent and coordinator are notified 3 days
-- and 1 day before each open deadline of an active contract, and once it is
-- overdue. Each reminder is sent once: the deadline row records when each was
-- sent, and public.send_deadline_reminders() marks and notifies in one
-- statement, so concurrent runs (pg_cron, the local stack's timer, a test)
-- never send one twice. Done and waived deadlines, and the deadlines of closed
-- or terminated contracts, are never reminded. Scheduled every 15 minutes
-- (migration 20251127002400_schedule_deadline_jobs.sql; locally stack/jobs.ts).
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.contract_deadlines
  add column reminded_3d_at timestamptz,
  add column reminded_1d_at timestamptz,
  add column overdue_notified_at timestamptz;

comment on column public.contract_deadlines.reminded_3d_at is
  'When the "due in 3 days" reminder went out (or was passed over because a later one was due first); null while it is still to come. Written only by the database; cleared when the date moves far enough ahead for it to come again.';

comment on column public.contract_deadlines.reminded_1d_at is
  'When the "due in 1 day" reminder went out (or was passed over because the deadline was already overdue); null while it is still to come. Written only by the database.';

comment on column public.contract_deadlines.overdue_notified_at is
  'When the "overdue" notification went out; null while the deadline is not overdue. Written only by the database; cleared when the date moves into the future again.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Security invoker on purpose: current_user is the API role for requests and
-- the function's owner inside security definer functions and the seed.
create function private.guard_deadline_reminders()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('authenticated', 'anon');
  due timestamptz := coalesce(new.due_at_override, new.computed_due_at);
begin
  if tg_op = 'INSERT' then
    if api then
      new.reminded_3d_at := null;
      new.reminded_1d_at := null;
      new.overdue_notified_at := null;
    end if;
    return new;
  end if;
  if api and (new.reminded_3d_at, new.reminded_1d_at, new.overdue_notified_at)
             is distinct from (old.reminded_3d_at, old.reminded_1d_at, old.overdue_notified_at) then
    raise exception 'reminder marks are kept by the database' using errcode = '42501';
  end if;
  -- A date moved (by hand, an amendment, a recompute) re-arms the reminders
  -- whose moment now lies ahead again; those already behind stay sent.
  if due is distinct from old.due_at and due is not null then
    if due - interval '3 days' > now() then
      new.reminded_3d_at := null;
    end if;
    if due - interval '1 day' > now() then
      new.reminded_1d_at := null;
    end if;
    if due > now() then
      new.overdue_notified_at := null;
    end if;
  end if;
  return new;
end;
$$;

comment on function private.guard_deadline_reminders() is
  'Trigger (before insert or update on contract_deadlines): API callers never write the reminder marks (ignored on insert, 403 on update); when a deadline''s date changes, the reminders whose moment lies in the future again are re-armed.';

revoke execute on function private.guard_deadline_reminders() from public;

grant execute on function private.guard_deadline_reminders() to service_role;

-- A due time as people read it in the contract's time zone, e.g.
-- "Fri 2026-07-10 5:00 PM America/Chicago" (the same words as the rules).
create function private.deadline_due_text(due_at timestamptz, time_zone text)
returns text
language sql
stable
set search_path = ''
as $$
  select to_char(due_at at time zone time_zone, 'Dy YYYY-MM-DD FMHH12:MI AM') || ' ' || time_zone
$$;

comment on function private.deadline_due_text(due_at timestamptz, time_zone text) is
  'A deadline''s due time in words in the given IANA zone, e.g. "Fri 2026-07-10 5:00 PM America/Chicago" (reminders, digest).';

revoke execute on function private.deadline_due_text(due_at timestamptz, time_zone text) from public;

grant execute on function private.deadline_due_text(due_at timestamptz, time_zone text) to service_role;

create function public.send_deadline_reminders("at" timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(send_deadline_reminders."at", now());
  sent integer;
begin
  -- One statement marks and notifies. A concurrent run blocks on the rows this
  -- one marks and then re-reads them: the marks are set, so it skips them.
  with due as (
    update public.contract_deadlines d set
      overdue_notified_at = case when d.due_at <= clock then coalesce(d.overdue_notified_at, clock) else d.overdue_notified_at end,
      reminded_1d_at = case when d.due_at <= clock + interval '1 day' then coalesce(d.reminded_1d_at, clock) else d.reminded_1d_at end,
      reminded_3d_at = coalesce(d.reminded_3d_at, clock)
    where d.status = 'open'
      and d.contract_status = 'active'
      and d.due_at <= clock + interval '3 days'
      and (
        (d.due_at <= clock and d.overdue_notified_at is null)
        or (d.due_at > clock and d.due_at <= clock + interval '1 day' and d.reminded_1d_at is null)
        or (d.due_at > clock + interval '1 day' and d.reminded_3d_at is null)
      )
    returning d.id, d.contract_id, d.listing_id, d.key, d.label, d.due_at,
      case when d.due_at <= clock then 'overdue' when d.due_at <= clock + interval '1 day' then '1d' else '3d' end as kind
  )
  insert into public.notifications (user_id, type, title, content, source_type, source_id, action_url, priority, metadata)
  select p.id, 'deadline',
    left(case due.kind when 'overdue' then 'Overdue: ' when '1d' then 'Due in 1 day: ' else 'Due in 3 days: ' end || due.label, 255),
    left(due.label || ' for ' || l.address
      || case when due.kind = 'overdue' then ' was due ' else ' is due ' end
      || private.deadline_due_text(due.due_at, c.time_zone)
      || case when due.kind = 'overdue' then ' and is not marked done or waived.' else '.' end, 5000),
    'contract_deadline', due.id,
    '/listing/' || due.listing_id || '?tab=contract',
    case due.kind when 'overdue' then 'urgent' when '1d' then 'high' else 'medium' end,
    jsonb_build_object('reminder', due.kind, 'deadline_key', due.key, 'due_at', due.due_at,
      'contract_id', due.contract_id, 'listing_id', due.listing_id)
  from due
  join public.listings l on l.id = due.listing_id
  join public.contracts c on c.id = due.contract_id
  cross join lateral (select distinct x.id from (values (l.agent_id), (l.tc_id)) as x(id) where x.id is not null) p;
  get diagnostics sent = row_count;
  return sent;
end;
$$;

comment on function public.send_deadline_reminders("at" timestamptz) is
  'Scheduled job (pg_cron every 15 minutes; the local stack''s timer): for each open deadline of an active contract, notifies the listing''s agent and coordinator (type deadline, link /listing/{id}?tab=contract) 3 days before, 1 day before and once overdue, each once; a reminder whose moment passed while a later one is due is marked without being sent. `at` is the clock (tests). Returns the notifications written. Service role only.';

revoke execute on function public.send_deadline_reminders("at" timestamptz) from public, anon, authenticated;

grant execute on function public.send_deadline_reminders("at" timestamptz) to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger contract_deadlines_guard_reminders before insert or update on public.contract_deadlines
  for each row execute function private.guard_deadline_reminders();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- The job reads the open deadlines of active contracts by due date; most of
-- them are weeks ahead, so it reads only the few due within three days.
create index contract_deadlines_open_due_at_idx on public.contract_deadlines (due_at)
  where status = 'open' and contract_status = 'active';

comment on index public.contract_deadlines_open_due_at_idx is
  'Open deadlines of active contracts by due date: send_deadline_reminders() reads those due within 3 days; a super admin''s Deadlines screen pages through all of them.';
