-- Notes filed from an e-mail to the listing's forwarding address carry a marker
-- (the 'E-mail' badge). Only the inbound e-mail filing (a security definer
-- function run for the service role) sets it: API callers always write false,
-- so nobody can dress a typed note up as a received mail.

-- ---------------------------------------------------------------------------
-- Column
-- ---------------------------------------------------------------------------
alter table public.notes add column is_email boolean not null default false;
comment on column public.notes.is_email is
  'True when the note was filed from an e-mail to listing-{id}@{domain} (public.inbound_emails.note_id points back); set only by public.file_inbound_email().';

-- ---------------------------------------------------------------------------
-- Trigger: API callers cannot set the marker (security invoker on purpose:
-- current_user is the API role for direct requests)
-- ---------------------------------------------------------------------------
create function private.clear_note_email_marker()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    new.is_email := false;
  end if;
  return new;
end;
$$;
comment on function private.clear_note_email_marker() is
  'Trigger (before insert): notes written through the API are never marked as e-mail; a sent is_email is overwritten with false.';

create trigger notes_clear_email_marker before insert on public.notes
  for each row execute function private.clear_note_email_marker();

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function private.clear_note_email_marker() from public, anon;
