-- ---------------------------------------------------------------------------
-- A contact's book defaults to the caller's (issue 55). The book was already
-- derived by private.guard_contact() whatever a client sends, but the column
-- had no default, so the generated types made every insert name a book that
-- the database then replaced. With private.contact_book_id() as the default
-- (evaluated as the caller, like invitations' expires_at) the client leaves
-- it out; the guard still decides (a super admin may name another book). The
-- service role and database functions, which have no caller, name the book.
-- ---------------------------------------------------------------------------

alter table public.contacts alter column book_id set default private.contact_book_id();

comment on column public.contacts.book_id is
  'The book (team): a coordinator''s account id, or an unassigned agent''s (or super admin''s) own. Defaults to and is derived from the caller on insert (private.contact_book_id(); a super admin may name any); fixed afterwards (403).';
