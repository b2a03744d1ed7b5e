/**
 * Data of the party benchmarks (issue 55), generated in SQL with
 * generate_series (no row-by-row inserts), triggers off while loading
 * (session_replication_role = replica, hence a superuser connection): the
 * columns the triggers would derive (the listing's people copied on each row)
 * are written here.
 *
 * People as bench/scale/generate.ts (per 1,000 listings one coordinator with
 * ten agents, 100 listings per agent; ids md5('bench-…-<n>')), Texas listings
 * interleaved in time, and:
 *
 *   - three active key-date message templates (global), as the demo's:
 *     option period ends tomorrow (buyer's agent), closing next week (buyer
 *     and seller, cc the listing agent), title commitment due in three
 *     business days (title / escrow, Texas only: a condition to match), and
 *     one inactive one the job must ignore;
 *   - for the trigger job: active TREC contracts on every `contractsEvery`-th
 *     listing with their seven key dates (effective 0–24 days before today,
 *     closing 30 days after: most key dates fall inside the job's 30-day
 *     window), a terminated earlier contract on a fifth of them (ignored),
 *     and four parties per contract listing (seller, buyer, buyer's agent,
 *     title / escrow; every tenth without a buyer's agent, so some messages
 *     are held) from the team's contact book;
 *   - for the Outbox: `messagesPerListing` party messages per listing in
 *     every status (about 45 % sent, the rest waiting, approved, held,
 *     skipped, failed), sent ones in the past, the others due over the next
 *     30 days.
 */
import type pg from 'pg';
import { addPeople } from '../scale/generate.ts';

const LISTING = (i: string) => `md5('bench-listing-' || ${i})::uuid`;
const AGENT_OF = (i: string) => `md5('bench-agent-' || ((${i} - 1) / 100 + 1))::uuid`;
const TC_OF = (i: string) => `md5('bench-tc-' || ((${i} - 1) / 1000 + 1))::uuid`;
const CONTACT = (i: string, role: string) => `md5('bench-contact-' || ${i} || '-' || ${role})::uuid`;
/** Minutes spread so that no listing's rows sit at one end of an index by luck. */
const SPREAD = (i: string, j: string) => `((${i} * 7919 + ${j} * 131) % 43200)`;

export const TEMPLATE = {
  option: `md5('bench-template-option')::uuid`,
  closing: `md5('bench-template-closing')::uuid`,
  title: `md5('bench-template-title')::uuid`,
  inactive: `md5('bench-template-inactive')::uuid`,
};

const SIGNATURE = `\n\n{{ coordinator.signature }}`;
const TEMPLATES = `insert into public.message_templates (id, owner_tc_id, name, subject, body, to_roles, cc_roles, conditions, trigger_kind,
    trigger_deadline_key, trigger_offset_days, trigger_offset_unit, trigger_send_time, trigger_weekends, auto_send, is_active)
  values
  (${TEMPLATE.option}, null, 'Option period ends tomorrow', 'Option period ends tomorrow: {{ listing.address }}',
    'Hi {{ buyers_agent.display_name }},\n\nA reminder that the option period on {{ listing.address }} ends {{ date.option_period_end }}. '
    || 'Sales price {{ listing.price }}; buyers {{ contract.buyer_names }}.${SIGNATURE}',
    '{buyers_agent}', '{}', '{}', 'key_date', 'option_period_end', -1, 'calendar', time '09:00', false, false, true),
  (${TEMPLATE.closing}, null, 'Closing next week', 'Closing next week: {{ listing.address }}',
    'Hi {{ buyer.display_name }} and {{ seller.display_name }},\n\nClosing on {{ listing.address }} is set for {{ date.closing.day }}. '
    || 'Title: {{ title_escrow.company }}.${SIGNATURE}',
    '{buyer,seller}', '{listing_agent}', '{}', 'key_date', 'closing', -7, 'calendar', time '09:00', false, false, true),
  (${TEMPLATE.title}, null, 'Title commitment due', 'Title commitment due {{ date.title_commitment.day }}',
    'Hi {{ title_escrow.display_name }},\n\nThe title commitment for {{ listing.address }} ({{ listing.city }}, {{ listing.state }}) '
    || 'is due {{ date.title_commitment }}.${SIGNATURE}',
    '{title_escrow}', '{}', '{"states": ["TX"]}', 'key_date', 'title_commitment', -3, 'business', time '10:00', false, true, true),
  (${TEMPLATE.inactive}, null, 'Survey due (switched off)', 'Survey due {{ date.survey.day }}', 'Hi {{ buyer.display_name }}, the survey is due.',
    '{buyer}', '{}', '{}', 'key_date', 'survey', -2, 'calendar', time '09:00', false, false, false)`;

/** Key dates of a TREC contract as its rules compute them (days after the effective date, cutoff in Chicago time). */
const KEY_DATES = `values ('earnest_money', 'Earnest money due', 3, time '23:59'), ('option_fee', 'Option fee due', 3, time '23:59'),
  ('option_period_end', 'Option period ends', 7, time '17:00'), ('survey', 'Survey due', 14, time '23:59'),
  ('title_commitment', 'Title commitment due', 20, time '23:59'), ('financing_approval', 'Buyer approval for financing', 21, time '23:59'),
  ('closing', 'Closing', 30, time '23:59')`;

const PARTY_ROLES = `values ('seller', 0), ('buyer', 1), ('buyers_agent', 2), ('title_escrow', 3)`;

/** Runs `steps` in one transaction with triggers off and the loaded tables out of the Realtime publication (as bench/scale). */
async function loadQuietly(db: pg.ClientBase, steps: [string, string][]): Promise<void> {
  await db.query('begin');
  try {
    await db.query('set local session_replication_role = replica');
    const published = (await db.query<{ name: string }>(`select format('%I.%I', schemaname, tablename) as name from pg_publication_tables where pubname = 'supabase_realtime'`)).rows.map((r) => r.name);
    if (published.length) await db.query(`alter publication supabase_realtime drop table ${published.join(', ')}`);
    for (const [name, statement] of steps) {
      const t0 = performance.now();
      const result = await db.query(statement);
      if (process.env.BENCH_VERBOSE) console.log(`  ${name}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    if (published.length) await db.query(`alter publication supabase_realtime add table ${published.join(', ')}`);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  }
  await db.query('vacuum analyze');
  await db.query('checkpoint');
}

function listingsSql(listings: number): string {
  return `insert into public.listings (id, address, state, seller_name, seller_email, listing_price, status, agent_id, tc_id, side, property_type, created_at, updated_at)
    select ${LISTING('i')}, i || ' Party Bench Rd, Austin, TX 78701', 'TX', 'Seller ' || i, 'seller-' || i || '@bench.test', '$' || (300000 + i),
      (array['live','under_contract','ready','incomplete'])[1 + i % 4], ${AGENT_OF('i')}, ${TC_OF('i')}, 'listing', 'single_family',
      now() - make_interval(mins => ${SPREAD('i', '0')} + 60000), now() - make_interval(mins => ${SPREAD('i', '0')})
    from generate_series(1, ${listings}) i`;
}

/** People and listings (1 to `listings`, a multiple of 1,000), and the message templates. */
export async function loadListings(db: pg.ClientBase, listings: number): Promise<void> {
  await db.query('begin; set local session_replication_role = replica');
  await addPeople(db, 0, listings);
  await db.query(`update public.users set phone = '(512) 555-' || lpad((abs(hashtext(id::text)) % 10000)::text, 4, '0') where role in ('tc', 'agent')`);
  await db.query('commit');
  await loadQuietly(db, [
    ['listings', listingsSql(listings)],
    // The demo data's templates (supabase/seeds) would add messages of their own to every listing: switched off.
    ['demo templates off', `update public.message_templates set is_active = false`],
    ['templates', TEMPLATES],
  ]);
}

/** Active TREC contracts with their key dates and parties on listings every, 2·every, … up to `listings`. */
export async function loadContracts(db: pg.ClientBase, listings: number, every: number): Promise<void> {
  const on = `from generate_series(${every}, ${listings}, ${every}) i`;
  await loadQuietly(db, [
    ['contracts', `insert into public.contracts (id, listing_id, form, status, effective_date, closing_date, sales_price, earnest_money, option_fee,
        buyer_names, title_company, financing_type, option_days, title_commitment_days, survey_days, financing_days, time_zone,
        termination_reason, terminated_at, listing_agent_id, listing_tc_id, created_by, created_at, updated_at)
      select md5('bench-contract-' || v.kind || '-' || i)::uuid, ${LISTING('i')}, 'trec-20-18', v.status,
        (now() at time zone 'America/Chicago')::date - (i / ${every}) % 25 - v.age, (now() at time zone 'America/Chicago')::date - (i / ${every}) % 25 - v.age + 30,
        350000 + i, 5000, 250, 'Buyer ' || i || ' and Partner ' || i, 'Lone Star Title', 'conventional', 7, 20, 14, 21, 'America/Chicago',
        case when v.status = 'terminated' then 'Buyer financing fell through' end, case when v.status = 'terminated' then now() - interval '50 days' end,
        ${AGENT_OF('i')}, ${TC_OF('i')}, ${AGENT_OF('i')}, now() - make_interval(days => (i / ${every}) % 25 + v.age), now()
      ${on} cross join (values ('active', 'active', 0), ('old', 'terminated', 60)) v(kind, status, age)
      where v.kind = 'active' or i % (5 * ${every}) = 0`],
    ['under contract', `update public.listings set status = 'under_contract' where id in (select ${LISTING('i')} ${on})`],
    ['key dates', `insert into public.contract_deadlines (contract_id, listing_id, key, label, computed_due_at, rule, status, done_at,
        listing_agent_id, listing_tc_id, contract_status, created_at, updated_at)
      select k.id, k.listing_id, r.key, r.label, d.due, r.days || ' days after the effective date', case when d.due < now() then 'done' else 'open' end,
        case when d.due < now() then d.due end, k.listing_agent_id, k.listing_tc_id, k.status, k.created_at, k.created_at
      from public.contracts k
      cross join (${KEY_DATES}) r(key, label, days, cutoff)
      cross join lateral (select (k.effective_date + r.days + r.cutoff) at time zone k.time_zone as due) d
      where k.id in (select md5('bench-contract-' || v.kind || '-' || i)::uuid ${on} cross join (values ('active'), ('old')) v(kind))`],
    ['contacts', `insert into public.contacts (id, book_id, name, company, email, phone, display_name, preferred_channel, created_by, created_at, updated_at)
      select ${CONTACT('i', 'r.role')}, ${TC_OF('i')}, initcap(replace(r.role, '_', ' ')) || ' ' || i,
        case when r.role = 'title_escrow' then 'Lone Star Title' when r.role = 'buyers_agent' then 'Hill Country Realty' end,
        r.role || '-' || i || '@bench.test', '(737) ' || lpad((i % 1000)::text, 3, '0') || '-' || lpad((r.n * 1000 + i / 1000 % 1000)::text, 4, '0'),
        initcap(replace(r.role, '_', ' ')) || ' ' || i, 'email', ${TC_OF('i')}, now(), now()
      ${on} cross join (${PARTY_ROLES}) r(role, n)
      where r.role <> 'buyers_agent' or i % (10 * ${every}) <> 0`],
    ['parties', `insert into public.listing_parties (listing_id, contact_id, role, position, created_by, listing_agent_id, listing_tc_id, created_at, updated_at)
      select ${LISTING('i')}, ${CONTACT('i', 'r.role')}, r.role, 0, ${TC_OF('i')}, ${AGENT_OF('i')}, ${TC_OF('i')}, now(), now()
      ${on} cross join (${PARTY_ROLES}) r(role, n)
      where r.role <> 'buyers_agent' or i % (10 * ${every}) <> 0`],
  ]);
}

const STATUS = (i: string, j: string) => `(array['sent','sent','waiting','sent','approved','waiting','held','sent','skipped','waiting','failed','approved','sent','waiting','sent','approved','held','sent','waiting','sent'])[1 + (${i} * 5 + ${j} * 3) % 20]`;

/** `perListing` party messages on each of listings 1 to `listings`, in every status. */
export async function loadMessages(db: pg.ClientBase, listings: number, perListing: number): Promise<void> {
  const subject = `'Closing next week: ' || i || ' Party Bench Rd'`;
  const body = `'Hi Buyer ' || i || ' and Seller ' || i || ',' || chr(10) || chr(10) || 'Closing on ' || i || ' Party Bench Rd is set for Tue, Dec 15, 2026. Title: Lone Star Title.'
    || chr(10) || chr(10) || 'Coordinator Bench' || chr(10) || '(512) 555-0100' || chr(10) || 'bench-tc@bench.test'`;
  await loadQuietly(db, [
    ['party messages', `insert into public.party_messages (listing_id, listing_agent_id, listing_tc_id, template_id, occurrence_key, trigger_reason, status,
        auto_send, subject_source, body_source, to_roles, cc_roles, subject, body, to_recipients, cc_recipients, send_at, held_reason,
        approved_at, skipped_at, sent_at, attempts, error, message_id, created_at, updated_at)
      select ${LISTING('i')}, ${AGENT_OF('i')}, ${TC_OF('i')}, ${TEMPLATE.closing}, 'manual:' || md5('bench-message-' || i || '-' || j)::uuid,
        '7 days before Closing, at 9:00 AM America/Chicago', m.status, false,
        'Closing next week: {{ listing.address }}', 'Hi {{ buyer.display_name }} and {{ seller.display_name }}, closing is {{ date.closing.day }}.',
        '{buyer,seller}', '{listing_agent}', ${subject}, ${body},
        jsonb_build_array(jsonb_build_object('role', 'buyer', 'name', 'Buyer ' || i, 'email', 'buyer-' || i || '@bench.test'),
          jsonb_build_object('role', 'seller', 'name', 'Seller ' || i, 'email', 'seller-' || i || '@bench.test')),
        jsonb_build_array(jsonb_build_object('role', 'listing_agent', 'name', 'Agent', 'email', 'agent@bench.test')),
        m.send_at, case when m.status = 'held' then 'no Lender / loan officer with an e-mail' end,
        case when m.status in ('approved', 'sent', 'failed') then m.send_at - interval '1 day' end,
        case when m.status = 'skipped' then m.send_at - interval '1 day' end, case when m.status = 'sent' then m.send_at end,
        case when m.status = 'failed' then 5 else 0 end, case when m.status = 'failed' then 'SMTP 550: mailbox unavailable' end,
        case when m.status = 'sent' then '<party-message-bench-' || i || '-' || j || '@bench.test>' end,
        m.send_at - interval '10 days', m.send_at - interval '10 days'
      from generate_series(1, ${listings}) i cross join generate_series(0, ${perListing - 1}) j
      cross join lateral (select ${STATUS('i', 'j')} as status) s
      cross join lateral (select s.status,
        case when s.status in ('sent', 'failed', 'skipped') then now() - make_interval(mins => ${SPREAD('i', 'j')} + 60)
          else now() + make_interval(mins => ${SPREAD('i', 'j')} + 60) end as send_at) m`],
  ]);
}
