/**
 * Database checks for `npm test`, against a throwaway stack built from the
 * migrations: `supabase db advisors` must report no security finding and none
 * of the performance warnings we hold ourselves to, every public/private table,
 * view, column and function carries a comment (scripts/schema-comments.ts), and
 * the committed `src/lib/database.types.ts` must match freshly generated types.
 *
 * One security lint is answered by the catalogue instead: function_search_path_mutable
 * for a function Postgres inlines into the policies (private.is_on_listing(),
 * private.coordinates_listing()). Inlining needs a plain SQL function without a
 * SET clause, so it cannot set search_path; its SQL-standard body (`return …`)
 * is bound to the objects it names when it is created, so the caller's
 * search_path cannot change what it calls. Only functions that are exactly
 * that (SQL-standard body, no settings, not security definer) pass; the check
 * prints them.
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
  metadata?: { schema?: string; name?: string; type?: string };
}

/**
 * Functions Postgres can inline that no search_path can redirect: a
 * SQL-standard body (`return …`, parsed and bound when created), no settings
 * (a SET clause stops inlining), not security definer.
 */
async function functionsBoundAtCreation(dbUrl: string): Promise<Set<string>> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string }>(
      // Every overload of the name (the lint names functions without their arguments).
      `select n.nspname || '.' || p.proname as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       group by 1
       having bool_and(p.prosqlbody is not null and p.proconfig is null and not p.prosecdef)`,
    );
    return new Set(rows.map((r) => r.name));
  } finally {
    await db.end();
  }
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
    const bound = await functionsBoundAtCreation(dbUrl);
    const tolerated = lints.filter((l) => l.name === 'function_search_path_mutable' && bound.has(`${l.metadata?.schema}.${l.metadata?.name}`));
    const security = lints.filter((l) => !tolerated.includes(l) && l.categories?.some((c) => c.toUpperCase() === 'SECURITY'));
    const performance = lints.filter((l) => FORBIDDEN_PERFORMANCE_LINTS.has(l.name));
    const other = lints.filter((l) => !security.includes(l) && !performance.includes(l) && !tolerated.includes(l));
    console.log(`advisors: ${security.length} security findings, ${performance.length} forbidden performance warnings, ${other.length} other notes`);
    for (const l of tolerated) console.log(`  · inlined, bound at creation (no search_path needed): ${l.metadata?.schema}.${l.metadata?.name}`);
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
