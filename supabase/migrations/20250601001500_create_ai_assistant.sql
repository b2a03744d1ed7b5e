-- AI assistant (coordinators and super admins): assistant settings, chat
-- history, logged interactions and general insights. Every row belongs to one
-- account and is private to it; super admins may read and delete.

-- ---------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------
create table public.ai_assistant (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  assistant_type text not null default 'general' check (char_length(assistant_type) <= 50),
  context jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.ai_assistant is 'A coordinator''s AI assistant configuration and context.';

create table public.ai_conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  content text not null check (char_length(content) <= 50000),
  "timestamp" timestamptz not null default now()
);
comment on table public.ai_conversations is 'AI chat history of an account (entries by the user or the assistant); Clear Chat deletes them.';

create table public.ai_interactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  type text not null check (char_length(type) <= 50),
  input text,
  output text,
  confidence numeric(4, 3) check (confidence between 0 and 1),
  created_at timestamptz not null default now()
);
comment on table public.ai_interactions is 'Log of AI calls of an account (input, output, confidence 0-1).';

create table public.ai_insights (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  category text not null check (char_length(category) <= 50),
  title text not null check (char_length(title) <= 255),
  description text,
  priority varchar(20) not null default 'medium' check (priority in ('low', 'medium', 'high', 'urgent')),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table public.ai_insights is 'General AI insights shown to an account.';

create index ai_assistant_tc_id_idx on public.ai_assistant (tc_id);
create index ai_conversations_user_id_timestamp_idx on public.ai_conversations (user_id, "timestamp");
create index ai_interactions_user_id_idx on public.ai_interactions (user_id);
create index ai_insights_user_id_idx on public.ai_insights (user_id);

create trigger ai_assistant_set_timestamps before insert or update on public.ai_assistant
  for each row execute function private.set_timestamps();
create trigger ai_interactions_set_timestamps before insert or update on public.ai_interactions
  for each row execute function private.set_timestamps('created_only');
create trigger ai_insights_set_timestamps before insert or update on public.ai_insights
  for each row execute function private.set_timestamps('created_only');

-- ---------------------------------------------------------------------------
-- Row-level security: owner-only; only coordinators and super admins use AI.
-- ---------------------------------------------------------------------------
alter table public.ai_assistant enable row level security;
alter table public.ai_conversations enable row level security;
alter table public.ai_interactions enable row level security;
alter table public.ai_insights enable row level security;

create policy "Coordinators can read their assistant"
on public.ai_assistant for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can create their assistant"
on public.ai_assistant for insert to authenticated
with check (tc_id = (select private.current_account_id()) and (select private.is_coordinator()));
create policy "Coordinators can update their assistant"
on public.ai_assistant for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));
create policy "Coordinators can delete their assistant"
on public.ai_assistant for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Users can read their AI chat"
on public.ai_conversations for select to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can add to their AI chat"
on public.ai_conversations for insert to authenticated
with check (user_id = (select private.current_account_id()) and (select private.is_coordinator()));
create policy "Nobody but super admins can rewrite AI chat entries"
on public.ai_conversations for update to authenticated
using ((select private.is_super_admin()))
with check ((select private.is_super_admin()));
create policy "Users can clear their AI chat"
on public.ai_conversations for delete to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Users can read their AI interactions"
on public.ai_interactions for select to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can log their AI interactions"
on public.ai_interactions for insert to authenticated
with check (user_id = (select private.current_account_id()) and (select private.is_coordinator()));
create policy "Users can update their AI interactions"
on public.ai_interactions for update to authenticated
using (user_id = (select private.current_account_id()))
with check (user_id = (select private.current_account_id()));
create policy "Users can delete their AI interactions"
on public.ai_interactions for delete to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Users can read their AI insights"
on public.ai_insights for select to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));
create policy "Coordinators can add their AI insights"
on public.ai_insights for insert to authenticated
with check (user_id = (select private.current_account_id()) and (select private.is_coordinator()));
create policy "Users can update their AI insights"
on public.ai_insights for update to authenticated
using (user_id = (select private.current_account_id()))
with check (user_id = (select private.current_account_id()));
create policy "Users can delete their AI insights"
on public.ai_insights for delete to authenticated
using (user_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.ai_assistant, public.ai_conversations, public.ai_interactions, public.ai_insights from anon, authenticated;
grant select, insert, update, delete on public.ai_assistant, public.ai_conversations, public.ai_interactions,
  public.ai_insights to authenticated;
