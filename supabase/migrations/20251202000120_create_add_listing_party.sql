-- ---------------------------------------------------------------------------
-- Adding a party and searching the contact book (issue 55): the two calls of
-- the Parties tab's "Add party".
--
-- public.add_listing_party() names a contact of the book (contact_id) or
-- describes one (contact): a described contact with the e-mail or phone of a
-- contact already in the book is that contact, reused as it is (its fields
-- are not overwritten: the screen shows "Use <name>" before); otherwise it is
-- created in the book. Then the party is added after the role's others. Both
-- are security invoker: the policies and triggers of contacts and
-- listing_parties decide, the functions add no right.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function public.add_listing_party(listing_id uuid, role text, contact jsonb default null, contact_id uuid default null)
returns public.listing_parties
language plpgsql
security invoker
set search_path = ''
as $$
declare
  team_book uuid;
  book uuid;
  key text;
  found_contact public.contacts;
  chosen uuid := add_listing_party.contact_id;
  party public.listing_parties;
begin
  if role is null or not (role = any (private.party_roles())) then
    raise exception 'unknown role "%"; a party is one of %', role, array_to_string(private.party_roles(), ', ')
      using errcode = '22023';
  end if;
  select coalesce(l.tc_id, l.agent_id) into team_book from public.listings l where l.id = add_listing_party.listing_id;
  if not found then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if (contact is null) = (chosen is null) then
    raise exception 'give either contact_id or contact (name, company, email, phone, display_name, preferred_channel)'
      using errcode = '22023';
  end if;
  if contact is not null then
    if jsonb_typeof(contact) <> 'object' then
      raise exception 'contact must be an object' using errcode = '22023';
    end if;
    for key in select jsonb_object_keys(contact) loop
      if key <> all (array['name', 'company', 'email', 'phone', 'display_name', 'preferred_channel']) then
        raise exception 'unknown contact key "%"', key using errcode = '22023';
      end if;
    end loop;
    -- A super admin adds to the listing team's book; everyone else to their
    -- own, which is the listing team's when they belong to it.
    book := case when private.is_super_admin() then team_book else private.contact_book_id() end;
    found_contact := private.find_book_contact(book, contact ->> 'email', contact ->> 'phone');
    if found_contact.id is not null then
      chosen := found_contact.id;
    else
      insert into public.contacts (book_id, name, company, email, phone, display_name, preferred_channel)
      values (book, contact ->> 'name', contact ->> 'company', contact ->> 'email', contact ->> 'phone',
        contact ->> 'display_name', coalesce(contact ->> 'preferred_channel', 'email'))
      returning id into chosen;
    end if;
  end if;
  insert into public.listing_parties (listing_id, contact_id, role, position)
  values (add_listing_party.listing_id, chosen, add_listing_party.role,
    coalesce((select max(p.position) + 1 from public.listing_parties p
              where p.listing_id = add_listing_party.listing_id and p.role = add_listing_party.role), 0))
  returning * into party;
  return party;
end;
$$;

comment on function public.add_listing_party(listing_id uuid, role text, contact jsonb, contact_id uuid) is
  'Adds a party to a listing (the people on it; unseen listing 404): contact_id names a contact the caller reads (else 404), or contact {name, company, email, phone, display_name, preferred_channel} describes one, reused when the book (the caller''s; a super admin''s: the listing team''s) has its e-mail or phone (never a second row, its fields left as they are), else created. The party goes after the role''s others. 400: unknown role (named), unknown contact key, both or neither of contact and contact_id; 409: the contact already holds the role.';

revoke execute on function public.add_listing_party(listing_id uuid, role text, contact jsonb, contact_id uuid) from public, anon;

grant execute on function public.add_listing_party(listing_id uuid, role text, contact jsonb, contact_id uuid) to authenticated, service_role;

create function public.search_contacts(query text, max_rows integer default 20)
returns setof public.contacts
language sql
stable
security invoker
set search_path = ''
as $$
  with q as (
    select private.trim_text(query) as text,
      replace(replace(replace(coalesce(private.trim_text(query), ''), '\', '\\'), '%', '\%'), '_', '\_') as pattern,
      regexp_replace(coalesce(query, ''), '[^0-9]', '', 'g') as digits
  )
  select c.*
  from public.contacts c, q
  where (c.book_id = (select private.contact_book_id()) or (select private.is_super_admin()))
    and (q.text is null
      or c.name ilike '%' || q.pattern || '%'
      or c.company ilike '%' || q.pattern || '%'
      or c.display_name ilike '%' || q.pattern || '%'
      or c.email ilike '%' || q.pattern || '%'
      or (char_length(q.digits) >= 3 and c.phone_digits like '%' || q.digits || '%'))
  order by
    c.email = lower(q.text) desc nulls last,
    lower(c.name) like lower(q.pattern) || '%' desc,
    extensions.similarity(c.name, coalesce(q.text, '')) desc,
    lower(c.name), c.id
  limit greatest(1, least(coalesce(max_rows, 20), 100))
$$;

comment on function public.search_contacts(query text, max_rows integer) is
  'The Add party search: contacts of the caller''s book (a super admin: every book) whose name, company, display name or e-mail contains query, or whose phone digits contain its digits (3 or more); best first (the e-mail itself, names starting with it, trigram similarity, then by name). An empty query lists the book by name. max_rows 1..100 (default 20). Security invoker: the contacts policies apply.';

revoke execute on function public.search_contacts(query text, max_rows integer) from public, anon;

grant execute on function public.search_contacts(query text, max_rows integer) to authenticated, service_role;
