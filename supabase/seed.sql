-- Demo data for local development (`npm run stack -- reset` applies it on a
-- fresh database). Every sign-in's password is: ListingDesk!2024
-- Accounts are created by the auth.users trigger, as in production; roles and
-- assignments are then set as the admin screen and onboarding would.

do $seed$
declare
  pw text := extensions.crypt('ListingDesk!2024', extensions.gen_salt('bf', 10));
  s record;
  a_admin uuid; a_switcher uuid; a_olivia uuid; a_david uuid;
  a_marcus uuid; a_emily uuid; a_sarah uuid; a_james uuid; a_priya uuid; a_olivia_test uuid;
  l1 uuid; l2 uuid; l3 uuid; l4 uuid; l5 uuid; l6 uuid; l7 uuid; l8 uuid; l9 uuid;
  t uuid;
  k_trec uuid; k_rpa uuid;
  -- Today where each contract's deadlines fall due: the demo deadlines are
  -- placed around the day the seed runs, so the Deadlines screen is alive.
  chicago_today date := (now() at time zone 'America/Chicago')::date;
  la_today date := (now() at time zone 'America/Los_Angeles')::date;
  ch_closings uuid; ch_marketing uuid;
  tpl uuid;
begin
  -- -------------------------------------------------------------------------
  -- Sign-ins (auth.users + email identity); the trigger adds each first account.
  -- GoTrue reads the token and change columns into non-null strings, and on
  -- hosted Supabase four of them have no default: a NULL there makes every
  -- sign-in of the user fail with "Database error querying schema"
  -- (supabase/auth#1940). So all eight are written as '' here.
  -- -------------------------------------------------------------------------
  for s in
    select * from (values
      ('admin@listingdesk.test', 'Morgan', 'Blake'),
      ('switcher@listingdesk.test', 'Sam', 'Rivera'),
      ('olivia.chen@listingdesk.test', 'Olivia', 'Chen'),
      ('david.kim@listingdesk.test', 'David', 'Kim'),
      ('marcus.johnson@listingdesk.test', 'Marcus', 'Johnson'),
      ('emily.rodriguez@listingdesk.test', 'Emily', 'Rodriguez'),
      ('sarah.thompson@listingdesk.test', 'Sarah', 'Thompson'),
      ('james.wilson@listingdesk.test', 'James', 'Wilson'),
      ('priya.patel@listingdesk.test', 'Priya', 'Patel')
    ) as v(email, first_name, last_name)
  loop
    with new_user as (
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
        confirmation_token, recovery_token, email_change_token_new, email_change_token_current, email_change,
        phone_change, phone_change_token, reauthentication_token)
      values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', s.email, pw,
        now() - interval '60 days', '{"provider":"email","providers":["email"]}',
        jsonb_build_object('first_name', s.first_name, 'last_name', s.last_name), now() - interval '60 days', now(),
        '', '', '', '', '', '', '', '')
      returning id, email
    )
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    select n.id::text, n.id, jsonb_build_object('sub', n.id::text, 'email', n.email, 'email_verified', true), 'email', now(), now()
    from new_user n;
  end loop;

  -- Fixed account ids, so Storage object paths (listings/<listing_id>/…,
  -- teams/<coordinator_id>/…) of supabase/seed-files/ match the rows below.
  update public.users u set id = v.id::uuid
  from (values
    ('admin@listingdesk.test', 'a0000000-0000-4000-8000-000000000001'),
    ('switcher@listingdesk.test', 'a0000000-0000-4000-8000-000000000002'),
    ('olivia.chen@listingdesk.test', 'a0000000-0000-4000-8000-000000000003'),
    ('david.kim@listingdesk.test', 'a0000000-0000-4000-8000-000000000004'),
    ('marcus.johnson@listingdesk.test', 'a0000000-0000-4000-8000-000000000005'),
    ('emily.rodriguez@listingdesk.test', 'a0000000-0000-4000-8000-000000000006'),
    ('sarah.thompson@listingdesk.test', 'a0000000-0000-4000-8000-000000000007'),
    ('james.wilson@listingdesk.test', 'a0000000-0000-4000-8000-000000000008'),
    ('priya.patel@listingdesk.test', 'a0000000-0000-4000-8000-000000000009')
  ) as v(email, id)
  where u.email = v.email;

  select u.id into a_admin from public.users u where u.email = 'admin@listingdesk.test';
  select u.id into a_switcher from public.users u where u.email = 'switcher@listingdesk.test';
  select u.id into a_olivia from public.users u where u.email = 'olivia.chen@listingdesk.test';
  select u.id into a_david from public.users u where u.email = 'david.kim@listingdesk.test';
  select u.id into a_marcus from public.users u where u.email = 'marcus.johnson@listingdesk.test';
  select u.id into a_emily from public.users u where u.email = 'emily.rodriguez@listingdesk.test';
  select u.id into a_sarah from public.users u where u.email = 'sarah.thompson@listingdesk.test';
  select u.id into a_james from public.users u where u.email = 'james.wilson@listingdesk.test';
  select u.id into a_priya from public.users u where u.email = 'priya.patel@listingdesk.test';

  -- -------------------------------------------------------------------------
  -- Roles, assignments, profiles
  -- -------------------------------------------------------------------------
  update public.users set role = 'super_admin', phone = '(415) 555-0100' where id = a_admin;
  update public.users set role = 'tc', phone = '(415) 555-0101' where id = a_switcher;
  update public.users set role = 'tc', phone = '(512) 555-0110' where id in (a_olivia, a_david);
  update public.users set assigned_tc_id = a_olivia where id in (a_marcus, a_emily);
  update public.users set assigned_tc_id = a_david where id in (a_sarah, a_james);
  update public.users set mls_system = 'Austin Board of REALTORS MLS', mls_username = lower(first_name) || '.' || lower(last_name),
    license_number = 'TX-' || (600000 + (random() * 99999)::int), brokerage = 'Lone Star Realty Group',
    brokerage_address = '301 Congress Ave, Suite 500, Austin, TX 78701', phone = '(512) 555-01' || (20 + (random() * 70)::int)
  where role = 'agent';
  update private.settings set value = 'switcher@listingdesk.test' where key = 'role_switcher_email';
  update public.users set created_at = now() - interval '60 days';

  -- Olivia's test agent profile: a second account of her sign-in, shown with
  -- her sign-in e-mail (the database derives every account's e-mail from Auth).
  insert into public.users (id, auth_user_id, email, role, first_name, last_name, assigned_tc_id, created_at)
  select 'a0000000-0000-4000-8000-000000000010', u.auth_user_id, u.email, 'agent', 'Olivia', 'Chen', a_olivia, now() - interval '20 days'
  from public.users u where u.id = a_olivia
  returning id into a_olivia_test;
  insert into public.active_accounts (auth_user_id, user_id)
  select u.auth_user_id, u.id from public.users u where u.id = a_olivia;

  -- -------------------------------------------------------------------------
  -- Listings in every status (tc_id follows the agent's coordinator)
  -- -------------------------------------------------------------------------
  insert into public.listings (id, address, seller_name, seller_phone, seller_email, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000001', '1418 Barton Hills Dr, Austin, TX 78704', 'Robert & Linda Garcia', '(512) 555-0181', 'rgarcia@example.com', '$785,000', 'incomplete', a_marcus, now() - interval '3 days')
  returning id into l1;
  insert into public.listings (id, address, seller_name, seller_phone, seller_email, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000002', '2207 Windsor Rd, Austin, TX 78703', 'Helen Park', '(512) 555-0142', 'helen.park@example.com', '$1,150,000', 'ready', a_marcus, now() - interval '12 days')
  returning id into l2;
  insert into public.listings (id, address, seller_name, seller_phone, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000003', '908 E 49th St, Austin, TX 78751', 'Thomas Nguyen', '(512) 555-0163', '$629,900', 'live', a_emily, now() - interval '25 days')
  returning id into l3;
  insert into public.listings (id, address, seller_name, seller_email, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000004', '5502 Shoal Creek Blvd, Austin, TX 78756', 'Angela Foster', 'afoster@example.com', '$915,000', 'under_contract', a_emily, now() - interval '40 days')
  returning id into l4;
  insert into public.listings (id, address, seller_name, seller_phone, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000005', '77 Rainey St #1804, Austin, TX 78701', 'Kevin O''Brien', '(512) 555-0129', '$540,000', 'live', a_sarah, now() - interval '18 days')
  returning id into l5;
  insert into public.listings (id, address, seller_name, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000006', '3310 Red River St, Austin, TX 78705', 'Maria Santos', '$475,000', 'incomplete', a_sarah, now() - interval '1 day')
  returning id into l6;
  insert into public.listings (id, address, seller_name, seller_phone, seller_email, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000007', '11900 Jollyville Rd, Austin, TX 78759', 'Gregory Hill', '(512) 555-0175', 'ghill@example.com', '$699,000', 'ready', a_james, now() - interval '8 days')
  returning id into l7;
  insert into public.listings (id, address, seller_name, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000008', '4605 Avenue H, Austin, TX 78751', 'Test Seller', '$350,000', 'incomplete', a_olivia_test, now() - interval '2 days')
  returning id into l8;

  update public.listings set property_image_url = 'listings/' || id || '/front.jpg',
    photo_urls = jsonb_build_array('listings/' || id || '/front.jpg', 'listings/' || id || '/kitchen.jpg', 'listings/' || id || '/backyard.jpg')
  where id in (l2, l3, l4, l5, l7);

  -- -------------------------------------------------------------------------
  -- Notes (typed and voice), documents, messages
  -- -------------------------------------------------------------------------
  insert into public.notes (listing_id, user_id, content, created_at) values
    (l1, a_marcus, 'Sellers want to list before the school year starts. Pre-inspection scheduled for Thursday.', now() - interval '2 days'),
    (l1, a_olivia, 'Need the signed listing agreement and seller disclosure before we can move to ready.', now() - interval '1 day'),
    (l2, a_marcus, 'Photographer booked; staging done.', now() - interval '10 days'),
    (l3, a_emily, 'Open house Saturday 1-4pm. Lockbox on the side gate.', now() - interval '20 days'),
    (l5, a_sarah, 'HOA resale certificate ordered.', now() - interval '15 days');
  insert into public.notes (listing_id, user_id, content, is_voice, voice_url, duration, created_at) values
    (l3, a_emily, 'Voice note: buyer feedback from the first showing', true, 'listings/' || l3 || '/notes/buyer-feedback.wav', 7, now() - interval '19 days');

  -- Every file_url / voice_url / photo path below has its bytes in
  -- supabase/seed-files/<bucket>/<path> (config.toml [storage.buckets.*]
  -- objects_path; `supabase seed buckets` or the local stack uploads them).
  -- Office files are left out on purpose: the Supabase CLI sniffs the content
  -- type, sees application/zip, and the document buckets refuse that.
  insert into public.documents (listing_id, file_name, file_url, file_type, file_size, uploaded_by, created_at) values
    (l2, 'Listing Agreement - 2207 Windsor.pdf', 'listings/' || l2 || '/listing-agreement.pdf', 'application/pdf', 2098, a_marcus, now() - interval '11 days'),
    (l2, 'Seller Disclosure.pdf', 'listings/' || l2 || '/seller-disclosure.pdf', 'application/pdf', 1840, a_marcus, now() - interval '11 days'),
    (l3, 'Survey.pdf', 'listings/' || l3 || '/survey.pdf', 'application/pdf', 1814, a_emily, now() - interval '24 days'),
    (l4, 'Purchase Contract.pdf', 'listings/' || l4 || '/purchase-contract.pdf', 'application/pdf', 1831, a_emily, now() - interval '9 days'),
    (l4, 'Title Commitment.pdf', 'listings/' || l4 || '/title-commitment.pdf', 'application/pdf', 1726, a_olivia, now() - interval '7 days'),
    (l5, 'HOA Budget.pdf', 'listings/' || l5 || '/hoa-budget.pdf', 'application/pdf', 1732, a_sarah, now() - interval '14 days');
  insert into public.documents (is_general, team_tc_id, file_name, file_url, file_type, file_size, uploaded_by, created_at) values
    (true, a_olivia, 'Team Handbook 2024.pdf', 'teams/' || a_olivia || '/team-handbook-2024.pdf', 'application/pdf', 1675, a_olivia, now() - interval '50 days'),
    (true, a_olivia, 'Preferred Vendors.txt', 'teams/' || a_olivia || '/preferred-vendors.txt', 'text/plain', 293, a_emily, now() - interval '30 days'),
    (true, a_david, 'Closing Checklist.txt', 'teams/' || a_david || '/closing-checklist.txt', 'text/plain', 401, a_david, now() - interval '45 days');

  insert into public.messages (listing_id, sender_id, content, is_read, created_at) values
    (l1, a_marcus, 'Olivia, the sellers signed the agreement last night. Uploading shortly.', true, now() - interval '1 day 4 hours'),
    (l1, a_olivia, 'Great, thanks Marcus. I will review once it is in.', false, now() - interval '1 day 2 hours'),
    (l3, a_emily, 'Two offers expected by Monday.', true, now() - interval '5 days'),
    (l5, a_sarah, 'David, can you confirm the HOA transfer fee?', false, now() - interval '2 days');
  insert into public.messages (is_general, team_tc_id, sender_id, content, created_at) values
    (true, a_olivia, a_olivia, 'Reminder: team meeting Tuesday 9am. Bring your pipeline updates.', now() - interval '6 days'),
    (true, a_olivia, a_emily, 'Does anyone have a good stager in Hyde Park?', now() - interval '4 days'),
    (true, a_david, a_james, 'Closed on Jollyville comp at $705k.', now() - interval '3 days');
  insert into public.messages (is_general, team_tc_id, sender_id, content, is_voice, voice_url, duration, created_at) values
    (true, a_olivia, a_marcus, '🎤 Voice message (0:05) - /uploads/teams/' || a_olivia || '/messages/team-update.wav', true,
      'teams/' || a_olivia || '/messages/team-update.wav', 5, now() - interval '2 days');

  -- -------------------------------------------------------------------------
  -- Tasks in every state: new (unread), read, responded (open), completed
  -- -------------------------------------------------------------------------
  insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, description, priority, due_date, created_at)
  values (l1, a_marcus, a_olivia, 'Upload signed listing agreement', 'Both sellers must initial every page.', 'high', current_date + 2, now() - interval '20 hours');
  insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, description, priority, is_read_by_agent, created_at)
  values (l1, a_marcus, a_olivia, 'Seller disclosure', 'Complete the TREC seller disclosure notice.', 'urgent', true, now() - interval '2 days');
  insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, priority, created_at)
  values (l2, a_marcus, a_olivia, 'Confirm HOA contact', 'medium', now() - interval '9 days') returning id into t;
  update public.tasks set agent_response = 'No HOA for this property.', responded_at = now() - interval '8 days', is_read_by_agent = true where id = t;
  insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, priority, created_at)
  values (l3, a_emily, a_olivia, 'Provide survey', 'low', now() - interval '24 days') returning id into t;
  update public.tasks set agent_response = 'Survey uploaded to Documents.', responded_at = now() - interval '23 days', is_read_by_agent = true,
    status = 'completed', completed_at = now() - interval '23 days' where id = t;
  insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, priority, created_at)
  values (l5, a_sarah, a_david, 'Order HOA resale certificate', 'high', now() - interval '16 days') returning id into t;
  update public.tasks set agent_response = 'Ordered, arrives in 10 days.', responded_at = now() - interval '15 days', is_read_by_agent = true where id = t;
  update public.tasks set last_reminded_at = now() - interval '3 days', is_read_by_agent = false where id = t;
  insert into public.tasks (listing_id, assigned_to_id, created_by_id, title, priority, created_at)
  values (l7, a_james, a_david, 'Schedule professional photos', 'medium', now() - interval '6 days');

  insert into public.tc_responses (listing_id, tc_id, agent_id, response_type, content, created_at) values
    (l2, a_olivia, a_marcus, 'note', 'Thanks, marking HOA as not applicable.', now() - interval '7 days'),
    (l5, a_david, a_sarah, 'document', 'Got the certificate receipt, attaching to the file.', now() - interval '14 days');

  -- -------------------------------------------------------------------------
  -- Coordinator chat: general channel and two channels with members
  -- -------------------------------------------------------------------------
  insert into public.tc_team_messages (sender_id, content, created_at) values
    (a_olivia, 'Morning team! Title company on Lamar is backed up this week.', now() - interval '2 days'),
    (a_david, 'Thanks for the heads-up. Using Independence Title for Rainey St.', now() - interval '2 days' + interval '20 minutes');
  insert into public.tc_channels (name, description, created_by_id, created_at)
  values ('closings', 'Channel for closings discussions', a_olivia, now() - interval '30 days') returning id into ch_closings;
  insert into public.tc_channels (name, description, created_by_id, created_at)
  values ('marketing', 'Channel for marketing discussions', a_david, now() - interval '20 days') returning id into ch_marketing;
  insert into public.tc_channel_members (channel_id, tc_id, role) values
    (ch_closings, a_david, 'member'), (ch_closings, a_switcher, 'admin');
  insert into public.tc_team_messages (channel_id, sender_id, content, created_at) values
    (ch_closings, a_olivia, 'Shoal Creek closes on the 28th. Walkthrough the day before.', now() - interval '3 days'),
    (ch_closings, a_david, 'Noted. I will send the final settlement statement.', now() - interval '3 days' + interval '1 hour'),
    (ch_marketing, a_david, 'New drone photographer: $150 flat rate.', now() - interval '5 days');
  insert into public.tc_private_notes (tc_id, agent_id, content) values
    (a_olivia, a_marcus, 'Strong with sellers; needs reminders for paperwork.'),
    (a_david, a_james, 'Prefers texts over e-mail.');

  -- -------------------------------------------------------------------------
  -- Invitations, AI data, a few extra notifications
  -- -------------------------------------------------------------------------
  insert into public.invitations (email, role, invited_by, first_name, last_name, created_at, expires_at) values
    ('rachel.green@listingdesk.test', 'agent', a_admin, 'Rachel', 'Green', now() - interval '1 day', now() + interval '6 days'),
    ('noah.bennett@listingdesk.test', 'tc', a_admin, 'Noah', 'Bennett', now() - interval '10 days', now() - interval '3 days');
  insert into public.invitations (email, role, invited_by, first_name, last_name, used, used_at, created_at) values
    ('priya.patel@listingdesk.test', 'agent', a_admin, 'Priya', 'Patel', true, now() - interval '55 days', now() - interval '58 days');

  insert into public.ai_conversations (user_id, role, content, "timestamp") values
    (a_olivia, 'user', 'Which of my listings are missing documents?', now() - interval '1 hour'),
    (a_olivia, 'assistant', '1418 Barton Hills Dr is missing the listing agreement and seller disclosure.', now() - interval '59 minutes');
  -- metadata.scope is the generation an insight belongs to (replace_workflow_insights()): 'all' is the
  -- screen's default "All agents" view, an agent's id that agent's view. The screen lists one scope.
  insert into public.ai_learning_insights (tc_id, agent_id, insight_type, title, description, recommendation, confidence, metadata) values
    (a_olivia, a_marcus, 'reminder_optimization', 'Marcus responds faster in the morning', 'Responses to tasks sent before 10am arrive 2.3x faster.', 'Send new tasks to Marcus before 10am.', 0.82,
      '{"scope": "all", "source": "statistics", "phrasedByModel": false}'),
    (a_david, a_sarah, 'efficiency_pattern', 'HOA tasks take longest', 'HOA-related tasks average 4 days to respond.', 'Create HOA tasks on day one of the listing.', 0.64,
      '{"scope": "all", "source": "statistics", "phrasedByModel": false}');
  insert into public.ai_listing_descriptions (listing_id, tc_id, style, description, highlights) values
    (l3, a_olivia, 'Classic', 'Charming Hyde Park bungalow with original hardwoods, a deep front porch and a shaded backyard.', array['original hardwoods', 'front porch']);
  insert into public.property_research (listing_id, research_data) values
    ('10000000-0000-4000-8000-000000000003', '{"year_built": 1938, "lot_sqft": 7405, "school_district": "Austin ISD"}');
  insert into public.notifications (user_id, type, title, content, priority) values
    (a_olivia, 'ai_reminder', 'Follow up on Barton Hills', 'The listing agreement task is due in 2 days.', 'high'),
    (a_admin, 'alert', 'Invitation expired', 'noah.bennett@listingdesk.test did not accept in time.', 'low');

  -- -------------------------------------------------------------------------
  -- Contracts to close: a TREC contract on Emily's Shoal Creek listing
  -- (Olivia's team) and a C.A.R. RPA on a Berkeley listing of James (David's
  -- team). Key dates are computed by the database from the facts; effective
  -- dates sit before today so some deadlines are past (done, or one overdue),
  -- one is due today and the rest lie ahead. Reminders already due are sent
  -- at the end (send_deadline_reminders()), as the 15-minute job would have.
  -- -------------------------------------------------------------------------
  insert into public.listings (id, address, seller_name, seller_phone, seller_email, listing_price, status, agent_id, created_at)
  values ('10000000-0000-4000-8000-000000000009', '2418 Hillegass Ave, Berkeley, CA 94704', 'Naomi & Victor Lindqvist', '(510) 555-0147', 'lindqvist@example.com', '$1,395,000', 'live', a_james, now() - interval '21 days')
  returning id into l9;

  -- TREC: effective 10 days ago; the option period (10 days) ends today at
  -- 5:00 PM Chicago time, the survey (7 days) is 3 days overdue.
  insert into public.contracts (listing_id, form, effective_date, closing_date, sales_price, earnest_money, option_fee,
    buyer_names, buyer_agent_name, buyer_agent_email, buyer_agent_phone, title_company, lender, financing_type,
    option_days, survey_days, financing_days, notes, created_by, created_at)
  values (l4, 'trec-20-18', chicago_today - 10, chicago_today + 25, 905000, 10000, 500,
    'Daniel & Priscilla Ortiz', 'Hannah Brooks', 'hannah.brooks@example.com', '(512) 555-0188', 'Independence Title', 'Texas Capital Mortgage', 'conventional',
    10, 7, 21, 'Buyers asked for a 10-day option period; survey from the sellers is not on file.', a_emily, now() - interval '10 days')
  returning id into k_trec;
  update public.contract_deadlines set status = 'done', done_by = a_emily, done_at = (chicago_today - 8)::timestamp at time zone 'America/Chicago' + interval '10 hours'
  where contract_id = k_trec and key in ('earnest_money', 'option_fee');

  -- C.A.R. RPA: accepted 5 days ago; the deposit (3 business days) is in,
  -- seller disclosures (7 days) are due in two days, the contingencies after.
  insert into public.contracts (listing_id, form, effective_date, closing_date, sales_price, earnest_money,
    buyer_names, buyer_agent_name, buyer_agent_email, buyer_agent_phone, title_company, lender, financing_type,
    notes, created_by, created_at)
  values (l9, 'car-rpa', la_today - 5, la_today + 30, 1420000, 42600,
    'Grace Okafor', 'Luis Romero', 'luis.romero@example.com', '(510) 555-0163', 'Old Republic Title (escrow)', 'First Republic Lending', 'conventional',
    'Escrow opened with Old Republic; 3% deposit by wire.', a_david, now() - interval '5 days')
  returning id into k_rpa;
  update public.contract_deadlines set status = 'done', done_by = a_david, done_at = (la_today - 3)::timestamp at time zone 'America/Los_Angeles' + interval '14 hours'
  where contract_id = k_rpa and key = 'deposit';


  -- -------------------------------------------------------------------------
  -- Compliance: the super admin's global checklist templates (Texas resale,
  -- listing side; its lead paint part for homes built before 1978; the TREC
  -- contract), listing attributes (setting them applies the templates), and
  -- typed documents in every review state: approved and returned on Windsor
  -- (Olivia's team), submitted ones in Olivia's and David's queues.
  -- -------------------------------------------------------------------------
  insert into public.checklist_templates (name, conditions, created_by)
  values ('Texas resale — listing side', '{"side": "listing", "states": ["TX"]}', a_admin) returning id into tpl;
  insert into public.checklist_template_items (template_id, position, kind, document_type, required_for, needs_approval) values
    (tpl, 1, 'document', 'listing_agreement', 'live', true),
    (tpl, 2, 'document', 'sellers_disclosure', 'live', true),
    (tpl, 3, 'document', 'mls_input_sheet', 'live', true),
    (tpl, 4, 'document', 'photos', 'live', false);
  insert into public.checklist_template_items (template_id, position, kind, title, description, priority, assignee, anchor, offset_days, offset_unit) values
    (tpl, 5, 'task', 'Enter the listing in the MLS', 'Check the MLS input sheet against the listing agreement before submitting.', 'high', 'coordinator', 'listing_created', 2, 'business');
  insert into public.checklist_templates (name, conditions, created_by)
  values ('Texas resale — built before 1978', '{"side": "listing", "states": ["TX"], "built_before_1978": true}', a_admin) returning id into tpl;
  insert into public.checklist_template_items (template_id, position, kind, document_type, required_for, needs_approval) values
    (tpl, 1, 'document', 'lead_paint_disclosure', 'live', true);
  insert into public.checklist_templates (name, conditions, created_by)
  values ('TREC contract', '{"states": ["TX"], "financing_types": ["cash", "conventional", "fha", "va", "other"]}', a_admin) returning id into tpl;
  insert into public.checklist_template_items (template_id, position, kind, title, priority, assignee, anchor, offset_days, offset_unit) values
    (tpl, 1, 'task', 'Earnest money receipt', 'high', 'coordinator', 'deadline:earnest_money', 1, 'calendar'),
    (tpl, 2, 'task', 'Option fee receipt', 'high', 'coordinator', 'deadline:option_fee', 1, 'calendar'),
    (tpl, 3, 'task', 'Title commitment review', 'medium', 'coordinator', 'deadline:title_commitment', 0, 'calendar'),
    (tpl, 4, 'task', 'Survey', 'medium', 'coordinator', 'deadline:survey', 0, 'calendar'),
    (tpl, 5, 'task', 'Appraisal', 'medium', 'coordinator', 'effective_date', 21, 'calendar'),
    (tpl, 6, 'task', 'Closing disclosure', 'high', 'coordinator', 'closing_date', -3, 'business');
  insert into public.checklist_template_items (template_id, position, kind, document_type, required_for, needs_approval) values
    (tpl, 7, 'document', 'settlement_statement', 'closed', true);

  update public.listings set state = 'TX', property_type = 'single_family', has_hoa = false, year_built = 1962 where id = l1;
  update public.listings set state = 'TX', property_type = 'single_family', has_hoa = false, year_built = 1985 where id = l2;
  update public.listings set state = 'TX', property_type = 'single_family', has_hoa = false, year_built = 1938 where id = l3;
  update public.listings set state = 'TX', property_type = 'single_family', has_hoa = true, year_built = 1996 where id = l4;
  update public.listings set state = 'TX', property_type = 'condo', has_hoa = true, year_built = 2008 where id = l5;
  update public.listings set state = 'TX', property_type = 'townhouse', has_hoa = true, year_built = 1972 where id = l6;
  update public.listings set state = 'TX', property_type = 'single_family', has_hoa = false, year_built = 1999 where id = l7;
  update public.listings set state = 'TX', property_type = 'condo', has_hoa = true, year_built = 2015 where id = l8;
  update public.listings set state = 'CA', property_type = 'single_family', has_hoa = false, year_built = 1925 where id = l9;

  -- Typing a document of a required type submits it for review (the trigger);
  -- the decisions are then written as review_document() would.
  update public.documents set document_type = 'listing_agreement' where listing_id = l2 and file_name like 'Listing Agreement%';
  update public.documents set document_type = 'sellers_disclosure' where listing_id = l2 and file_name = 'Seller Disclosure.pdf';
  update public.documents set document_type = 'survey' where listing_id = l3 and file_name = 'Survey.pdf';
  update public.documents set document_type = 'purchase_contract' where listing_id = l4 and file_name = 'Purchase Contract.pdf';
  update public.documents set document_type = 'title_commitment' where listing_id = l4 and file_name = 'Title Commitment.pdf';
  update public.documents set review_state = 'approved', reviewed_by = a_olivia, reviewed_at = now() - interval '10 days'
  where listing_id = l2 and document_type = 'listing_agreement';
  update public.documents set review_state = 'returned', reviewed_by = a_olivia, reviewed_at = now() - interval '9 days',
    review_reason = 'Page 2 is missing the sellers'' initials. Please upload a fully initialed copy.'
  where listing_id = l2 and document_type = 'sellers_disclosure' returning id into t;
  insert into public.notifications (user_id, type, title, content, source_type, source_id, action_url, priority, created_at)
  values (a_marcus, 'document', 'Returned: Seller''s Disclosure — 2207 Windsor Rd, Austin, TX 78703',
    'Page 2 is missing the sellers'' initials. Please upload a fully initialed copy.', 'document', t, '/agent-listing/' || l2, 'high', now() - interval '9 days');
  insert into public.activity_log (user_id, listing_id, action, description, metadata, created_at) values
    (a_olivia, l2, 'document_approved', 'Approved Listing Agreement', jsonb_build_object('document_type', 'listing_agreement'), now() - interval '10 days'),
    (a_olivia, l2, 'document_returned', 'Returned Seller''s Disclosure',
      jsonb_build_object('document_id', t, 'document_type', 'sellers_disclosure', 'reason', 'Page 2 is missing the sellers'' initials. Please upload a fully initialed copy.'), now() - interval '9 days');
  -- The same decisions in the listing's history, as review_document() records
  -- them (dated with the rest at the end of the seed).
  perform private.record_listing_event(d.listing_id, case d.review_state when 'approved' then 'document_approved' else 'document_returned' end,
    'submitted', d.review_state, d.review_reason,
    jsonb_build_object('document_id', d.id, 'document_type', d.document_type, 'version', d.version, 'file_name', d.file_name,
      'label', (select dt.label from public.document_types dt where dt.key = d.document_type)),
    d.reviewed_by)
  from public.documents d where d.listing_id = l2 and d.review_state in ('approved', 'returned') order by d.reviewed_at;

  -- A requirement waived by the coordinator, with her reason, as
  -- waive_checklist_item() records it: the Compliance tab shows
  -- "Waived by Olivia Chen: …" and the gate counts it as met.
  update public.listing_checklist_items
  set waived_at = now() - interval '8 days', waived_by = a_olivia, waived_by_name = 'Olivia Chen',
    waived_reason = 'MLS data was entered from the listing agreement''s data page; the board accepts it in place of a separate input sheet.'
  where listing_id = l2 and document_type = 'mls_input_sheet'
  returning id into t;
  insert into public.activity_log (user_id, listing_id, action, description, metadata, created_at) values
    (a_olivia, l2, 'checklist_item_waived',
      'Waived MLS Input Sheet (required to go Live): MLS data was entered from the listing agreement''s data page; the board accepts it in place of a separate input sheet.',
      jsonb_build_object('item_id', t, 'document_type', 'mls_input_sheet', 'required_for', 'live',
        'reason', 'MLS data was entered from the listing agreement''s data page; the board accepts it in place of a separate input sheet.'),
      now() - interval '8 days');
  perform private.record_listing_event(l2, 'requirement_waived', null, null,
    'MLS data was entered from the listing agreement''s data page; the board accepts it in place of a separate input sheet.',
    jsonb_build_object('item_id', t, 'document_type', 'mls_input_sheet', 'required_for', 'live', 'label', 'MLS Input Sheet'), a_olivia);

  insert into public.documents (listing_id, document_type, file_name, file_url, file_type, file_size, uploaded_by, created_at) values
    (l3, 'sellers_disclosure', 'Sellers Disclosure - 908 E 49th.pdf', 'listings/' || l3 || '/sellers-disclosure.pdf', 'application/pdf', 1804, a_emily, now() - interval '2 days'),
    (l3, 'lead_paint_disclosure', 'Lead-Based Paint Disclosure - 908 E 49th.pdf', 'listings/' || l3 || '/lead-paint-disclosure.pdf', 'application/pdf', 1853, a_emily, now() - interval '6 hours'),
    (l5, 'sellers_disclosure', 'Seller Disclosure - Rainey 1804.pdf', 'listings/' || l5 || '/sellers-disclosure.pdf', 'application/pdf', 1770, a_sarah, now() - interval '3 days'),
    (l5, 'mls_input_sheet', 'MLS Input Sheet - Rainey 1804.pdf', 'listings/' || l5 || '/mls-input-sheet.pdf', 'application/pdf', 1786, a_sarah, now() - interval '16 days'),
    (l6, 'listing_agreement', 'Listing Agreement - Red River.pdf', 'listings/' || l6 || '/listing-agreement.pdf', 'application/pdf', 1829, a_sarah, now() - interval '20 hours'),
    (l6, 'lead_paint_disclosure', 'Lead Paint Disclosure - Red River.pdf', 'listings/' || l6 || '/lead-paint-disclosure.pdf', 'application/pdf', 1551, a_sarah, now() - interval '5 hours'),
    (l7, 'listing_agreement', 'Listing Agreement - Jollyville.pdf', 'listings/' || l7 || '/listing-agreement.pdf', 'application/pdf', 1833, a_james, now() - interval '4 days');
  update public.documents set review_state = 'approved', reviewed_by = a_david, reviewed_at = now() - interval '15 days'
  where listing_id = l5 and document_type = 'mls_input_sheet' returning id into t;
  perform private.record_listing_event(l5, 'document_approved', 'submitted', 'approved', null,
    jsonb_build_object('document_id', t, 'document_type', 'mls_input_sheet', 'version', 1,
      'file_name', 'MLS Input Sheet - Rainey 1804.pdf', 'label', 'MLS Input Sheet'), a_david);

  -- -------------------------------------------------------------------------
  -- The listings' history (listing_events): the functions and triggers above
  -- wrote what the seed did through them (documents submitted, key dates done,
  -- contracts recorded) and the seed added the decisions it wrote directly.
  -- The listings were inserted in their statuses; a few status changes tell
  -- how three of them got there, as the coordinator's selector and the
  -- contract would have written them. Every event is then dated from the row
  -- it describes (the seed ran it all at one now()), so the History tab reads
  -- like weeks of work.
  -- -------------------------------------------------------------------------
  perform private.record_listing_event(l2, 'status_changed', 'incomplete', 'ready', null, '{"cause": "manual"}', a_olivia);
  perform private.record_listing_event(l3, 'status_changed', 'incomplete', 'ready', null, '{"cause": "manual"}', a_olivia);
  perform private.record_listing_event(l3, 'status_changed', 'ready', 'live', null, '{"cause": "manual"}', a_olivia);
  perform private.record_listing_event(l4, 'status_changed', 'live', 'under_contract', null, '{"cause": "contract"}', a_emily);
  update public.listing_events e set at = v.at
  from (values
    (l2, 'ready', now() - interval '11 days'),
    (l3, 'ready', now() - interval '24 days'),
    (l3, 'live', now() - interval '22 days'),
    (l4, 'under_contract', now() - interval '10 days')
  ) as v(listing_id, status, at)
  where e.kind = 'status_changed' and e.listing_id = v.listing_id and e.to_value = v.status and e.actor_id is not null;
  update public.listing_events e set at = d.created_at
  from public.documents d where e.kind = 'document_submitted' and d.id = (e.detail ->> 'document_id')::uuid;
  update public.listing_events e set at = d.reviewed_at
  from public.documents d where e.kind in ('document_approved', 'document_returned') and d.id = (e.detail ->> 'document_id')::uuid;
  update public.listing_events e set at = i.waived_at
  from public.listing_checklist_items i where e.kind = 'requirement_waived' and i.id = (e.detail ->> 'item_id')::uuid;
  update public.listing_events e set at = coalesce(d.done_at, d.waived_at)
  from public.contract_deadlines d where e.kind in ('deadline_done', 'deadline_waived') and d.id = (e.detail ->> 'deadline_id')::uuid;
  -- A contract and what it moved (the status, under the contract's cause) date
  -- from the contract, by the person who recorded it (the seed has no caller).
  update public.listing_events e set at = c.created_at, actor_id = coalesce(e.actor_id, c.created_by)
  from public.contracts c
  where c.listing_id = e.listing_id
    and (e.kind like 'contract\_%' and c.id = (e.detail ->> 'contract_id')::uuid
      or e.kind = 'status_changed' and e.detail ->> 'cause' = 'contract' and e.actor_id is null);

  perform public.send_deadline_reminders();
end
$seed$;
