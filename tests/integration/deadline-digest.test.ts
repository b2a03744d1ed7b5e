/**
 * The daily deadline digest (Edge Function deadline-digest, run by the
 * scheduler) as the coordinator finds it in the local mail catcher: sent at
 * 7:00 AM in the coordinator's time zone (here Los Angeles, from their
 * contracts), once per local day however often the job runs, with the overdue,
 * today and next-7-days sections; nothing for a coordinator with nothing due;
 * only the scheduler (service role key) may run it. The clock is in 2000,
 * before any other deadline of the shared test stack (the reminders test uses
 * 2001): a digest lists every overdue deadline, however old.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, stackInfo, withDb } from '../support/clients.ts';
import { addDeadline, createTeam, listingOf, recordContract, type Team } from '../support/contract-fixtures.ts';

let team: Team, quiet: Team;
let listingId: string;
const ADDRESS = '88 Digest Dr, Pasadena, CA 91101';

interface MailSummary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}

async function mailTo(address: string): Promise<MailSummary[]> {
  const res = await fetch(`${stackInfo().mailUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  return ((await res.json()) as { messages: MailSummary[] }).messages;
}

async function mailText(id: string): Promise<{ Text: string; HTML: string }> {
  return (await (await fetch(`${stackInfo().mailUrl}/api/v1/message/${id}`)).json()) as { Text: string; HTML: string };
}

function callDigest(clock?: Date, token = stackInfo().serviceRoleKey, method = 'POST'): Promise<Response> {
  return fetch(`${stackInfo().apiUrl}/functions/v1/deadline-digest`, {
    method,
    headers: { Authorization: `Bearer ${token}`, apikey: stackInfo().anonKey, 'Content-Type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(clock ? { at: clock.toISOString() } : {}) : undefined,
  });
}

async function runDigest(clock: Date): Promise<{ sent: number; failed: number }> {
  const res = await callDigest(clock);
  const body = await res.text();
  expect(res.status, `the digest job runs at ${clock.toISOString()}: ${body}`).toBe(200);
  return JSON.parse(body);
}

beforeAll(async () => {
  team = await createTeam('Digest');
  quiet = await createTeam('DigestQuiet');
  listingId = await listingOf(team, ADDRESS);
  // A Los Angeles contract makes Los Angeles the coordinator's time zone.
  const contract = await recordContract(team.coordinator, listingId, { form: 'generic', effective_date: '2000-02-01', time_zone: 'America/Los_Angeles' });
  await addDeadline(team.agent, contract, 'Overdue disclosures', new Date('2000-03-05T18:00:00Z'));
  await addDeadline(team.agent, contract, 'Inspection contingency', new Date('2000-03-07T07:59:00Z')); // Mon 2000-03-06 11:59 PM PST
  await addDeadline(team.agent, contract, 'Loan contingency', new Date('2000-03-11T07:59:00Z'));
  await addDeadline(team.agent, contract, 'Close of escrow', new Date('2000-03-21T07:59:00Z')); // beyond 7 days
  const far = await listingOf(quiet, '5 Quiet Ln, Austin, TX');
  const farContract = await recordContract(quiet.agent, far, { form: 'generic', effective_date: '2000-02-01' });
  await addDeadline(quiet.agent, farContract, 'Only in April', new Date('2000-04-30T22:00:00Z'));
});

describe('deadline-digest: 7:00 AM in the coordinator\'s time zone, once a day', () => {
  it('sends nothing at 6:30 AM Los Angeles time, one mail at 7:10, and no second one at 7:25', async () => {
    expect((await runDigest(new Date('2000-03-06T14:30:00Z'))).sent, '6:30 AM PST: not yet').toBe(0);
    expect(await mailTo(team.coordinator.email!), 'no mail before 7:00').toHaveLength(0);

    expect((await runDigest(new Date('2000-03-06T15:10:00Z'))).sent, '7:10 AM PST: the digest goes out').toBe(1);
    expect((await runDigest(new Date('2000-03-06T15:25:00Z'))).sent, '7:25 AM: nothing more').toBe(0);
    const [again] = await Promise.all([runDigest(new Date('2000-03-06T15:40:00Z')), runDigest(new Date('2000-03-06T15:40:00Z'))]);
    expect(again.sent, 'concurrent runs later that morning send nothing either').toBe(0);
    const mails = await mailTo(team.coordinator.email!);
    expect(mails, 'exactly one digest reached the mail catcher').toHaveLength(1);
    expect(mails[0].Subject, 'the local day and the counts').toBe('Deadlines for Monday, March 6, 2000: 1 overdue, 1 due today, 1 next 7 days');
  });

  it('has the overdue, today and next-7-days sections with each deadline, its address and a link', async () => {
    const [mail] = await mailTo(team.coordinator.email!);
    const { Text, HTML } = await mailText(mail.ID);
    const overdue = Text.indexOf('Overdue (1)');
    const today = Text.indexOf('Due today (1)');
    const week = Text.indexOf('Next 7 days (1)');
    expect(overdue >= 0 && overdue < today && today < week, 'overdue, then today, then the next 7 days').toBe(true);
    expect(Text.slice(overdue, today), 'overdue section').toContain(`Overdue disclosures: ${ADDRESS}`);
    expect(Text.slice(today, week), 'today section, due time in the contract\'s zone').toContain('Inspection contingency: 88 Digest Dr, Pasadena, CA 91101 (DigestAgent Test), due Mon 2000-03-06 11:59 PM America/Los_Angeles');
    expect(Text.slice(week), 'next 7 days').toContain('Loan contingency');
    expect(Text, 'a deadline 15 days out is not in it').not.toContain('Close of escrow');
    expect(Text, 'each deadline links to the Contract tab').toContain(`/listing/${listingId}?tab=contract`);
    expect(HTML, 'the HTML part links too').toContain(`/listing/${listingId}?tab=contract`);
  });

  it('sends nothing to a coordinator with nothing due within a week, and the next day\'s digest the next morning', async () => {
    expect(await mailTo(quiet.coordinator.email!), 'a coordinator with nothing due gets no mail').toHaveLength(0);
    expect((await runDigest(new Date('2000-03-07T15:05:00Z'))).sent, 'Tuesday 7:05 AM: the next digest').toBe(1);
    const mails = await mailTo(team.coordinator.email!);
    expect(mails.map((m) => m.Subject), 'Tuesday\'s digest, newest first').toEqual([
      'Deadlines for Tuesday, March 7, 2000: 2 overdue, 0 due today, 1 next 7 days',
      'Deadlines for Monday, March 6, 2000: 1 overdue, 1 due today, 1 next 7 days',
    ]);
    expect(await mailTo(quiet.coordinator.email!), 'still nothing for the quiet coordinator').toHaveLength(0);
  });
});

describe('deadline-digest: only the scheduler runs it', () => {
  it('answers 401 without the service role key, 403 to a signed-in person, 405 to GET', async () => {
    const anonKey = await callDigest(undefined, stackInfo().anonKey);
    expect(anonKey.status, 'the anon key is not the scheduler').toBe(401);
    await anonKey.body?.cancel();
    const person = await callDigest(undefined, (await team.coordinator.client.auth.getSession()).data.session!.access_token);
    expect(person.status, 'a coordinator cannot trigger digests').toBe(403);
    expect(((await person.json()) as { message: string }).message).toBe('only the scheduler (service role) sends deadline digests');
    const garbage = await callDigest(undefined, 'not-a-token');
    expect(garbage.status, 'a bad token is a 401, not a 500').toBe(401);
    await garbage.body?.cancel();
    const get = await callDigest(undefined, stackInfo().serviceRoleKey, 'GET');
    expect(get.status, 'GET is not how it runs').toBe(405);
    await get.body?.cancel();
    const badBody = await fetch(`${stackInfo().apiUrl}/functions/v1/deadline-digest`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stackInfo().serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ at: 'yesterday' }),
    });
    expect(badBody.status, 'a clock that is not a time is a 400').toBe(400);
    await badBody.body?.cancel();
    expect((await anonClient().rpc('claim_deadline_digests', {})).status, 'the claim function is not for anon').toBeGreaterThanOrEqual(401);
  });
});

describe('scheduling', () => {
  it('schedules nothing where pg_cron is missing (this stack), and the cron job\'s digest call is a no-op without pg_net', async () => {
    await withDb(async (db) => {
      const cron = await db.query(`select count(*)::int as n from pg_extension where extname = 'pg_cron'`);
      expect(cron.rows[0].n, 'no pg_cron here: the migration skipped scheduling').toBe(0);
      const call = await db.query('select private.invoke_deadline_digest() as request_id');
      expect(call.rows[0].request_id, 'without pg_net and Vault the job does nothing (and does not fail)').toBeNull();
    });
  });
});
