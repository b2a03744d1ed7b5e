/**
 * Deadline reminders (public.send_deadline_reminders(at), the scheduled job)
 * as the people on a listing see them in their inboxes: a test clock in 2001,
 * where no other deadline of the shared test stack lies, runs the job at the
 * moments that matter. Each reminder (3 days, 1 day, overdue) reaches the
 * listing's agent and coordinator once, at the right moment, naming the
 * deadline, the address and the due time and linking to the Contract tab;
 * none for done or waived deadlines or after the contract ends; concurrent
 * runs send nothing twice; only the service role may run the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, withDb } from '../support/clients.ts';
import { addDeadline, createTeam, listingOf, recordContract, setDeadlineStatus, type Team } from '../support/contract-fixtures.ts';
import type { Actor } from '../support/seed-rls-actors.ts';

let team: Team, other: Team;
let listingId: string, contractId: string;
const ADDRESS = '12 Reminder Row, Suite 4, Austin, TX 78701';

/** 11:59 PM Chicago on Sat 2001-03-10 (CST, UTC-6). */
const DUE = new Date('2001-03-11T05:59:00Z');
const minutes = (n: number) => n * 60_000;
const at = (offsetMs: number, from = DUE) => new Date(from.getTime() + offsetMs);

async function runJob(clock: Date): Promise<number> {
  const { data, error } = await serviceClient().rpc('send_deadline_reminders', { at: clock.toISOString() });
  expect(error, `the job runs at ${clock.toISOString()}`).toBeNull();
  return data as number;
}

interface Notice {
  title: string;
  content: string;
  type: string;
  priority: string;
  action_url: string;
  metadata: { reminder: string };
}

/** What `actor` sees in their own inbox about one deadline, oldest first. */
async function inbox(actor: Actor, deadlineId: string): Promise<Notice[]> {
  const { data, error } = await actor.client
    .from('notifications')
    .select('title, content, type, priority, action_url, metadata')
    .eq('user_id', actor.id!)
    .eq('source_id', deadlineId)
    .order('created_at');
  expect(error, `${actor.key} reads their notifications`).toBeNull();
  return data as Notice[];
}

const kinds = async (actor: Actor, deadlineId: string) => (await inbox(actor, deadlineId)).map((n) => n.metadata.reminder);

beforeAll(async () => {
  team = await createTeam('Remind');
  other = await createTeam('RemindOther');
  listingId = await listingOf(team, ADDRESS);
  contractId = await recordContract(team.agent, listingId, { form: 'generic', effective_date: '2001-02-01', time_zone: 'America/Chicago' });
});

afterAll(async () => {
  await withDb((db) => db.query('delete from public.listings where id = $1', [listingId]));
});

describe('send_deadline_reminders: each reminder once, at its moment', () => {
  it('3 days before, 1 day before and once overdue, to the agent and the coordinator, never twice', async () => {
    const deadline = await addDeadline(team.agent, contractId, 'Inspection response', DUE);
    const people = [team.agent, team.coordinator];

    await runJob(at(-minutes(3 * 24 * 60 + 1)));
    for (const p of people) expect(await kinds(p, deadline), `${p.key}: nothing a minute before the 3-day mark`).toEqual([]);

    await runJob(at(-minutes(3 * 24 * 60 - 1)));
    await runJob(at(-minutes(3 * 24 * 60 - 20)));
    for (const p of people) expect(await kinds(p, deadline), `${p.key}: the 3-day reminder, once, though the job ran twice`).toEqual(['3d']);

    await runJob(at(-minutes(24 * 60 + 1)));
    for (const p of people) expect(await kinds(p, deadline), `${p.key}: nothing new before the 1-day mark`).toEqual(['3d']);
    await runJob(at(-minutes(24 * 60 - 1)));
    for (const p of people) expect(await kinds(p, deadline), `${p.key}: the 1-day reminder`).toEqual(['3d', '1d']);

    await runJob(at(-minutes(1)));
    for (const p of people) expect(await kinds(p, deadline), `${p.key}: not overdue a minute early`).toEqual(['3d', '1d']);
    await runJob(at(minutes(1)));
    await runJob(at(minutes(24 * 60)));
    for (const p of people) expect(await kinds(p, deadline), `${p.key}: overdue once, not again a day later`).toEqual(['3d', '1d', 'overdue']);

    for (const p of [other.agent, other.coordinator]) expect(await kinds(p, deadline), `${p.key} (another team) hears nothing`).toEqual([]);
  });

  it('names the deadline, the address and the due time, and links to the listing\'s Contract tab', async () => {
    const deadline = await addDeadline(team.agent, contractId, 'Appraisal, final', at(minutes(60)));
    await runJob(at(-minutes(3 * 24 * 60 - 60)));
    await runJob(at(-minutes(24 * 60 - 60)));
    await runJob(at(minutes(61)));
    const notices = await inbox(team.coordinator, deadline);
    expect(notices.map((n) => n.title), 'titles say when').toEqual(['Due in 3 days: Appraisal, final', 'Due in 1 day: Appraisal, final', 'Overdue: Appraisal, final']);
    expect(notices[0].content, 'the body names deadline, address and due time in the contract\'s zone').toBe(
      `Appraisal, final for ${ADDRESS} is due Sun 2001-03-11 12:59 AM America/Chicago.`,
    );
    expect(notices[2].content, 'the overdue notice says it was due and is still open').toBe(
      `Appraisal, final for ${ADDRESS} was due Sun 2001-03-11 12:59 AM America/Chicago and is not marked done or waived.`,
    );
    for (const n of notices) {
      expect(n.type, 'deadline notifications have their own type').toBe('deadline');
      expect(n.action_url, 'each opens the listing on its Contract tab').toBe(`/listing/${listingId}?tab=contract`);
    }
    expect(notices.map((n) => n.priority), 'more urgent as the deadline nears').toEqual(['medium', 'high', 'urgent']);
    const agentNotices = await inbox(team.agent, deadline);
    expect(agentNotices.map((n) => n.action_url), 'the agent is sent to the same tab').toEqual(notices.map((n) => n.action_url));
  });

  it('sends only the reminder still ahead when a deadline is added late (no stale 3-day reminder)', async () => {
    const deadline = await addDeadline(team.coordinator, contractId, 'Repair amendment', at(minutes(3 * 60)));
    await runJob(at(-minutes(12 * 60)));
    await runJob(at(minutes(3 * 60 + 1)));
    for (const p of [team.agent, team.coordinator]) expect(await kinds(p, deadline), `${p.key}: 1 day, then overdue; the passed 3-day mark is skipped`).toEqual(['1d', 'overdue']);
  });
});

describe('send_deadline_reminders: what is never reminded', () => {
  it('nothing for done or waived deadlines', async () => {
    const done = await addDeadline(team.agent, contractId, 'Done early', at(minutes(120)));
    const waived = await addDeadline(team.agent, contractId, 'Waived survey', at(minutes(120)));
    await setDeadlineStatus(team.agent, done, 'done');
    await setDeadlineStatus(team.coordinator, waived, 'waived');
    for (const clock of [at(-minutes(3 * 24 * 60 - 150)), at(-minutes(24 * 60 - 150)), at(minutes(150))]) await runJob(clock);
    for (const p of [team.agent, team.coordinator]) {
      expect(await kinds(p, done), `${p.key}: nothing about a done deadline`).toEqual([]);
      expect(await kinds(p, waived), `${p.key}: nothing about a waived deadline`).toEqual([]);
    }
  });

  it('nothing after the contract is terminated or closed, though its deadlines stay open', async () => {
    const ended: string[] = [];
    for (const end of ['terminate', 'close'] as const) {
      const listing = await listingOf(team, `${end === 'terminate' ? 7 : 9} Ended Ct, Austin, TX`);
      const contract = await recordContract(team.agent, listing, { form: 'generic', effective_date: '2001-02-01' });
      const deadline = await addDeadline(team.agent, contract, `Before ${end}`, at(minutes(240)));
      const { error } =
        end === 'terminate'
          ? await team.coordinator.client.rpc('terminate_contract', { contract_id: contract, reason: 'Buyer walked away' })
          : await team.coordinator.client.rpc('close_contract', { contract_id: contract });
      expect(error, `the coordinator can ${end} the contract`).toBeNull();
      ended.push(deadline);
    }
    for (const clock of [at(-minutes(3 * 24 * 60 - 250)), at(-minutes(24 * 60 - 250)), at(minutes(250))]) await runJob(clock);
    for (const deadline of ended) {
      for (const p of [team.agent, team.coordinator]) expect(await kinds(p, deadline), `${p.key}: nothing for an ended contract's deadline`).toEqual([]);
    }
  });
});

describe('send_deadline_reminders: safe to run at once from several places', () => {
  it('five concurrent runs send each reminder once', async () => {
    const deadline = await addDeadline(team.agent, contractId, 'Concurrent check', at(minutes(24 * 60 * 2)));
    const clock = at(minutes(24 * 60 * 2 - 3 * 24 * 60 + 5));
    await Promise.all(Array.from({ length: 5 }, () => runJob(clock)));
    for (const p of [team.agent, team.coordinator]) expect(await kinds(p, deadline), `${p.key}: one 3-day reminder from five runs`).toEqual(['3d']);
  });
});

describe('reminder marks', () => {
  // Since issue 52 the marks are the reminders' rows in private.outbox (keyed deadline:<id>:3d|1d|overdue),
  // not columns of contract_deadlines: this test reads the outbox where it read the three columns.
  it('are the database\'s: people cannot reach them, and moving a date ahead re-arms them', async () => {
    const deadline = await addDeadline(team.agent, contractId, 'Moved later', at(minutes(30)));
    await runJob(at(minutes(31)));
    expect(await kinds(team.agent, deadline), 'overdue (earlier marks passed over)').toEqual(['overdue']);
    const marks = async () =>
      withDb(async (db) => (await db.query(`select dedupe_key from private.outbox where dedupe_key like 'deadline:' || $1 || ':%' order by 1`, [deadline])).rows.map((r) => r.dedupe_key));
    expect(await marks(), 'the overdue reminder is marked sent, the passed 3-day and 1-day ones decided').toEqual([`deadline:${deadline}:1d`, `deadline:${deadline}:3d`, `deadline:${deadline}:overdue`]);

    const forged = await team.agent.client.schema('private').from('outbox').delete().like('dedupe_key', `deadline:${deadline}:%`).select('id');
    expect(forged.status, `clearing a mark through the API is refused with a 4xx (got ${forged.status})`).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect(await marks(), 'the marks are still there').toHaveLength(3);

    // Moved to ten days from the real now: all three moments lie ahead again.
    const { error } = await team.agent.client.from('contract_deadlines').update({ due_at_override: new Date(Date.now() + 10 * 86_400_000).toISOString() }).eq('id', deadline);
    expect(error, 'the agent moves the date').toBeNull();
    expect(await marks(), 'every reminder is due again for the new date').toEqual([]);
  });

  it('a date moved within the past re-arms nothing: those moments are behind', async () => {
    const deadline = await addDeadline(team.agent, contractId, 'Moved in the past', at(minutes(40)));
    await runJob(at(minutes(41)));
    const { error } = await team.coordinator.client.from('contract_deadlines').update({ due_at_override: at(minutes(24 * 60)).toISOString() }).eq('id', deadline);
    expect(error, 'the coordinator moves the date a day later, still years ago').toBeNull();
    await runJob(at(minutes(24 * 60 + 1)));
    expect(await kinds(team.agent, deadline), 'no second overdue notice').toEqual(['overdue']);
  });
});

describe('who may run the job', () => {
  it('only the service role: a signed-in person and anon are refused with a 4xx', async () => {
    const agentCall = await team.coordinator.client.rpc('send_deadline_reminders', { at: DUE.toISOString() });
    expect(agentCall.status, 'a coordinator is refused').toBe(403);
    const anonCall = await anonClient().rpc('send_deadline_reminders', {});
    expect([401, 403], `anon is refused (got ${anonCall.status})`).toContain(anonCall.status);
  });
});
