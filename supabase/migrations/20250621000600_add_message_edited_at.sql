-- "(edited)" in the team chat must mean the text changed: updated_at also moves
-- when a manager pins a message. edited_at is stamped by the database when
-- the content changes, and clients cannot write it (no column grant).

-- ---------------------------------------------------------------------------
-- Column
-- ---------------------------------------------------------------------------
alter table public.tc_team_messages add column edited_at timestamptz;
comment on column public.tc_team_messages.edited_at is 'When the sender last changed the content (null: never edited). Set by trigger only.';

-- ---------------------------------------------------------------------------
-- Trigger
-- ---------------------------------------------------------------------------
create function private.stamp_message_edit()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.edited_at := case when new.content is distinct from old.content then now() else old.edited_at end;
  return new;
end;
$$;
comment on function private.stamp_message_edit() is 'Trigger on tc_team_messages: edited_at follows content changes only (never a client value).';

create trigger tc_team_messages_stamp_edit before update on public.tc_team_messages
  for each row execute function private.stamp_message_edit();

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.stamp_message_edit() from public, anon, authenticated;
