-- ---------------------------------------------------------------------------
-- Notifications: written only by the database's triggers (private.notify()),
-- read and marked read by their recipient.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

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

comment on column public.notifications.id is 'Notification id.';

comment on column public.notifications.user_id is 'The recipient account.';

comment on column public.notifications.type is 'ai_reminder, message, task, document, alert or other (the inbox tabs filter on it).';

comment on column public.notifications.title is 'Headline shown in the bell and inbox.';

comment on column public.notifications.content is 'Body text.';

comment on column public.notifications.source_type is 'Kind of row that caused it, e.g. task, message, document, tc_response, tc_team_message.';

comment on column public.notifications.source_id is 'Id of the row that caused it (polymorphic, so no foreign key).';

comment on column public.notifications.priority is 'low, medium, high or urgent.';

comment on column public.notifications.is_read is 'Whether the recipient has read it.';

comment on column public.notifications.read_at is 'When is_read turned true; stamped by trigger (a sent value is ignored), cleared when it turns false.';

comment on column public.notifications.action_url is 'App path opened from the notification, chosen for the recipient (private.listing_url()).';

comment on column public.notifications.metadata is 'Details of the event (JSON object).';

comment on column public.notifications.created_at is 'When it was created. Set by trigger.';

comment on column public.notifications.updated_at is 'When it last changed. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.notifications enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Nobody is notified of their own action: private.notify() skips the
-- recipient when it is the account acting (private.current_account_id()). The
-- seed, the service role and Auth's triggers act with no account, so for them
-- nothing is skipped. Every notification trigger goes through this helper, so
-- the rule holds for every kind.

create function private.notify(recipient uuid, kind text, title text, content text,
  source_type text, source_id uuid, action_url text default null, priority text default 'medium')
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, type, title, content, source_type, source_id, action_url, priority)
  select recipient, kind, left(title, 255), left(content, 5000), source_type, source_id, action_url, priority
  where recipient is not null and recipient is distinct from private.current_account_id()
$$;

comment on function private.notify(recipient uuid, kind text, title text, content text, source_type text, source_id uuid, action_url text, priority text) is
  'Inserts one notification, skipping a null recipient and the acting account (nobody is told of their own action); titles are cut to 255 characters. Used by triggers; not granted to API roles.';

revoke execute on function private.notify(recipient uuid, kind text, title text, content text, source_type text, source_id uuid, action_url text, priority text) from public;

grant execute on function private.notify(recipient uuid, kind text, title text, content text, source_type text, source_id uuid, action_url text, priority text) to service_role;

-- Task notifications: a completed task tells the people on it (the agent
-- when the coordinator completes it; the coordinator too when a super admin
-- does), and every task notification opens the listing's Requirements tab,
-- where the agent answers and the coordinator reviews. An agent's answer that
-- also completes the task is reported once, as the response.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.notify_task_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text := private.listing_url(new.listing_id, null, 'tasks');
  coordinator uuid := coalesce(new.created_by_id, (select l.tc_id from public.listings l where l.id = new.listing_id));
  answered boolean := tg_op = 'UPDATE' and new.agent_response is not null and new.agent_response is distinct from old.agent_response;
begin
  if tg_op = 'INSERT' then
    perform private.notify(new.assigned_to_id, 'task', 'New task: ' || new.title, new.description, 'task', new.id, url, new.priority);
    return null;
  end if;
  if answered then
    perform private.notify(coordinator, 'task', 'Task response: ' || new.title, new.agent_response, 'task', new.id, url);
  end if;
  if new.last_reminded_at is distinct from old.last_reminded_at and new.last_reminded_at is not null then
    perform private.notify(new.assigned_to_id, 'task', 'Reminder: ' || new.title,
      'Your coordinator resent this requirement.', 'task', new.id, url, 'high');
  end if;
  if new.status = 'completed' and old.status is distinct from 'completed' then
    perform private.notify(new.assigned_to_id, 'task', 'Task completed: ' || new.title, 'This requirement is complete.', 'task', new.id, url);
    if not answered then
      perform private.notify(coordinator, 'task', 'Task completed: ' || new.title, 'This requirement is complete.', 'task', new.id, url);
    end if;
  end if;
  return null;
end;
$$;

comment on function private.notify_task_events() is
  'Trigger: new, resent and completed tasks notify the agent; responses (and completions by someone else) the coordinator; all open /listing/{id}?tab=tasks. The actor is skipped by private.notify().';

revoke execute on function private.notify_task_events() from public;

grant execute on function private.notify_task_events() to service_role;

-- A listing message opened from a notification lands where its recipient reads
-- the listing: the agent's /agent-listing/{id}, the coordinator's workspace on
-- its Messages tab (the old trigger sent both sides to the workspace). Team
-- messages are unchanged.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.notify_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender_name text := coalesce(
    (select nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') from public.users u where u.id = new.sender_id), 'User');
  recipient uuid;
begin
  if new.is_general then
    for recipient in
      select u.id from public.users u
      where (u.id = new.team_tc_id or u.assigned_tc_id = new.team_tc_id) and u.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', 'New team message from ' || sender_name, new.content, 'message', new.id, '/agent-messages');
    end loop;
  else
    for recipient in
      select distinct p.id from public.listings l
      cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
      where l.id = new.listing_id and p.id is not null and p.id is distinct from new.sender_id
    loop
      perform private.notify(recipient, 'message', 'New message from ' || sender_name, new.content, 'message', new.id,
        private.listing_url(new.listing_id, recipient, 'messages'));
    end loop;
  end if;
  return null;
end;
$$;

comment on function private.notify_message() is
  'Trigger: a listing message notifies the other side (agent at /agent-listing/{id}, coordinator at /listing/{id}?tab=messages); a team message the team.';

revoke execute on function private.notify_message() from public;

grant execute on function private.notify_message() to service_role;

-- Team chat mentions: a message naming a member of its channel as
-- `@First Last` (case-insensitive) gives that member a "mentioned you"
-- notification instead of the plain "New team chat message" the others of the
-- channel get (one notification per person and message). Both link
-- to the channel itself. Nobody is notified of their own message.

-- ---------------------------------------------------------------------------
-- Trigger function (replaces the notify-every-member version)
-- ---------------------------------------------------------------------------
create function private.notify_tc_team_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient record;
  url text := '/tc-team-chat?channel=' || coalesce(new.channel_id::text, 'general');
  channel_name text;
  sender_name text;
begin
  select c.name into channel_name from public.tc_channels c where c.id = new.channel_id;
  select btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) into sender_name
  from public.users u where u.id = new.sender_id;
  for recipient in
    select u.id,
      btrim(coalesce(u.first_name, '')) <> ''
        and position(lower('@' || btrim(u.first_name) || ' ' || btrim(coalesce(u.last_name, ''))) in lower(new.content)) > 0 as mentioned
    from public.users u
    where u.id is distinct from new.sender_id
      and (
        (new.channel_id is null and u.role = 'tc')
        or u.id in (select m.tc_id from public.tc_channel_members m where m.channel_id = new.channel_id)
      )
  loop
    if recipient.mentioned then
      perform private.notify(recipient.id, 'message',
        coalesce(nullif(sender_name, ''), 'Someone') || ' mentioned you in #' || coalesce(channel_name, 'general'),
        new.content, 'tc_team_message', new.id, url, 'high');
    else
      perform private.notify(recipient.id, 'message', 'New team chat message', new.content, 'tc_team_message', new.id, url);
    end if;
  end loop;
  return null;
end;
$$;

comment on function private.notify_tc_team_message() is
  'Trigger: every member of the message''s channel (general: every tc) but the sender gets one notification: "mentioned you" (high) when named as @First Last, else "New team chat message"; action_url /tc-team-chat?channel=<id|general>.';

revoke execute on function private.notify_tc_team_message() from public;

grant execute on function private.notify_tc_team_message() to service_role;

-- ---------------------------------------------------------------------------
-- Invitations
-- ---------------------------------------------------------------------------
create function private.notify_invitation_used()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify(new.invited_by, 'alert', 'Invitation accepted',
    new.email || ' joined as ' || new.role || '.', 'invitation', new.id, '/admin');
  return null;
end;
$$;

comment on function private.notify_invitation_used() is
  'Trigger: tells the inviter that an invitation was used.';

revoke execute on function private.notify_invitation_used() from public;

grant execute on function private.notify_invitation_used() to service_role;

-- A coordinator's response reaches the agent: the listing's agent gets a
-- notification pointing at their listing. Nobody is notified of their own action.

create function private.notify_tc_response()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.agent_id is distinct from new.tc_id and new.agent_id is distinct from private.current_account_id() then
    perform private.notify(new.agent_id, 'message', 'New response from your coordinator', new.content,
      'tc_response', new.id, '/agent-listing/' || new.listing_id);
  end if;
  return null;
end;
$$;

comment on function private.notify_tc_response() is
  'Trigger: notifies the agent of a coordinator response (type message, action_url /agent-listing/<listing_id>), unless the agent wrote it.';

revoke execute on function private.notify_tc_response() from public;

grant execute on function private.notify_tc_response() to service_role;

-- Where a listing notification takes its recipient. Agents read their listing
-- at /agent-listing/{id} (status, coordinator responses, documents, messages);
-- the Requirements tab lives only in the listing workspace, which agents open
-- too, so tasks go to /listing/{id}?tab=tasks for everyone. Coordinators and
-- super admins open the workspace on the named tab.

create function private.listing_url(listing_id uuid, recipient uuid, tab text default null)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when tab is distinct from 'tasks'
      and exists (select 1 from public.listings l where l.id = listing_id and l.agent_id = recipient)
      then '/agent-listing/' || listing_id
    else '/listing/' || listing_id || coalesce('?tab=' || tab, '')
  end
$$;

comment on function private.listing_url(listing_id uuid, recipient uuid, tab text) is
  'The app path a listing notification opens for its recipient: the agent''s /agent-listing/{id} for the listing''s agent (except tasks), else /listing/{id}?tab={tab}. One listings lookup by primary key.';

revoke execute on function private.listing_url(listing_id uuid, recipient uuid, tab text) from public;

grant execute on function private.listing_url(listing_id uuid, recipient uuid, tab text) to service_role;

-- A document uploaded to a listing tells the other people on it (its agent
-- and coordinator); the uploader is skipped by private.notify(). Team
-- documents notify nobody: the team sees them in its documents screen.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.notify_listing_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient uuid;
  listing_address text;
begin
  for recipient, listing_address in
    select distinct p.id, l.address from public.listings l
    cross join lateral (values (l.agent_id), (l.tc_id)) as p(id)
    where l.id = new.listing_id and p.id is not null
  loop
    perform private.notify(recipient, 'document', 'New document: ' || new.file_name,
      'Uploaded to ' || listing_address || '.', 'document', new.id,
      private.listing_url(new.listing_id, recipient, 'documents'));
  end loop;
  return null;
end;
$$;

comment on function private.notify_listing_document() is
  'Trigger: a listing document notifies the listing''s agent and coordinator (not the uploader), opening the Documents tab or the agent''s listing view.';

revoke execute on function private.notify_listing_document() from public;

grant execute on function private.notify_listing_document() to service_role;

-- A listing's status change tells its agent and its coordinator; whoever made
-- the change (usually the coordinator, through set_listing_status()) is
-- skipped by private.notify().

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.notify_listing_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  label text := case new.status
    when 'incomplete' then 'Incomplete' when 'ready' then 'Ready' when 'live' then 'Live' when 'under_contract' then 'Under Contract'
    else new.status end;
  recipient uuid;
begin
  for recipient in select distinct p.id from (values (new.agent_id), (new.tc_id)) as p(id) where p.id is not null loop
    perform private.notify(recipient, 'alert', 'Listing status: ' || label, new.address || ' is now ' || label || '.',
      'listing', new.id, private.listing_url(new.id, recipient));
  end loop;
  return null;
end;
$$;

comment on function private.notify_listing_status() is
  'Trigger: a status change notifies the listing''s agent and coordinator (not the actor), with the status label of the app.';

revoke execute on function private.notify_listing_status() from public;

grant execute on function private.notify_listing_status() to service_role;

-- read_at is the server's time of marking read, never the client's: set when
-- is_read turns true, kept while it stays true, cleared when it turns false.

-- ---------------------------------------------------------------------------
-- Trigger function
-- ---------------------------------------------------------------------------
create function private.stamp_notification_read_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.read_at := case
    when not new.is_read then null
    when old.is_read then old.read_at
    else now()
  end;
  return new;
end;
$$;

comment on function private.stamp_notification_read_at() is
  'Trigger: notifications.read_at follows is_read (now() when it turns true, null when false); a client-sent read_at is ignored.';

revoke execute on function private.stamp_notification_read_at() from public;

grant execute on function private.stamp_notification_read_at() to service_role;

-- 'Mark all as read' in one call. It runs as the caller (security invoker),
-- so RLS applies, and it names the caller's own inbox explicitly: a super
-- admin, who may read every inbox, still marks only their own.

create function public.mark_all_notifications_read()
returns integer
language sql
security invoker
set search_path = ''
as $$
  with marked as (
    update public.notifications n set is_read = true
    where n.user_id = (select private.current_account_id()) and not n.is_read
    returning 1
  )
  select count(*)::integer from marked
$$;

comment on function public.mark_all_notifications_read() is
  'Marks every unread notification of the active account read (read_at stamped by trigger) and returns how many; uses the partial unread index.';

revoke execute on function public.mark_all_notifications_read() from public, anon;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

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

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.notifications from anon, authenticated;

grant select, insert, delete on public.notifications to authenticated;

grant update (is_read, read_at) on public.notifications to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger notifications_set_timestamps before insert or update on public.notifications
  for each row execute function private.set_timestamps();

create trigger tasks_notify after insert or update of agent_response, last_reminded_at, status on public.tasks
  for each row execute function private.notify_task_events();

create trigger messages_notify after insert on public.messages
  for each row execute function private.notify_message();

create trigger tc_team_messages_notify after insert on public.tc_team_messages
  for each row execute function private.notify_tc_team_message();

create trigger invitations_notify_used after update of used on public.invitations
  for each row when (new.used and not old.used) execute function private.notify_invitation_used();

create trigger tc_responses_notify after insert on public.tc_responses
  for each row execute function private.notify_tc_response();

create trigger documents_notify after insert on public.documents
  for each row when (new.listing_id is not null) execute function private.notify_listing_document();

create trigger listings_notify_status after update of status on public.listings
  for each row when (new.status is distinct from old.status) execute function private.notify_listing_status();

create trigger notifications_stamp_read_at before update on public.notifications
  for each row execute function private.stamp_notification_read_at();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index notifications_user_id_created_at_id_idx on public.notifications (user_id, created_at desc, id desc);

create index notifications_user_id_type_created_at_id_idx on public.notifications (user_id, type, created_at desc, id desc);

create index notifications_user_id_is_read_created_at_idx on public.notifications (user_id, is_read, created_at desc, id desc);

comment on index public.notifications_user_id_is_read_created_at_idx is 'A user''s read or unread notifications, newest first: the unread page and the unread count (bell badge) with is_read as a parameter.';
