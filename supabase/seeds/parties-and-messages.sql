-- Demo data of issue 55, run after seed.sql (config.toml `[db.seed] sql_paths`,
-- in the same transaction locally): the people on the two seeded contracts,
-- the super admin's three global message templates, and an outbox showing
-- each state a coordinator meets first — sent, waiting for approval, and held
-- for a missing lender. The sellers are already parties (the listings' seller
-- fields, by trigger); everyone else is added here to the listing team's
-- contact book (the coordinator's).
do $seed$
declare
  a_admin constant uuid := 'a0000000-0000-4000-8000-000000000001';
  a_olivia constant uuid := 'a0000000-0000-4000-8000-000000000003';
  a_david constant uuid := 'a0000000-0000-4000-8000-000000000004';
  -- 5502 Shoal Creek Blvd (TREC, Olivia's team) and 2418 Hillegass Ave (C.A.R. RPA, David's team).
  l_trec constant uuid := '10000000-0000-4000-8000-000000000004';
  l_rpa constant uuid := '10000000-0000-4000-8000-000000000009';
  t_intro uuid;
  t_option uuid;
  t_closing uuid;
  msg record;
begin
  -- -------------------------------------------------------------------------
  -- Parties: buyer, buyer's agent, title and lender on Shoal Creek; buyer,
  -- buyer's agent and escrow on Hillegass, whose lender is not known yet.
  -- -------------------------------------------------------------------------
  with people (book_id, listing_id, role, name, display_name, company, email, phone, preferred_channel) as (
    values
      (a_olivia, l_trec, 'buyer', 'Daniel & Priscilla Ortiz', 'Daniel and Priscilla', null, 'ortiz.family@example.com', '(512) 555-0191', 'email'),
      (a_olivia, l_trec, 'buyers_agent', 'Hannah Brooks', 'Hannah', 'Keller Austin Northwest', 'hannah.brooks@example.com', '(512) 555-0188', 'text'),
      (a_olivia, l_trec, 'title_escrow', 'Rebecca Lin', 'Rebecca', 'Independence Title', 'rlin@independencetitle.example.com', '(512) 555-0172', 'email'),
      (a_olivia, l_trec, 'lender', 'Marco Diaz', 'Marco', 'Texas Capital Mortgage', 'mdiaz@txcapmortgage.example.com', '(512) 555-0166', 'phone'),
      (a_david, l_rpa, 'buyer', 'Grace Okafor', 'Grace', null, 'grace.okafor@example.com', '(510) 555-0139', 'email'),
      (a_david, l_rpa, 'buyers_agent', 'Luis Romero', 'Luis', 'Bay Homes Realty', 'luis.romero@example.com', '(510) 555-0163', 'email'),
      (a_david, l_rpa, 'title_escrow', 'Janet Wu', 'Janet', 'Old Republic Title (escrow)', 'jwu@oldrepublic.example.com', '(510) 555-0120', 'email')
  ), added as (
    insert into public.contacts (book_id, name, display_name, company, email, phone, preferred_channel, created_by)
    select p.book_id, p.name, p.display_name, p.company, p.email, p.phone, p.preferred_channel, p.book_id from people p
    returning id, book_id, email
  )
  insert into public.listing_parties (listing_id, contact_id, role, created_by)
  select p.listing_id, a.id, p.role, p.book_id
  from people p join added a on a.book_id = p.book_id and a.email = p.email;

  -- A contact in Olivia's book on no listing yet, found by the search when adding a party.
  insert into public.contacts (book_id, name, company, email, phone, created_by)
  values (a_olivia, 'Tom Becker', 'Becker Home Inspections', 'tom@beckerinspections.example.com', '(512) 555-0155', a_olivia);

  -- -------------------------------------------------------------------------
  -- The super admin's global templates.
  -- -------------------------------------------------------------------------
  insert into public.message_templates (name, subject, body, to_roles, cc_roles, trigger_kind, trigger_event, created_by)
  values ('Under contract — introduction to everyone', 'Under contract: {{listing.address}}',
    E'Hello everyone,\n\n{{listing.address}} is under contract. I am {{coordinator.name}}, the transaction coordinator, and I will keep this file moving to closing.\n\nWho is who:\n- Sellers: {{seller.name}}\n- Buyers: {{buyer.name}}\n- Buyer''s agent: {{buyers_agent.name}} ({{buyers_agent.company}})\n- Lender: {{lender.name}} ({{lender.company}})\n- Title / escrow: {{title_escrow.name}} ({{title_escrow.company}})\n\nReply to this e-mail and it is filed with the transaction.\n\n{{coordinator.signature}}',
    array['seller', 'buyer', 'buyers_agent', 'lender', 'title_escrow'], array[]::text[], 'event', 'contract_recorded', a_admin)
  returning id into t_intro;

  insert into public.message_templates (name, subject, body, to_roles, cc_roles, trigger_kind, trigger_deadline_key,
    trigger_offset_days, trigger_offset_unit, trigger_send_time, created_by)
  values ('Option period ends tomorrow', 'Option period ends {{date.option_period_end.day}}: {{listing.address}}',
    E'Hi {{buyers_agent.display_name}},\n\nA reminder that the option period for {{listing.address}} ends {{date.option_period_end}}. If your buyers want to terminate or amend, we need the notice before then.\n\n{{coordinator.signature}}',
    array['buyers_agent'], array[]::text[], 'key_date', 'option_period_end', -1, 'calendar', '09:00', a_admin)
  returning id into t_option;

  insert into public.message_templates (name, subject, body, to_roles, cc_roles, trigger_kind, trigger_deadline_key,
    trigger_offset_days, trigger_offset_unit, trigger_send_time, created_by)
  values ('Closing next week', 'Closing next week: {{listing.address}}',
    E'Hello {{buyer.display_name}} and {{seller.display_name}},\n\nClosing on {{listing.address}} is one week away: {{date.closing}}. Title will send the settlement statement for review; please have a government ID ready for signing.\n\n{{coordinator.signature}}',
    array['buyer', 'seller'], array['buyers_agent'], 'key_date', 'closing', -7, 'calendar', '09:00', a_admin)
  returning id into t_closing;

  -- -------------------------------------------------------------------------
  -- The outbox. The introduction of each recorded contract, as the contract
  -- event would have created it: Shoal Creek's was approved and sent the day
  -- the contract was recorded; Hillegass's is held, since it has no lender.
  -- -------------------------------------------------------------------------
  perform private.create_event_party_messages(e.listing_id, 'contract_recorded', e.to_value, e.id::text, 'Contract recorded')
  from public.listing_events e
  where e.kind = 'contract_recorded' and e.listing_id in (l_trec, l_rpa);

  -- The option period reminder was due yesterday at 9:00 AM: created the day
  -- before by the 15-minute job, approved by Olivia and sent.
  perform public.enqueue_party_messages(now() - interval '2 days');
  -- (Only the reminder: the closing letter is created by today's run below.)
  delete from public.party_messages m where m.template_id = t_closing;
  delete from private.outbox o
  where o.kind = 'party_message' and not exists (select 1 from public.party_messages m where m.outbox_id = o.id);

  update public.party_messages m set status = 'approved', approved_by = a_olivia, approved_at = m.created_at
  where m.listing_id = l_trec and m.status = 'waiting';
  update private.outbox o set send_after = m.send_at
  from public.party_messages m where m.outbox_id = o.id and m.status = 'approved';
  for msg in select c.id from public.claim_party_messages(50, now()) c loop
    perform public.finish_party_message(msg.id);
  end loop;

  -- What the job creates today: the closing letter on Shoal Creek (a week
  -- before its closing), waiting for Olivia's approval.
  perform public.enqueue_party_messages(now());

  -- Dated as the work happened: the introduction when the contract was
  -- recorded, the reminder yesterday at 9:00 AM Chicago time.
  update public.party_messages m set created_at = c.created_at, approved_at = c.created_at + interval '20 minutes',
    sent_at = c.created_at + interval '21 minutes', send_at = c.created_at + interval '20 minutes'
  from public.contracts c
  where m.template_id = t_intro and m.status = 'sent' and c.listing_id = m.listing_id and c.status = 'active';
  update public.party_messages m set created_at = m.send_at - interval '1 day', approved_at = m.send_at - interval '2 hours', sent_at = m.send_at
  where m.template_id = t_option and m.status = 'sent';
  update public.messages x set created_at = m.sent_at
  from public.party_messages m where x.party_message_id = m.id;
  update private.outbox o set created_at = m.created_at, claimed_at = m.sent_at, sent_at = m.sent_at, send_after = m.send_at
  from public.party_messages m where m.outbox_id = o.id and m.status = 'sent';
end
$seed$;
