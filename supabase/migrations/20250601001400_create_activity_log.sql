-- Activity log: what agents did (document_upload, photo_upload, task_response,
-- voice_message, listing_creation, ...). Written by triggers only; append-only.

create table public.activity_log (
  id uuid primary key default gen_random_uuid(),
  -- The actor may be deleted; their activity stays for the listing's record.
  user_id uuid references public.users (id) on delete set null,
  listing_id uuid references public.listings (id) on delete cascade,
  action text not null check (char_length(action) between 1 and 50),
  description text check (char_length(description) <= 1000),
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.activity_log is
  'Append-only activity of accounts on listings, written by triggers; coordinators read their agents'' activity.';

create index activity_log_user_id_created_at_idx on public.activity_log (user_id, created_at desc);
create index activity_log_listing_id_idx on public.activity_log (listing_id);

create trigger activity_log_set_timestamps before insert or update on public.activity_log
  for each row execute function private.set_timestamps('created_only');

alter table public.activity_log enable row level security;

create policy "Users can read their activity and coordinators their agents' activity"
on public.activity_log for select to authenticated
using (
  (select private.is_super_admin())
  or user_id = (select private.current_account_id())
  or user_id in (select private.coordinated_agent_ids())
  or listing_id in (select private.coordinated_listing_ids())
);

create policy "Super admins can delete activity"
on public.activity_log for delete to authenticated
using ((select private.is_super_admin()));

revoke all on public.activity_log from anon, authenticated;
grant select, delete on public.activity_log to authenticated;

create function private.log_activity(actor uuid, listing uuid, action text, description text, metadata jsonb default '{}'::jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.activity_log (user_id, listing_id, action, description, metadata)
  values (actor, listing, action, description, coalesce(metadata, '{}'::jsonb))
$$;
comment on function private.log_activity(uuid, uuid, text, text, jsonb) is 'Appends an activity row. Used by triggers; not granted to API roles.';
revoke execute on function private.log_activity(uuid, uuid, text, text, jsonb) from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.log_activity(uuid, uuid, text, text, jsonb)
from public, anon;
