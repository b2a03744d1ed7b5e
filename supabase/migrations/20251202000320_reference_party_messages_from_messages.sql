-- ---------------------------------------------------------------------------
-- Messages to parties, part C (issue 55): the thread's copy of a message sent
-- to parties (messages.email_direction outbound, written by
-- public.finish_party_message()) points at its party message, whose
-- recipients the thread shows ("E-mail to Celia Ortiz, Bill Ortiz"). Deleting
-- the party message keeps the thread's row (set null): what was sent stays
-- on the listing.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.messages
  add constraint messages_party_message_id_fkey foreign key (party_message_id) references public.party_messages (id) on delete set null;

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

-- Only outbound copies carry one: a partial index serves the foreign key's
-- set null without an entry for every chat message.
create index messages_party_message_id_idx on public.messages (party_message_id) where party_message_id is not null;

comment on index public.messages_party_message_id_idx is 'The thread''s copy of a party message: the foreign key''s set null when the message is deleted.';
