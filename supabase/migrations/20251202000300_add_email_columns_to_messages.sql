-- ---------------------------------------------------------------------------
-- Messages to parties, part C (issue 55): a listing's thread also holds the
-- e-mails exchanged with the parties on the deal — the copy of each message
-- sent to them (outbound, written by public.finish_party_message()) and each
-- reply a party sends to listing-<id>@<domain> (inbound, written by the
-- inbound-email function with the service role).
--
-- Only the database and the service role write these columns: an API caller
-- cannot pass a message off as an e-mail from a party, so a sent value is
-- overwritten with null on insert (as notes' is_email) and an update that
-- changes one is refused (403, private.keep_columns()). The foreign keys to
-- party_messages and listing_parties follow in
-- …_reference_parties_from_messages.sql, once those tables exist.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.messages
  add column party_message_id uuid,
  add column party_id uuid,
  add column email_from text check (char_length(email_from) <= 500),
  add column email_subject text check (char_length(email_subject) <= 1000),
  add column email_direction text check (email_direction in ('outbound', 'inbound')),
  add constraint messages_email_check check (
    email_direction is not null
    or (party_message_id is null and party_id is null and email_from is null and email_subject is null)
  );

comment on column public.messages.party_message_id is
  'Outbound e-mail: the party message (public.party_messages) this row is the thread''s copy of; null otherwise, or once that message is deleted. Set only by the database.';

comment on column public.messages.party_id is
  'Inbound e-mail: the listing party (public.listing_parties) whose contact''s e-mail sent the reply; null otherwise, or once the party is removed. Set only by the service role.';

comment on column public.messages.email_from is
  'E-mail rows: the sender as "Name <address>" (the coordinator''s system sender for outbound, the party for inbound); null for chat messages.';

comment on column public.messages.email_subject is
  'E-mail rows: the subject sent or received (at most 1,000 characters); null for chat messages.';

comment on column public.messages.email_direction is
  'outbound: a message sent to the listing''s parties; inbound: a party''s reply to the listing''s address; null: a message written in the app. The other e-mail columns are set only on e-mail rows.';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Security invoker on purpose: current_user is the API role for direct
-- requests, and the owner inside security definer functions.
create function private.clear_message_email_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    new.party_message_id := null;
    new.party_id := null;
    new.email_from := null;
    new.email_subject := null;
    new.email_direction := null;
  end if;
  return new;
end;
$$;

comment on function private.clear_message_email_columns() is
  'Trigger (before insert on messages): messages written through the API are never e-mails to or from parties; sent party_message_id, party_id, email_from, email_subject and email_direction are overwritten with null.';

revoke execute on function private.clear_message_email_columns() from public;

grant execute on function private.clear_message_email_columns() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger messages_clear_email_columns before insert on public.messages
  for each row execute function private.clear_message_email_columns();

create trigger messages_keep_email_columns before update on public.messages
  for each row execute function private.keep_columns('party_message_id', 'party_id', 'email_from', 'email_subject', 'email_direction');
