/**
 * Keeps the shared test stack's demo data as the seed made it: tests that
 * create listings, tasks, files… for the demo users (through the API, e-mail
 * or SQL, to compare with the app's own queries) remove what they created
 * when the file ends, so later files' hand-counted seed figures still hold. Files run one
 * after another on the shared stack, so "created since this file began" is
 * exactly this file's rows. Rewrites of seed rows are each test's own to undo.
 */
import { afterAll, beforeAll } from 'vitest';
import { serviceClient, withDb } from './clients.ts';

/** Tables whose rows the API tests create, children before parents (listings cascade to theirs). */
const TABLES = [
  'inbound_emails',
  'ai_conversations',
  'ai_workflow_patterns',
  'notifications',
  'activity_log',
  'listing_events',
  'tc_responses',
  'tc_team_messages',
  'tc_channels',
  'messages',
  'notes',
  'documents',
  'tasks',
  'listings',
  'invitations',
];

/** Tables whose creation time has another name. */
const CREATED_COLUMN: Record<string, string> = { listing_events: 'at', ai_workflow_patterns: 'timestamp', ai_conversations: 'timestamp', inbound_emails: 'received_at' };

/** Call at the top of a describe block (or file): removes, after the file, every row and stored file created during it. */
export function keepSeedData(): void {
  let since: string;
  beforeAll(async () => {
    since = await withDb(async (db) => (await db.query<{ now: string }>('select now()::text as now')).rows[0].now);
  });
  afterAll(async () => {
    const objects = await withDb(
      async (db) => (await db.query<{ bucket_id: string; name: string }>('select bucket_id, name from storage.objects where created_at >= $1', [since])).rows,
    );
    const storage = serviceClient().storage;
    for (const bucket of new Set(objects.map((o) => o.bucket_id))) {
      const { error } = await storage.from(bucket).remove(objects.filter((o) => o.bucket_id === bucket).map((o) => o.name));
      if (error) throw new Error(`could not remove the files this test stored in ${bucket}: ${error.message}`);
    }
    await withDb(async (db) => {
      for (const table of TABLES) {
        const column = CREATED_COLUMN[table] ?? 'created_at';
        await db.query(`delete from public.${table} where "${column}" >= $1`, [since]);
      }
    });
  });
}
