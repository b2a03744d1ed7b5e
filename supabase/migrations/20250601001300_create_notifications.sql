-- Notifications: per-account inbox. Rows are created by triggers (security
-- definer) when something happens; the owner reads, marks read and deletes.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  type text not null check (type in ('ai_reminder', 'message', 'task', 'document', 'alert', 'other')),
  title text not null check (char_length(title) between 1 and 255),
  content text check (char_length(content) <= 5000),
  source_type text check (char_length(source_type) <= 50),
  source_id uuid,
  priority varchar(20) not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
  is_read boolean not null default false,
  read_at timestamptz,
  action_url text check (char_length(action_url) <= 500),
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.notifications is
  'Per-account notifications (task, message, document, alert, ai_reminder, other). source_type/source_id name the row that caused it.';

create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
create index notifications_user_id_unread_idx on public.notifications (user_id) where not is_read;

create trigger notifications_set_timestamps before insert or update on public.notifications
  for each row execute function private.set_timestamps();

alter table public.notifications enable row level security;

create policy "Users can read their notifications and super admins all"
on public.notifications for select to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Super admins can send notifications"
on public.notifications for insert to authenticated
with check ((select private.is_super_admin()));

create policy "Users can mark their notifications read"
on public.notifications for update to authenticated
using (user_id = (select private.current_account_id()))
with check (user_id = (select private.current_account_id()));

create policy "Users can delete their notifications and super admins any"
on public.notifications for delete to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.notifications from anon, authenticated;
grant select, insert, delete on public.notifications to authenticated;
grant update (is_read, read_at) on public.notifications to authenticated;

-- Helper for the triggers of later migrations.
create function private.notify(recipient uuid, kind text, title text, content text,
  source_type text, source_id uuid, action_url text default null, priority text default 'medium')
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, type, title, content, source_type, source_id, action_url, priority)
  select recipient, kind, title, left(content, 5000), source_type, source_id, action_url, priority
  where recipient is not null
$$;
comment on function private.notify(uuid, text, text, text, text, uuid, text, text) is
  'Inserts one notification (skips a null recipient). Used by triggers; not granted to API roles.';
revoke execute on function private.notify(uuid, text, text, text, text, uuid, text, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.notify(uuid, text, text, text, text, uuid, text, text)
from public, anon;
