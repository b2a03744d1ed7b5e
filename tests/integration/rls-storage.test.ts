/**
 * Storage matrix through supabase-js storage calls: for each bucket, actors
 * {anon, agent A, agent B, coordinator 1, coordinator 2, super admin} download
 * (select), upload (insert), replace (update) and remove (delete) objects in
 * agent A's listing / coordinator 1's team / agent A's avatar folder.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, afterAll } from 'vitest';
import { serviceClient, withDb } from '../support/clients.ts';
import { anonActor, createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

type ActorKey = 'anon' | 'agentA' | 'agentB' | 'tc1' | 'tc2' | 'admin';
const ACTORS: ActorKey[] = ['anon', 'agentA', 'agentB', 'tc1', 'tc2', 'admin'];
type Op = 'select' | 'insert' | 'update' | 'delete';

interface BucketSpec {
  bucket: string;
  owner: ActorKey;
  prefix: () => string;
  ext: string;
  type: string;
  allow: Record<Op, ActorKey[]>;
}

const a = {} as Record<ActorKey, Actor>;
let listingA = '';
const results: { bucket: string; actor: ActorKey; op: Op; expected: boolean; actual: boolean }[] = [];
const onListing: Record<Op, ActorKey[]> = { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['agentA', 'admin'], delete: ['agentA', 'admin'] };

const SPECS: BucketSpec[] = [
  { bucket: 'listing-documents', owner: 'agentA', prefix: () => `listings/${listingA}`, ext: 'pdf', type: 'application/pdf', allow: onListing },
  { bucket: 'listing-photos', owner: 'agentA', prefix: () => `listings/${listingA}`, ext: 'jpg', type: 'image/jpeg', allow: onListing },
  { bucket: 'voice-recordings', owner: 'agentA', prefix: () => `listings/${listingA}`, ext: 'wav', type: 'audio/wav', allow: onListing },
  {
    bucket: 'team-documents', owner: 'tc1', prefix: () => `teams/${a.tc1.id}`, ext: 'pdf', type: 'application/pdf',
    allow: { select: ['agentA', 'tc1', 'admin'], insert: ['agentA', 'tc1', 'admin'], update: ['tc1', 'admin'], delete: ['tc1', 'admin'] },
  },
  {
    bucket: 'avatars', owner: 'agentA', prefix: () => `${a.agentA.id}`, ext: 'png', type: 'image/png',
    allow: { select: ['agentA', 'agentB', 'tc1', 'tc2', 'admin'], insert: ['agentA', 'admin'], update: ['agentA', 'admin'], delete: ['agentA', 'admin'] },
  },
];

const blob = (text: string, type: string) => new Blob([text], { type });

async function exists(bucket: string, path: string): Promise<string | null> {
  const { data } = await serviceClient().storage.from(bucket).download(path);
  return data ? await data.text() : null;
}

beforeAll(async () => {
  a.anon = anonActor();
  a.admin = await createActor('StoAdmin', 'super_admin');
  a.tc1 = await createActor('StoCoord1', 'tc');
  a.tc2 = await createActor('StoCoord2', 'tc');
  a.agentA = await createActor('StoAgentA', 'agent', { assignedTcId: a.tc1.id });
  a.agentB = await createActor('StoAgentB', 'agent', { assignedTcId: a.tc2.id });
  listingA = await withDb((db) => insertRow(db, 'listings', { address: '60 Storage Ln, Denver CO', agent_id: a.agentA.id, tc_id: a.tc1.id }));
});

afterAll(() => {
  const rows: Record<string, Record<string, string>> = {};
  for (const r of results) {
    const label = `${r.bucket} ${r.op}`;
    rows[label] ??= {};
    const mark = r.actual ? 'allow' : 'deny';
    rows[label][r.actor] = r.actual === r.expected ? mark : `${mark} ✗ (expected ${r.expected ? 'allow' : 'deny'})`;
  }
  console.log(`\nStorage matrix: ${results.length} assertions, ${results.filter((r) => r.actual !== r.expected).length} mismatches`);
  console.table(rows);
});

// 24 sequential Storage round trips per bucket plus their setup: allow for a loaded 2-core CI machine.
describe('storage matrix (supabase-js storage, bucket × actor × command)', { timeout: 120_000 }, () => {
  for (const spec of SPECS) {
    it(`${spec.bucket}: ${ACTORS.length} actors × 4 commands`, async () => {
      const failures: string[] = [];
      const record = (actor: ActorKey, op: Op, actual: boolean) => {
        const expected = spec.allow[op].includes(actor);
        results.push({ bucket: spec.bucket, actor, op, expected, actual });
        if (actual !== expected) failures.push(`${actor} ${op} ${spec.bucket}: expected ${expected ? 'allow' : 'deny'}, got ${actual ? 'allow' : 'deny'}`);
      };
      const owner = a[spec.owner].client.storage.from(spec.bucket);
      const fixture = `${spec.prefix()}/fixture-${crypto.randomUUID().slice(0, 6)}.${spec.ext}`;
      const up = await owner.upload(fixture, blob('original', spec.type), { contentType: spec.type });
      expect(up.error, `the owner (${spec.owner}) uploads into their own scope of ${spec.bucket}`).toBeNull();

      for (const k of ACTORS) {
        const store = a[k].client.storage.from(spec.bucket);
        const dl = await store.download(fixture);
        record(k, 'select', !dl.error && (await dl.data!.text()) === 'original');

        const path = `${spec.prefix()}/${k}-${crypto.randomUUID().slice(0, 6)}.${spec.ext}`;
        const ins = await store.upload(path, blob(`by ${k}`, spec.type), { contentType: spec.type });
        const stored = await exists(spec.bucket, path);
        record(k, 'insert', !ins.error && stored === `by ${k}`);
        if (stored !== null) await serviceClient().storage.from(spec.bucket).remove([path]);

        const upd = await store.update(fixture, blob(`replaced by ${k}`, spec.type), { contentType: spec.type });
        const now = await exists(spec.bucket, fixture);
        record(k, 'update', !upd.error && now === `replaced by ${k}`);
        if (now !== 'original') await serviceClient().storage.from(spec.bucket).update(fixture, blob('original', spec.type), { contentType: spec.type });

        const victim = `${spec.prefix()}/victim-${crypto.randomUUID().slice(0, 6)}.${spec.ext}`;
        await owner.upload(victim, blob('victim', spec.type), { contentType: spec.type });
        await store.remove([victim]);
        const survived = (await exists(spec.bucket, victim)) !== null;
        record(k, 'delete', !survived);
        if (survived) await serviceClient().storage.from(spec.bucket).remove([victim]);
      }
      expect(failures, `storage rules for ${spec.bucket} (each line names the actor, command and rule broken)`).toEqual([]);
    });
  }

  it('refuses guessed paths, wrong scopes and disallowed types', async () => {
    const docs = a.agentA.client.storage.from('listing-documents');
    const path = `listings/${listingA}/purchase-contract.pdf`;
    expect((await docs.upload(path, blob('contract', 'application/pdf'), { contentType: 'application/pdf' })).error, 'agent A uploads a contract').toBeNull();
    const guessed = await a.agentB.client.storage.from('listing-documents').download(path);
    expect(guessed.data, "agent B cannot download agent A's document by guessing its path").toBeNull();
    const listed = await a.agentB.client.storage.from('listing-documents').list(`listings/${listingA}`);
    expect(listed.data ?? [], "agent B cannot list agent A's listing folder").toEqual([]);
    const exe = await docs.upload(`listings/${listingA}/tool.exe`, blob('MZ', 'application/x-msdownload'), { contentType: 'application/x-msdownload' });
    expect(exe.error, 'listing documents accept only the spec extensions').not.toBeNull();
    const pdfAsPhoto = await a.agentA.client.storage.from('listing-photos').upload(`listings/${listingA}/x.pdf`, blob('%PDF', 'application/pdf'), { contentType: 'application/pdf' });
    expect(pdfAsPhoto.error, 'listing photos accept only images').not.toBeNull();
    const teamInListing = await a.agentA.client.storage.from('team-documents').upload(`listings/${listingA}/x.pdf`, blob('x', 'application/pdf'), { contentType: 'application/pdf' });
    expect(teamInListing.error, 'team documents live under teams/<coordinator>/').not.toBeNull();
    const otherTeam = await a.agentA.client.storage.from('team-documents').upload(`teams/${a.tc2.id}/x.pdf`, blob('x', 'application/pdf'), { contentType: 'application/pdf' });
    expect(otherTeam.error, "an agent cannot upload into another team's library").not.toBeNull();
    const buckets = await withDb(async (db) => (await db.query(`select id, public, file_size_limit from storage.buckets where id in ('listing-documents','team-documents','listing-photos','voice-recordings','avatars') order by id`)).rows);
    expect(buckets, 'five buckets, only avatars public, each with a size limit').toEqual([
      { id: 'avatars', public: true, file_size_limit: '5242880' },
      { id: 'listing-documents', public: false, file_size_limit: '26214400' },
      { id: 'listing-photos', public: false, file_size_limit: '10485760' },
      { id: 'team-documents', public: false, file_size_limit: '26214400' },
      { id: 'voice-recordings', public: false, file_size_limit: '10485760' },
    ]);
  });
});
