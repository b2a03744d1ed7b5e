-- Coordinator responses: a tc's reply to the listing's agent (note, document,
-- photo or task), shown to that agent.

create table public.tc_responses (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  tc_id uuid references public.users (id) on delete set null,
  agent_id uuid references public.users (id) on delete set null,
  response_type varchar(50) not null check (response_type in ('note', 'document', 'photo', 'task')),
  related_item_id uuid,
  content text not null check (char_length(btrim(content)) between 1 and 10000),
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.tc_responses is
  'A coordinator''s response to a listing''s agent. related_item_id points at the note, document or task it concerns (polymorphic, so no foreign key).';

create index tc_responses_listing_id_idx on public.tc_responses (listing_id);
create index tc_responses_tc_id_idx on public.tc_responses (tc_id);
create index tc_responses_agent_id_created_at_idx on public.tc_responses (agent_id, created_at desc);

create trigger tc_responses_set_timestamps before insert or update on public.tc_responses
  for each row execute function private.set_timestamps('created_only');

alter table public.tc_responses enable row level security;

create policy "Coordinators and agents can read responses between them"
on public.tc_responses for select to authenticated
using (
  (select private.is_super_admin())
  or tc_id = (select private.current_account_id())
  or agent_id = (select private.current_account_id())
);

create policy "Coordinators can respond to the agent of listings they coordinate"
on public.tc_responses for insert to authenticated
with check (
  tc_id = (select private.current_account_id())
  and ((select private.is_super_admin()) or listing_id in (select private.coordinated_listing_ids()))
  and private.is_listing_agent(listing_id, agent_id)
);

create policy "Recipients can mark responses read and authors edit them"
on public.tc_responses for update to authenticated
using (
  (select private.is_super_admin())
  or tc_id = (select private.current_account_id())
  or agent_id = (select private.current_account_id())
)
with check (
  (select private.is_super_admin())
  or tc_id = (select private.current_account_id())
  or agent_id = (select private.current_account_id())
);

create policy "Authors and super admins can delete responses"
on public.tc_responses for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.tc_responses from anon, authenticated;
grant select, insert, delete on public.tc_responses to authenticated;
-- The agent may only flip is_read; content stays the coordinator's.
grant update (is_read) on public.tc_responses to authenticated;
