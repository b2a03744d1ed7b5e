-- ---------------------------------------------------------------------------
-- Notifications: a new type, 'deadline', for the reminders of contract
-- deadlines (public.send_deadline_reminders(), next migration), so the inbox
-- and the /api filter can tell them from task and alert notifications.
-- ---------------------------------------------------------------------------

alter table public.notifications drop constraint notifications_type_check;

alter table public.notifications add constraint notifications_type_check
  check (type in ('ai_reminder', 'message', 'task', 'document', 'alert', 'other', 'deadline'));

comment on column public.notifications.type is
  'ai_reminder, message, task, document, alert, other or deadline (a contract deadline due in 3 days, in 1 day, or overdue); the inbox tabs filter on it.';
