-- ---------------------------------------------------------------------------
-- Deadline reminders move onto the outbox (issue 52). Each reminder is an
-- outbox row keyed deadline:<deadline id>:3d|1d|overdue, enqueued with
-- `on conflict (dedupe_key) do nothing` when its moment comes: "already sent"
-- is the unique key. This replaces the three marks on contract_deadlines
-- (reminded_3d_at, reminded_1d_at, overdue_notified_at) and their guard
-- (private.guard_deadline_reminders, trigger contract_deadlines_guard_reminders,
-- migration 20251127002100): a reminder run no longer updates the deadline
-- rows, so it no longer bumps their updated_at nor wakes every open screen
-- through Realtime. The re-arm rule stays: a date moved so that a reminder's
-- moment lies ahead again deletes that reminder's row (trigger
-- contract_deadlines_rearm_reminders, on the two date columns only).
-- public.send_deadline_reminders(at) keeps its signature, its answer (the
-- notifications written) and its texts.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Data
-- ---------------------------------------------------------------------------

-- The marks already set become sent rows, so nothing is reminded twice across
-- the change. A mark set without a notification (passed over) cannot be told
-- from a sent one; both mean "decided".
insert into private.outbox (kind, dedupe_key, payload, send_after, sent_at, created_at)
select 'deadline_reminder', 'deadline:' || d.id || ':' || m.reminder,
  jsonb_build_object('deadline_id', d.id, 'reminder', m.reminder, 'due_at', d.due_at, 'passed_over', false),
  m.marked_at, m.marked_at, m.marked_at
from public.contract_deadlines d
cross join lateral (values ('3d', d.reminded_3d_at), ('1d', d.reminded_1d_at), ('overdue', d.overdue_notified_at)) as m(reminder, marked_at)
where m.marked_at is not null
on conflict (dedupe_key) do nothing;

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

drop trigger contract_deadlines_guard_reminders on public.contract_deadlines;

drop function private.guard_deadline_reminders();

alter table public.contract_deadlines
  drop column reminded_3d_at,
  drop column reminded_1d_at,
  drop column overdue_notified_at;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.send_deadline_reminders("at" timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(send_deadline_reminders."at", now());
  claimed bigint[];
  sent integer;
begin
  -- 1. Enqueue every reminder whose moment has come (3 days before, 1 day
  -- before, at the due time). The latest is to be sent; earlier ones that
  -- were never enqueued are passed over (decided without a notification), so
  -- a deadline added late gets only the reminder still ahead. Keys in order:
  -- concurrent runs wait on each other's keys in the same order (no deadlock),
  -- and a key another run enqueued is left alone.
  insert into private.outbox (kind, dedupe_key, payload, sent_at)
  select 'deadline_reminder', 'deadline:' || d.id || ':' || m.reminder,
    jsonb_build_object('deadline_id', d.id, 'reminder', m.reminder, 'due_at', d.due_at, 'passed_over', m.reminder <> latest.reminder),
    case when m.reminder <> latest.reminder then now() end
  from public.contract_deadlines d
  cross join lateral (
    select case when d.due_at <= clock then 'overdue' when d.due_at <= clock + interval '1 day' then '1d' else '3d' end as reminder
  ) latest
  cross join lateral (
    values ('3d', d.due_at - interval '3 days'), ('1d', d.due_at - interval '1 day'), ('overdue', d.due_at)
  ) as m(reminder, moment)
  where d.status = 'open'
    and d.contract_status = 'active'
    and d.due_at <= clock + interval '3 days'
    and m.moment <= clock
  order by 2
  on conflict (dedupe_key) do nothing;

  -- 2. Claim what is to be sent (rows another run holds are skipped: it
  -- sends them), notify the listing's agent and coordinator, mark them sent.
  select coalesce(array_agg(c.id), '{}') into claimed
  from private.claim_outbox('deadline_reminder', null) c;

  insert into public.notifications (user_id, type, title, content, source_type, source_id, action_url, priority, metadata)
  select p.id, 'deadline',
    left(case r.kind when 'overdue' then 'Overdue: ' when '1d' then 'Due in 1 day: ' else 'Due in 3 days: ' end || d.label, 255),
    left(d.label || ' for ' || l.address
      || case when r.kind = 'overdue' then ' was due ' else ' is due ' end
      || private.deadline_due_text(d.due_at, c.time_zone)
      || case when r.kind = 'overdue' then ' and is not marked done or waived.' else '.' end, 5000),
    'contract_deadline', d.id,
    '/listing/' || d.listing_id || '?tab=contract',
    case r.kind when 'overdue' then 'urgent' when '1d' then 'high' else 'medium' end,
    jsonb_build_object('reminder', r.kind, 'deadline_key', d.key, 'due_at', d.due_at,
      'contract_id', d.contract_id, 'listing_id', d.listing_id)
  from private.outbox o
  cross join lateral (select o.payload ->> 'reminder' as kind) r
  join public.contract_deadlines d on d.id = (o.payload ->> 'deadline_id')::uuid
  join public.listings l on l.id = d.listing_id
  join public.contracts c on c.id = d.contract_id
  cross join lateral (select distinct x.id from (values (l.agent_id), (l.tc_id)) as x(id) where x.id is not null) p
  where o.id = any (claimed)
    -- Still to be reminded when delivered (a claim retaken later may find it done).
    and d.status = 'open' and d.contract_status = 'active';
  get diagnostics sent = row_count;

  perform private.finish_outbox(x.id) from unnest(claimed) as x(id);
  return sent;
end;
$$;

comment on function public.send_deadline_reminders("at" timestamptz) is
  'Scheduled job (pg_cron every 15 minutes; the local stack''s timer): for each open deadline of an active contract, notifies the listing''s agent and coordinator (type deadline, link /listing/{id}?tab=contract) 3 days before, 1 day before and once overdue, each once: each reminder is an outbox row keyed deadline:<id>:3d|1d|overdue; a reminder whose moment passed while a later one is due is decided without being sent. Concurrent runs never send one twice. Never updates the deadline rows. `at` is the clock (tests). Returns the notifications written. Service role only.';

-- A date moved (by hand, an amendment, a recompute) re-arms the reminders
-- whose moment now lies ahead again; those already behind stay sent.
-- Security definer: the people moving a date have no access to the outbox.
create function private.rearm_deadline_reminders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.outbox o
  where o.dedupe_key in (
    select 'deadline:' || new.id || ':' || m.reminder
    from (values ('3d', new.due_at - interval '3 days'), ('1d', new.due_at - interval '1 day'), ('overdue', new.due_at)) as m(reminder, moment)
    where m.moment > now());
  return null;
end;
$$;

comment on function private.rearm_deadline_reminders() is
  'Trigger (after update of due_at_override, computed_due_at on contract_deadlines, when due_at changed): deletes the outbox rows of the deadline''s reminders whose moment lies in the future again, so they are sent again at their new moment; those behind stay sent.';

revoke execute on function private.rearm_deadline_reminders() from public;

grant execute on function private.rearm_deadline_reminders() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

-- due_at is generated from these two columns (a generated column cannot be
-- named in `update of`); the when clause lets other changes of them pass.
create trigger contract_deadlines_rearm_reminders
  after update of due_at_override, computed_due_at on public.contract_deadlines
  for each row
  when (new.due_at is distinct from old.due_at and new.due_at is not null)
  execute function private.rearm_deadline_reminders();
