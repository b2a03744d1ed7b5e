/**
 * Database checks for `npm test`, against a throwaway stack built from the
 * migrations: `supabase db advisors` must report no security finding and none
 * of the performance warnings we hold ourselves to, every public/private table,
 * view, column and function carries a comment (scripts/schema-comments.ts), and
 * the committed `src/lib/database.types.ts` must match freshly generated types.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { startThrowawayStack } from '../tests/support/throwaway-stack.ts';
import { describeUncommented, findUncommentedObjects } from './schema-comments.ts';
import { supabaseCliTmpdir } from './supabase-cli-tmpdir.ts';

/** Performance lints that must not appear (issue: data model). */
const FORBIDDEN_PERFORMANCE_LINTS = new Set(['auth_rls_initplan', 'unindexed_foreign_keys', 'multiple_permissive_policies', 'duplicate_index']);

interface Lint {
  name: string;
  title?: string;
  level: string;
  categories: string[];
  detail?: string;
}

function supabase(args: string[]) {
  return spawnSync('npx', ['supabase', ...args], { encoding: 'utf8', env: { ...process.env, TMPDIR: supabaseCliTmpdir(), SUPABASE_AGENT: 'no', NO_COLOR: '1' } });
}

function parseLints(stdout: string): Lint[] {
  // The CLI prints a JSON document; tolerate log lines around it.
  const start = stdout.search(/[[{]/);
  if (start < 0) return [];
  const parsed = JSON.parse(stdout.slice(start)) as Lint[] | { results?: Lint[] };
  return Array.isArray(parsed) ? parsed : (parsed.results ?? []);
}

const stack = await startThrowawayStack();
let failed = false;
try {
  const dbUrl = stack.info.dbUrl;
  const advisors = supabase(['db', 'advisors', `--remote=${dbUrl}`, '--type', 'all', '--level', 'info', '--output-format', 'json']);
  if (advisors.status !== 0) {
    console.error(`supabase db advisors failed (exit ${advisors.status}):\n${advisors.stderr}\n${advisors.stdout}`);
    failed = true;
  } else {
    const lints = parseLints(advisors.stdout);
    const security = lints.filter((l) => l.categories?.some((c) => c.toUpperCase() === 'SECURITY'));
    const performance = lints.filter((l) => FORBIDDEN_PERFORMANCE_LINTS.has(l.name));
    const other = lints.filter((l) => !security.includes(l) && !performance.includes(l));
    console.log(`advisors: ${security.length} security findings, ${performance.length} forbidden performance warnings, ${other.length} other notes`);
    for (const l of [...security, ...performance]) console.error(`  ✗ [${l.level}] ${l.name}: ${l.detail ?? l.title ?? ''}`);
    for (const l of other) console.log(`  · [${l.level}] ${l.name}: ${l.detail ?? l.title ?? ''}`);
    if (security.length > 0 || performance.length > 0) failed = true;
  }

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const uncommented = await findUncommentedObjects(db).finally(() => db.end());
  if (uncommented.length > 0) {
    console.error(`schema comments: ${uncommented.length} object(s) without a comment (add \`comment on …\` in a migration):`);
    for (const line of describeUncommented(uncommented)) console.error(`  ✗ ${line}`);
    failed = true;
  } else {
    console.log('schema comments: every public and private table, view, column and function has a comment');
  }

  const drift = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts', '--check', dbUrl], { encoding: 'utf8', stdio: 'inherit' });
  if (drift.status !== 0) {
    console.error('src/lib/database.types.ts differs from the migrations: run `npm run gen:types` and commit the result.');
    failed = true;
  } else {
    console.log('database types: src/lib/database.types.ts matches the migrations');
  }
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
