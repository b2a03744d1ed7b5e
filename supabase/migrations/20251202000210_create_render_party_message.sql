-- ---------------------------------------------------------------------------
-- Rendering a message to the parties (issue 55, part B): a template's subject
-- and body with their merge fields filled from the listing as it is now (its
-- parties, address, price, active contract and key dates in the contract's
-- time zone, coordinator and agent), and its recipients from the parties of
-- the roles named. A field with no value on this listing is never blanked: it
-- stays as written and is reported in `missing` ("{{lender.name}}: no lender
-- on this listing"), which holds the message until it has a value. Called
-- whenever a message is created, edited, re-rendered after a change, and at
-- the moment it is sent.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.format_money(amount numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when amount is null then null
    when amount = trunc(amount) then to_char(amount, 'FM$999,999,999,990')
    else to_char(amount, 'FM$999,999,999,990.00') end
$$;

comment on function private.format_money(amount numeric) is
  'An amount of dollars as people write it: $1,250,000 (cents only when there are some: $1,250.50).';

revoke execute on function private.format_money(amount numeric) from public;

grant execute on function private.format_money(amount numeric) to authenticated, service_role;

create function private.party_role_noun(role text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case role when 'lender' then 'lender' when 'title_escrow' then 'title / escrow officer' when 'hoa' then 'HOA'
    else lower(private.party_role_label(role)) end
$$;

comment on function private.party_role_noun(role text) is
  'A party role inside a sentence ("no lender on this listing", "no buyer''s agent on this listing").';

revoke execute on function private.party_role_noun(role text) from public;

grant execute on function private.party_role_noun(role text) to authenticated, service_role;

-- The session's time zone is set to the contract's inside (the SET clause
-- restores it when the function returns), so to_char's TZ gives CST or CDT
-- as that day had it.
create function private.render_party_message(
  listing_id uuid,
  subject_source text,
  body_source text,
  to_roles text[],
  cc_roles text[],
  out subject text,
  out body text,
  out to_recipients jsonb,
  out cc_recipients jsonb,
  out missing text[]
)
language plpgsql
stable
security definer
set search_path = ''
set timezone = 'UTC'
as $$
declare
  l public.listings;
  c public.contracts;
  coordinator public.users;
  agent public.users;
  parties jsonb;
  field text;
  head text;
  attribute text;
  value text;
  reason text;
  due timestamptz;
  address_parts text[];
  person_name text;
  role text;
  person jsonb;
  seen text[] := '{}';
begin
  missing := '{}';
  subject := subject_source;
  body := body_source;
  to_recipients := '[]'::jsonb;
  cc_recipients := '[]'::jsonb;
  select * into l from public.listings x where x.id = render_party_message.listing_id;
  if not found then
    missing := array['the listing no longer exists'];
    return;
  end if;
  select * into c from public.contracts x where x.listing_id = l.id and x.status = 'active';
  select * into coordinator from public.users u where u.id = l.tc_id;
  select * into agent from public.users u where u.id = l.agent_id;
  parties := coalesce(private.listing_party_values(l.id), '{}'::jsonb);
  perform set_config('timezone', coalesce(c.time_zone, 'UTC'), true);

  -- Each field once, in the order it first appears (subject, then body): what is missing reads in that order.
  foreach field in array (select coalesce(array_agg(u.f order by u.first), '{}')
                          from (select x.f, min(x.n) as first
                                from unnest(private.merge_field_names(subject_source) || private.merge_field_names(body_source))
                                  with ordinality as x(f, n)
                                group by x.f) u) loop
    value := null;
    reason := null;
    head := split_part(field, '.', 1);
    attribute := substr(field, char_length(head) + 2);
    if head = any (private.party_roles()) then
      if parties -> head is null then
        reason := 'no ' || private.party_role_noun(head) || ' on this listing';
      else
        value := case attribute
          when 'email' then (select string_agg(e, ', ') from jsonb_array_elements_text(parties -> head -> 'email') e where e <> '')
          else nullif(btrim(parties -> head ->> attribute), '') end;
        reason := 'the ' || private.party_role_noun(head) || ' has no '
          || case attribute when 'display_name' then 'greeting name' when 'email' then 'e-mail' else attribute end;
      end if;
    elsif field = 'listing.address' then
      value := l.address;
    elsif field in ('listing.city', 'listing.state') then
      address_parts := regexp_split_to_array(btrim(l.address), '\s*,\s*');
      value := case when field = 'listing.city' and cardinality(address_parts) >= 3 then address_parts[cardinality(address_parts) - 1]
        when field = 'listing.state' then coalesce(l.state, substring(address_parts[cardinality(address_parts)] from '^([A-Z]{2})\M')) end;
      reason := 'the address names no ' || attribute;
    elsif field = 'listing.price' then
      value := coalesce(private.format_money(c.sales_price),
        case when l.listing_price ~ '^\$?\s*[0-9][0-9,]*(\.[0-9]{1,2})?$'
          then private.format_money(regexp_replace(l.listing_price, '[$,\s]', '', 'g')::numeric)
          else nullif(btrim(l.listing_price), '') end);
      reason := 'no price on this listing or its contract';
    elsif head = 'contract' then
      if c.id is null then
        reason := 'no active contract';
      else
        value := case attribute
          when 'sales_price' then private.format_money(c.sales_price)
          when 'earnest_money' then private.format_money(c.earnest_money)
          when 'option_fee' then private.format_money(c.option_fee)
          when 'financing_type' then case c.financing_type when 'fha' then 'FHA' when 'va' then 'VA' else initcap(c.financing_type) end
          when 'buyer_names' then nullif(btrim(c.buyer_names), '') end;
        reason := 'the contract has no ' || replace(attribute, '_', ' ');
      end if;
    elsif head = 'date' then
      due := null;
      if c.id is not null then
        select d.due_at into due from public.contract_deadlines d
        where d.contract_id = c.id and d.key = split_part(attribute, '.', 1);
      end if;
      value := case when attribute like '%.day' then to_char(due, 'Dy, Mon FMDD, YYYY')
        else to_char(due, 'Dy, Mon FMDD, YYYY "at" FMHH12:MI AM TZ') end;
      reason := 'no ' || replace(split_part(attribute, '.', 1), '_', ' ') || ' date';
    elsif head = 'coordinator' then
      person_name := nullif(btrim(concat_ws(' ', coordinator.first_name, coordinator.last_name)), '');
      if coordinator.id is null then
        reason := 'no coordinator on this listing';
      else
        value := case attribute
          when 'name' then coalesce(person_name, coordinator.email)
          when 'email' then coordinator.email
          when 'phone' then nullif(btrim(coordinator.phone), '')
          when 'signature' then concat_ws(E'\n', coalesce(person_name, coordinator.email), nullif(btrim(coordinator.phone), ''), coordinator.email) end;
        reason := 'the coordinator has no ' || attribute;
      end if;
    elsif field = 'agent.name' then
      value := coalesce(nullif(btrim(concat_ws(' ', agent.first_name, agent.last_name)), ''), agent.email);
      reason := 'no agent on this listing';
    elsif field = 'portal.link' then
      reason := 'the party portal link is not available yet';
    else
      reason := 'unknown merge field';
    end if;

    if value is null then
      missing := missing || case when field = 'portal.link' then reason else '{{' || field || '}}: ' || reason end;
    else
      -- Every spelling of the field ({{x}}, {{ x }}); the value is literal text (backslashes doubled for regexp_replace).
      subject := regexp_replace(subject, '\{\{\s*' || replace(field, '.', '\.') || '\s*\}\}', replace(value, '\', '\\'), 'g');
      body := regexp_replace(body, '\{\{\s*' || replace(field, '.', '\.') || '\s*\}\}', replace(value, '\', '\\'), 'g');
    end if;
  end loop;

  -- Recipients: each party with an e-mail once (to before cc); a to-role without one is missing.
  foreach role in array coalesce(to_roles, '{}') || coalesce(cc_roles, '{}') loop
    if role = any (coalesce(to_roles, '{}')) and not exists (
      select 1 from jsonb_array_elements(coalesce(parties -> role -> 'parties', '[]')) p where coalesce(p ->> 'email', '') <> ''
    ) and not ('no ' || private.party_role_label(role) || ' with an e-mail') = any (missing) then
      missing := missing || ('no ' || private.party_role_label(role) || ' with an e-mail');
    end if;
    for person in select p from jsonb_array_elements(coalesce(parties -> role -> 'parties', '[]')) p
                  where coalesce(p ->> 'email', '') <> '' loop
      continue when lower(person ->> 'email') = any (seen);
      seen := seen || lower(person ->> 'email');
      if role = any (coalesce(to_roles, '{}')) then
        to_recipients := to_recipients || jsonb_build_array(jsonb_build_object('party_id', person -> 'party_id', 'role', role,
          'name', person -> 'name', 'email', person -> 'email'));
      else
        cc_recipients := cc_recipients || jsonb_build_array(jsonb_build_object('party_id', person -> 'party_id', 'role', role,
          'name', person -> 'name', 'email', person -> 'email'));
      end if;
    end loop;
  end loop;
end;
$$;

comment on function private.render_party_message(listing_id uuid, subject_source text, body_source text, to_roles text[], cc_roles text[]) is
  'Renders a message to the parties from the listing as it is now: merge fields filled (party fields from private.listing_party_values(), dates in the active contract''s zone as "Tue, Dec 1, 2026 at 5:00 PM CST" or ".day" "Tue, Dec 1, 2026", prices "$1,250,000"); recipients [{party_id, role, name, email}] of the to and cc roles'' parties with an e-mail, each address once. missing: every field without a value ("{{lender.name}}: no lender on this listing"; such a field is left as written, never blanked) and every to-role without a party with an e-mail ("no Lender / loan officer with an e-mail"). A message with anything missing is held.';

revoke execute on function private.render_party_message(listing_id uuid, subject_source text, body_source text, to_roles text[], cc_roles text[]) from public;

grant execute on function private.render_party_message(listing_id uuid, subject_source text, body_source text, to_roles text[], cc_roles text[]) to service_role;
