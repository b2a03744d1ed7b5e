/**
 * Team documents (issue 11, /agent-documents) through REST and Storage with
 * real users: team 1 is coordinator tc1 with agents A1 and A2, team 2 is tc2
 * with agent B. Teammates and the coordinator list the team's documents; the
 * uploader and the coordinator delete (row and file), a teammate cannot;
 * another team reaches neither rows nor files, by query, guessed path or URL;
 * the bucket refuses other types and oversize files, storing nothing.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackInfo, withDb } from '../support/clients.ts';
import { createActor, type Actor } from '../support/seed-rls-actors.ts';

const BUCKET = 'team-documents';
const LIMIT = 25 * 1024 * 1024;

let tc1: Actor;
let tc2: Actor;
let agentA1: Actor;
let agentA2: Actor;
let agentB: Actor;

interface TeamDocument {
  id: string;
  path: string;
  bytes: Buffer;
}

const teamFolder = () => `teams/${tc1.id}`;

/** Uploads a text file into the actor's team folder and records it as a general document, as the app does. */
async function uploadTeamDocument(actor: Actor, name: string): Promise<TeamDocument> {
  const bytes = Buffer.from(`${name} ${crypto.randomUUID()}\n`);
  const path = `${teamFolder()}/${crypto.randomUUID()}-${name}`;
  const uploaded = await actor.client.storage.from(BUCKET).upload(path, bytes, { contentType: 'text/plain' });
  expect(uploaded.error, `${actor.key} uploads into the team folder`).toBeNull();
  const row = await actor.client
    .from('documents')
    .insert({ is_general: true, file_name: name, file_url: path, file_type: 'text/plain', file_size: bytes.length, uploaded_by: actor.id })
    .select('id, team_tc_id')
    .single();
  expect(row.error, `${actor.key} records the team document`).toBeNull();
  expect(row.data?.team_tc_id, 'the team is derived from the uploader').toBe(tc1.id);
  return { id: row.data!.id as string, path, bytes };
}

async function rowExists(id: string): Promise<boolean> {
  return withDb(async (db) => ((await db.query('select 1 from public.documents where id = $1', [id])).rowCount ?? 0) > 0);
}

async function objectExists(path: string): Promise<boolean> {
  return withDb(async (db) => ((await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [BUCKET, path])).rowCount ?? 0) > 0);
}

async function objectsUnder(folder: string): Promise<string[]> {
  const { rows } = await withDb((db) => db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name like $2 order by name', [BUCKET, `${folder}/%`]));
  return rows.map((r) => r.name);
}

/** Deletes as the app does: the row first, then the file. Returns what the actor removed. */
async function deleteAs(actor: Actor, doc: TeamDocument) {
  const rows = await actor.client.from('documents').delete().eq('id', doc.id).select('id');
  const removed = await actor.client.storage.from(BUCKET).remove([doc.path]);
  return { rows: rows.data ?? [], objects: removed.data ?? [] };
}

beforeAll(async () => {
  tc1 = await createActor('DocsCoord1', 'tc');
  tc2 = await createActor('DocsCoord2', 'tc');
  agentA1 = await createActor('DocsAgentA1', 'agent', { assignedTcId: tc1.id });
  agentA2 = await createActor('DocsAgentA2', 'agent', { assignedTcId: tc1.id });
  agentB = await createActor('DocsAgentB', 'agent', { assignedTcId: tc2.id });
});

afterAll(async () => {
  const folders = [tc1, tc2].filter(Boolean).map((tc) => `teams/${tc.id}/%`);
  await withDb(async (db) => {
    await db.query('begin');
    await db.query("set local storage.allow_delete_query = 'true'");
    await db.query('delete from storage.objects where bucket_id = $1 and name like any($2)', [BUCKET, folders]);
    await db.query('commit');
    await db.query('delete from public.documents where team_tc_id = any($1)', [[tc1?.id, tc2?.id].filter(Boolean)]);
  });
});

describe('team documents: who lists, reads and deletes them', () => {
  it("teammates and the coordinator list the team's documents, newest first, with the total in the same answer", async () => {
    const older = await uploadTeamDocument(agentA1, 'older.txt');
    const newer = await uploadTeamDocument(agentA2, 'newer.txt');
    for (const actor of [tc1, agentA1, agentA2]) {
      const page = await actor.client
        .from('documents')
        .select('id', { count: 'exact' })
        .eq('team_tc_id', tc1.id)
        .eq('is_general', true)
        .order('created_at', { ascending: false })
        .range(0, 0);
      expect(page.error, `${actor.key} may list the team's documents`).toBeNull();
      expect(page.data?.map((d) => d.id), `${actor.key} gets the newest first, one per page`).toEqual([newer.id]);
      expect(page.count, `${actor.key} gets the team's total with the page`).toBe(2);
      const file = await actor.client.storage.from(BUCKET).download(older.path);
      expect(Buffer.compare(Buffer.from(await file.data!.arrayBuffer()), older.bytes), `${actor.key} downloads a teammate's file byte-identical`).toBe(0);
    }
  });

  it('the uploader deletes their document: row and file', async () => {
    const doc = await uploadTeamDocument(agentA1, 'mine.txt');
    const removed = await deleteAs(agentA1, doc);
    expect(removed.rows, 'the uploader deletes the row').toHaveLength(1);
    expect(await rowExists(doc.id), 'the row is gone').toBe(false);
    expect(await objectExists(doc.path), "the uploader's file is gone").toBe(false);
  });

  it("a teammate cannot delete another teammate's document, neither row nor file", async () => {
    const doc = await uploadTeamDocument(agentA1, 'not-yours.txt');
    const removed = await deleteAs(agentA2, doc);
    expect(removed.rows, "a teammate deletes no row of someone else's").toEqual([]);
    expect(removed.objects, "a teammate removes no file of someone else's").toEqual([]);
    expect(await rowExists(doc.id), 'the row stays').toBe(true);
    expect(await objectExists(doc.path), 'the file stays').toBe(true);
  });

  it("the team's coordinator deletes an agent's team document: row and file", async () => {
    const doc = await uploadTeamDocument(agentA2, 'coordinator-removes.txt');
    const removed = await deleteAs(tc1, doc);
    expect(removed.rows, "the coordinator deletes the agent's row").toHaveLength(1);
    expect(await rowExists(doc.id), 'the row is gone').toBe(false);
    expect(await objectExists(doc.path), "the coordinator removes the agent's file").toBe(false);
  });

  it("another team's coordinator and agent can neither list, fetch, sign, list by path nor delete the team's documents", async () => {
    const doc = await uploadTeamDocument(agentA1, 'private-to-team-1.txt');
    const info = stackInfo();
    for (const outsider of [agentB, tc2]) {
      const rows = await outsider.client.from('documents').select('id', { count: 'exact' }).eq('team_tc_id', tc1.id);
      expect(rows.data, `${outsider.key} sees no row of team 1`).toEqual([]);
      expect(rows.count, `${outsider.key} counts no row of team 1`).toBe(0);
      const byId = await outsider.client.from('documents').select('id').eq('id', doc.id);
      expect(byId.data, `${outsider.key} cannot read the row by its id`).toEqual([]);

      const download = await outsider.client.storage.from(BUCKET).download(doc.path);
      expect(download.data, `${outsider.key} cannot download by guessed path`).toBeNull();
      const signed = await outsider.client.storage.from(BUCKET).createSignedUrl(doc.path, 60);
      expect(signed.data, `${outsider.key} cannot sign a URL for it`).toBeNull();
      const listed = await outsider.client.storage.from(BUCKET).list(teamFolder());
      expect(listed.data ?? [], `${outsider.key} lists nothing in team 1's folder`).toEqual([]);
      const token = (await outsider.client.auth.getSession()).data.session!.access_token;
      for (const route of ['object', 'object/authenticated', 'object/public']) {
        const res = await fetch(`${info.apiUrl}/storage/v1/${route}/${BUCKET}/${doc.path}`, { headers: { apikey: info.anonKey, authorization: `Bearer ${token}` } });
        await res.body?.cancel();
        expect(res.status, `${outsider.key}: GET /storage/v1/${route}/… is refused`).toBeGreaterThanOrEqual(400);
      }

      const removed = await deleteAs(outsider, doc);
      expect(removed.rows, `${outsider.key} deletes no row of team 1`).toEqual([]);
      expect(removed.objects, `${outsider.key} removes no file of team 1`).toEqual([]);
    }
    expect(await rowExists(doc.id), 'the row survived the outsiders').toBe(true);
    expect(await objectExists(doc.path), 'the file survived the outsiders').toBe(true);

    const upload = await agentB.client.storage.from(BUCKET).upload(`${teamFolder()}/planted.txt`, Buffer.from('planted'), { contentType: 'text/plain' });
    expect(upload.error, "an outsider cannot upload into team 1's folder").not.toBeNull();
    const planted = await agentB.client.from('documents').insert({ is_general: true, team_tc_id: tc1.id, file_name: 'planted.txt', file_url: `${teamFolder()}/planted.txt` });
    expect(planted.error, "an outsider cannot record a document in team 1's library").not.toBeNull();
  });

  it('the bucket refuses other types and oversize files with a 4xx and stores nothing', async () => {
    const before = await objectsUnder(teamFolder());
    const refused: [string, string, Buffer][] = [
      ['setup.exe', 'application/x-msdownload', Buffer.from('MZ')],
      ['page.html', 'text/html', Buffer.from('<script>alert(1)</script>')],
      ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from('PK')],
      ['huge.pdf', 'application/pdf', Buffer.alloc(LIMIT + 1, 0x25)],
    ];
    for (const [name, type, bytes] of refused) {
      const res = await agentA1.client.storage.from(BUCKET).upload(`${teamFolder()}/${crypto.randomUUID()}-${name}`, bytes, { contentType: type });
      const status = Number((res.error as { statusCode?: string } | null)?.statusCode);
      expect(res.error, `${name} (${type}, ${bytes.length} bytes) is refused`).not.toBeNull();
      expect(status >= 400 && status < 500, `${name} is refused with a 4xx, got ${status}`).toBe(true);
    }
    expect(await objectsUnder(teamFolder()), 'no refused file was stored').toEqual(before);
  });
});
