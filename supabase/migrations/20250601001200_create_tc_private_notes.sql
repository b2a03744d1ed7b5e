-- A coordinator's private notes about an agent: visible to their author only
-- (and to super admins, who see everything).

create table public.tc_private_notes (
  id uuid primary key default gen_random_uuid(),
  tc_id uuid not null references public.users (id) on delete cascade,
  agent_id uuid references public.users (id) on delete cascade,
  content text not null check (char_length(btrim(content)) between 1 and 20000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.tc_private_notes is 'Private notes a coordinator keeps about an agent; deleted with either of them.';

create index tc_private_notes_tc_id_agent_id_idx on public.tc_private_notes (tc_id, agent_id);
create index tc_private_notes_agent_id_idx on public.tc_private_notes (agent_id);

create trigger tc_private_notes_set_timestamps before insert or update on public.tc_private_notes
  for each row execute function private.set_timestamps();

alter table public.tc_private_notes enable row level security;

create policy "Coordinators can read their private notes"
on public.tc_private_notes for select to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

create policy "Coordinators can write private notes about their agents"
on public.tc_private_notes for insert to authenticated
with check (
  tc_id = (select private.current_account_id()) and (select private.is_coordinator())
  and (agent_id is null or agent_id in (select private.coordinated_agent_ids()) or (select private.is_super_admin()))
);

create policy "Coordinators can edit their private notes"
on public.tc_private_notes for update to authenticated
using (tc_id = (select private.current_account_id()))
with check (tc_id = (select private.current_account_id()));

create policy "Coordinators can delete their private notes"
on public.tc_private_notes for delete to authenticated
using (tc_id = (select private.current_account_id()) or (select private.is_super_admin()));

revoke all on public.tc_private_notes from anon, authenticated;
grant select, insert, delete on public.tc_private_notes to authenticated;
grant update (content) on public.tc_private_notes to authenticated;
