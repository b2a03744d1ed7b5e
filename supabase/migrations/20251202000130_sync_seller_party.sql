-- ---------------------------------------------------------------------------
-- The listing's seller fields become its first seller party (issue 55).
--
-- listings.seller_name / seller_email / seller_phone stay (the listing form
-- and the admin console read them); whenever they are written, the seller
-- they describe is the listing's seller party at position 0, a contact of the
-- listing team's book (tc_id, else agent_id):
--   * the book's contact with that e-mail or phone is reused as it is;
--   * else the contact of the fields' party (the seller at position 0 whose
--     contact is named like the fields are, or named, mailed or phoned as
--     they were) when it has the new name: the same seller, now with an
--     e-mail or phone; its blank e-mail or phone is filled, nothing else;
--   * else a new contact.
-- The fields' party (position 0) is pointed at that contact, or added. A
-- seller name cleared leaves the party: people remove parties. A seller
-- e-mail that is not an address is left out of the contact (the listing form
-- never checked it); a name longer than a contact's is cut to 200.
-- Every existing listing with a seller name is brought in at the end.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.sync_seller_party(listing public.listings, previous public.listings default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  seller_name text := left(private.trim_text(listing.seller_name), 200);
  seller_email text := lower(private.trim_text(listing.seller_email));
  book uuid := coalesce(listing.tc_id, listing.agent_id);
  contact public.contacts;
  fields_party public.listing_parties;
  fields_contact public.contacts;
begin
  if seller_name is null or book is null then
    return;
  end if;
  if seller_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    seller_email := null;
  end if;
  -- The fields' party: the first seller at position 0 whose contact has the
  -- new name, or the name, e-mail or phone the fields had before.
  select p.* into fields_party
  from public.listing_parties p join public.contacts c on c.id = p.contact_id
  where p.listing_id = listing.id and p.role = 'seller' and p.position = 0
    and (lower(c.name) in (lower(seller_name), lower(left(private.trim_text(previous.seller_name), 200)))
      or c.email = lower(private.trim_text(previous.seller_email))
      or (c.phone_digits <> '' and c.phone_digits = private.contact_phone_digits(previous.seller_phone)))
  order by p.created_at, p.id
  limit 1;
  contact := private.find_book_contact(book, seller_email, listing.seller_phone);
  if contact.id is null and fields_party.id is not null then
    select c.* into fields_contact from public.contacts c where c.id = fields_party.contact_id;
    if lower(fields_contact.name) = lower(seller_name)
       and private.find_book_contact(fields_contact.book_id, seller_email, listing.seller_phone, fields_contact.id) is null then
      update public.contacts c
      set email = coalesce(c.email, seller_email), phone = coalesce(c.phone, private.trim_text(listing.seller_phone))
      where c.id = fields_contact.id
      returning c.* into contact;
    end if;
  end if;
  if contact.id is null then
    insert into public.contacts (book_id, name, email, phone, created_by)
    values (book, seller_name, seller_email, private.trim_text(listing.seller_phone), private.current_account_id())
    returning * into contact;
  end if;
  if exists (select 1 from public.listing_parties p where p.listing_id = listing.id and p.role = 'seller' and p.contact_id = contact.id) then
    return;
  end if;
  if fields_party.id is not null then
    update public.listing_parties p set contact_id = contact.id where p.id = fields_party.id;
  else
    insert into public.listing_parties (listing_id, contact_id, role, position, created_by)
    values (listing.id, contact.id, 'seller', 0, private.current_account_id());
  end if;
end;
$$;

comment on function private.sync_seller_party(listing public.listings, previous public.listings) is
  'Makes a listing''s seller fields its seller party at position 0, in the listing team''s book (tc_id, else agent_id): the book''s contact with the seller e-mail or phone, else the fields'' party''s contact of that name (blank e-mail or phone filled), else a new contact; the fields'' party (its contact with the new name or the previous fields'' name, e-mail or phone) is pointed at it, or a party added. Nothing without a seller name; an invalid e-mail is left out.';

revoke execute on function private.sync_seller_party(listing public.listings, previous public.listings) from public;

grant execute on function private.sync_seller_party(listing public.listings, previous public.listings) to service_role;

create function private.on_listing_seller_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.sync_seller_party(new, case when tg_op = 'UPDATE' then old end);
  return null;
end;
$$;

comment on function private.on_listing_seller_change() is
  'Trigger (after insert of a listing with a seller name, after update of its seller fields when they change): private.sync_seller_party().';

revoke execute on function private.on_listing_seller_change() from public;

grant execute on function private.on_listing_seller_change() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listings_sync_seller_party_on_insert
after insert on public.listings
for each row when (new.seller_name is not null)
execute function private.on_listing_seller_change();

create trigger listings_sync_seller_party_on_update
after update of seller_name, seller_email, seller_phone on public.listings
for each row when ((new.seller_name, new.seller_email, new.seller_phone) is distinct from (old.seller_name, old.seller_email, old.seller_phone))
execute function private.on_listing_seller_change();

-- ---------------------------------------------------------------------------
-- Section - Data
-- ---------------------------------------------------------------------------

do $$
declare
  listing public.listings;
begin
  for listing in
    select l.* from public.listings l where private.trim_text(l.seller_name) is not null order by l.created_at, l.id
  loop
    perform private.sync_seller_party(listing);
  end loop;
end;
$$;
