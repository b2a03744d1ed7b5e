-- ---------------------------------------------------------------------------
-- The parties' merge values (issue 55): what the messages to parties (part B,
-- private.render_party_message()) fill {{buyer.name}}, {{lender.email}} and
-- the like with. One object per role that has a party, the role's people in
-- order (position, then when they were added):
--   {"buyer": {"name": "Celia Ortiz and Bill Ortiz", "display_name": "Celia and Bill",
--              "email": ["celia@x.com", "bill@x.com"], "company": ..., "phone": ...,
--              "parties": [{"party_id", "contact_id", "name", "display_name", "email", "phone", "company"}]}}
-- Names are joined "A", "A and B", "A, B and C"; display_name joins each
-- contact's display name, else its name; company and phone are the first
-- party's that has one. A role without a party is absent, so a message can
-- tell "no lender on this listing" from an empty value.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.join_names(names text[])
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when coalesce(cardinality(names), 0) = 0 then null
    when cardinality(names) = 1 then names[1]
    else array_to_string(names[1:cardinality(names) - 1], ', ') || ' and ' || names[cardinality(names)]
  end
$$;

comment on function private.join_names(names text[]) is
  'Names as a sentence lists them: "A", "A and B", "A, B and C"; null for none.';

revoke execute on function private.join_names(names text[]) from public;

grant execute on function private.join_names(names text[]) to authenticated, service_role;

-- Security definer and not granted to API callers: it reads any listing's
-- parties, for the database's own message functions, which decide who may
-- see the result.
create function private.listing_party_values(listing_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with parties as (
    select p.role, p.id as party_id, c.id as contact_id, c.name, coalesce(c.display_name, c.name) as display_name,
      c.email, c.phone, c.company,
      row_number() over (partition by p.role order by p.position, p.created_at, p.id) as n
    from public.listing_parties p
    join public.contacts c on c.id = p.contact_id
    where p.listing_id = listing_party_values.listing_id
  )
  select coalesce(jsonb_object_agg(r.role, r.value), '{}'::jsonb)
  from (
    select p.role, jsonb_build_object(
      'name', private.join_names(array_agg(p.name order by p.n)),
      'display_name', private.join_names(array_agg(p.display_name order by p.n)),
      'email', to_jsonb(array_remove(array_agg(p.email order by p.n), null)),
      'company', (array_remove(array_agg(p.company order by p.n), null))[1],
      'phone', (array_remove(array_agg(p.phone order by p.n), null))[1],
      'parties', jsonb_agg(jsonb_build_object('party_id', p.party_id, 'contact_id', p.contact_id, 'name', p.name,
        'display_name', p.display_name, 'email', p.email, 'phone', p.phone, 'company', p.company) order by p.n)
    ) as value
    from parties p
    group by p.role
  ) r
$$;

comment on function private.listing_party_values(listing_id uuid) is
  'A listing''s parties as merge values, per role that has one: name and display_name (joined "A, B and C"; display_name falls back to the name), email (array), company and phone (the first party''s with one), parties [{party_id, contact_id, name, display_name, email, phone, company}] in order (position, then added). {} without parties. Reads every listing: for the database''s message functions only (service role).';

revoke execute on function private.listing_party_values(listing_id uuid) from public;

grant execute on function private.listing_party_values(listing_id uuid) to service_role;
