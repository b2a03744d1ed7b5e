-- ---------------------------------------------------------------------------
-- The contact book (issue 55): the people and companies a team deals with
-- (buyers, sellers, lenders, title officers, the other agent), kept once per
-- team and named by the parties of its listings (next migration).
--
-- A book is a team, identified like the team's other rows by an account id:
-- a coordinator's own id, which is also the book of the agents assigned to
-- them; an unassigned agent keeps a book of their own id
-- (private.contact_book_id()). The book is derived from the caller on insert
-- (a super admin may name any) and never moves (403).
--
-- The same e-mail (compared lower-cased and trimmed, as stored) or the same
-- phone number (compared by its digits, a leading US 1 of an 11-digit number
-- dropped) is never stored twice in a book: a duplicate is a 409 whose hint is
-- the existing contact's id, so the screen can offer "Use <name>". A contact
-- that is a party on a listing is not deleted (409) until it is removed there.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions the table uses
-- ---------------------------------------------------------------------------

create function private.contact_phone_digits(phone text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') ~ '^1[0-9]{10}$'
      then substr(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 2)
    else regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')
  end
$$;

comment on function private.contact_phone_digits(phone text) is
  'A phone number as compared in a contact book: its digits, a leading US 1 of an 11-digit number dropped; empty for none. The same expression as contacts.phone_digits.';

revoke execute on function private.contact_phone_digits(phone text) from public;

grant execute on function private.contact_phone_digits(phone text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  book_id uuid not null,
  name text not null check (char_length(name) between 1 and 200),
  company text check (char_length(company) <= 200),
  email text check (char_length(email) <= 255),
  phone text check (char_length(phone) <= 50),
  phone_digits text not null generated always as (private.contact_phone_digits(phone)) stored,
  display_name text check (char_length(display_name) <= 200),
  preferred_channel text not null default 'email' check (preferred_channel in ('email', 'phone', 'text')),
  created_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.contacts is
  'A team''s contact book (issue 55): people and companies named by the parties of the team''s listings. Read and written by the book''s members (its coordinator, the agents assigned to them, an unassigned agent for their own book) and super admins; also read by anyone who reads a listing party naming the contact. One e-mail and one phone number per book (409, hint = the existing id).';
comment on column public.contacts.id is 'Contact id.';
comment on column public.contacts.book_id is 'The book (team): a coordinator''s account id, or an unassigned agent''s own. Derived from the caller on insert (private.contact_book_id(); a super admin may name any); fixed afterwards (403).';
comment on column public.contacts.name is 'Full name or company name, 1 to 200 characters after trimming.';
comment on column public.contacts.company is 'Company (brokerage, title company, lender), at most 200 characters.';
comment on column public.contacts.email is 'E-mail address, stored lower-cased and trimmed; unique per book.';
comment on column public.contacts.phone is 'Phone number as entered, at most 50 characters.';
comment on column public.contacts.phone_digits is 'The phone number''s digits, a leading US 1 of an 11-digit number dropped; empty without phone. Unique per book when not empty.';
comment on column public.contacts.display_name is 'Name used in greetings ("Celia and Bill"); the name when empty.';
comment on column public.contacts.preferred_channel is 'How the contact prefers to be reached: email, phone or text.';
comment on column public.contacts.created_by is 'Who created the contact (set by the database); null once deleted or when created by the database.';
comment on column public.contacts.created_at is 'When the contact was created. Set by trigger.';
comment on column public.contacts.updated_at is 'When the contact last changed. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.contacts enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.contact_book_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(private.current_team_id(), private.current_account_id());
end;
$$;

comment on function private.contact_book_id() is
  'The caller''s contact book: their team (a coordinator''s own id, an assigned agent''s coordinator), else their own account (an unassigned agent, a super admin). Call as (select private.contact_book_id()).';

revoke execute on function private.contact_book_id() from public;

grant execute on function private.contact_book_id() to authenticated, service_role;

create function private.find_book_contact(book_id uuid, email text, phone text, except_id uuid default null)
returns public.contacts
language sql
stable
security definer
set search_path = ''
as $$
  select c.*
  from public.contacts c
  where c.book_id = find_book_contact.book_id
    and c.id is distinct from except_id
    and ((find_book_contact.email is not null and c.email = lower(private.trim_text(find_book_contact.email)))
      or (private.contact_phone_digits(find_book_contact.phone) <> ''
          and c.phone_digits = private.contact_phone_digits(find_book_contact.phone)))
  -- The e-mail match first: it is the stronger identity.
  order by (c.email = lower(private.trim_text(find_book_contact.email))) desc nulls last, c.created_at
  limit 1
$$;

comment on function private.find_book_contact(book_id uuid, email text, phone text, except_id uuid) is
  'The contact of a book with the same e-mail (lower-cased, trimmed) or the same phone digits, the e-mail match first; null when none. Whoever may read it: used for the duplicate 409 (its hint is the id) and by add_listing_party() and the seller sync to reuse a contact.';

revoke execute on function private.find_book_contact(book_id uuid, email text, phone text, except_id uuid) from public;

grant execute on function private.find_book_contact(book_id uuid, email text, phone text, except_id uuid) to authenticated, service_role;

-- Security invoker: current_user is the API role for direct requests and the
-- owner inside database functions (the seller sync), which name the book.
create function private.guard_contact()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api boolean := current_user in ('authenticated', 'anon');
  existing public.contacts;
begin
  if tg_op = 'INSERT' and api then
    if new.book_id is null or not private.is_super_admin() then
      new.book_id := private.contact_book_id();
    end if;
    if new.book_id is null then
      raise exception 'this sign-in has no account yet' using errcode = '42501';
    end if;
  end if;
  new.name := private.trim_text(new.name);
  if new.name is null then
    raise exception 'a contact needs a name' using errcode = '22023';
  end if;
  if char_length(new.name) > 200 then
    raise exception 'name must be at most 200 characters' using errcode = '22023';
  end if;
  new.company := private.trim_text(new.company);
  new.display_name := private.trim_text(new.display_name);
  new.phone := private.trim_text(new.phone);
  new.email := lower(private.trim_text(new.email));
  if new.email is not null and new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'email is not an e-mail address' using errcode = '22023';
  end if;
  if tg_op = 'INSERT'
     or new.email is distinct from old.email
     or private.contact_phone_digits(new.phone) is distinct from old.phone_digits then
    existing := private.find_book_contact(new.book_id, new.email, new.phone, new.id);
    if existing.id is not null then
      raise exception 'a contact with this % already exists: %',
        case when existing.email = new.email then 'e-mail' else 'phone' end, existing.name
        using errcode = 'PT409', hint = existing.id::text;
    end if;
  end if;
  return new;
end;
$$;

comment on function private.guard_contact() is
  'Trigger (before insert or update on contacts): API callers write into their own book (private.contact_book_id(); a super admin may name one); name required (1..200 after trimming, 400), texts trimmed, e-mail lower-cased and loosely checked (400 "email is not an e-mail address"); the same e-mail or phone digits as another contact of the book is a 409 "a contact with this e-mail|phone already exists: <name>" whose hint is that contact''s id.';

revoke execute on function private.guard_contact() from public;

grant execute on function private.guard_contact() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- The policy that lets a listing's people read the contacts its parties name
-- is added with listing_parties (next migration).
create policy "Members of a contact book can read its contacts"
on public.contacts for select to authenticated
using (
  book_id = (select private.contact_book_id())
  or (select private.is_super_admin())
);

create policy "Members of a contact book can add contacts to it"
on public.contacts for insert to authenticated
with check (
  book_id = (select private.contact_book_id())
  or (select private.is_super_admin())
);

create policy "Members of a contact book can update its contacts"
on public.contacts for update to authenticated
using (
  book_id = (select private.contact_book_id())
  or (select private.is_super_admin())
);

create policy "The book's coordinator or the creator can delete a contact"
on public.contacts for delete to authenticated
using (
  book_id = (select private.acting_tc_id())
  or created_by = (select private.current_account_id())
  or (select private.is_super_admin())
);

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.contacts from anon, authenticated;

grant select, delete on public.contacts to authenticated;

grant insert (id, book_id, name, company, email, phone, display_name, preferred_channel),
  update (book_id, name, company, email, phone, display_name, preferred_channel)
  on public.contacts to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger contacts_guard before insert or update on public.contacts
  for each row execute function private.guard_contact();

create trigger contacts_keep_columns before update on public.contacts
  for each row execute function private.keep_columns('book_id', 'created_by');

create trigger contacts_set_owner before insert on public.contacts
  for each row execute function private.set_owner('created_by');

create trigger contacts_set_timestamps before insert or update on public.contacts
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create unique index contacts_book_id_email_key on public.contacts (book_id, email) where email is not null;

comment on index public.contacts_book_id_email_key is 'One contact per e-mail in a book (a duplicate: 409 with the existing id as hint).';

create unique index contacts_book_id_phone_digits_key on public.contacts (book_id, phone_digits) where phone_digits <> '';

comment on index public.contacts_book_id_phone_digits_key is 'One contact per phone number (its digits) in a book.';

create index contacts_book_id_name_idx on public.contacts (book_id, lower(name));

comment on index public.contacts_book_id_name_idx is 'A book''s contacts by name (the contact book list, search_contacts()).';

create index contacts_name_trgm_idx on public.contacts using gin (name extensions.gin_trgm_ops);

comment on index public.contacts_name_trgm_idx is 'Substring search of contact names (search_contacts()).';

create index contacts_created_by_idx on public.contacts (created_by);
