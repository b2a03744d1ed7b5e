/**
 * Compares the database catalogue built from the migrations of a git revision
 * (default da7e747, the last commit before the per-concern baseline; ce9a1bd
 * adds the agent-assignment lock that the baseline folds in) with the one
 * built from the working tree's supabase/migrations, to prove that the
 * baseline keeps every table, rule and grant of the history it replaces.
 *
 *   TSX_DISABLE_CACHE=1 node --import tsx scripts/compare-schemas.ts [--base <git-rev>]
 *
 * One throwaway PostgreSQL (the stack's, in an owned temporary folder removed
 * on exit): bootstrap + base migrations, read the catalogue, drop everything
 * (as `stack reset` does), bootstrap + working-tree migrations, read again.
 * The catalogue is read normalised (names and definitions, no OIDs, sorted)
 * and printed as a diff grouped by kind. Exit 0 when equal, 1 otherwise.
 */
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT, type StackConfig } from '../stack/config.ts';
import { dropDatabaseObjects, migrate } from '../stack/migrate.ts';
import { checkoutMigrations, startBarePostgres } from '../stack/revision-postgres.ts';
import { ownedTempDir, sweepDeadTempDirs } from '../stack/temp-dirs.ts';

const DEFAULT_BASE = 'da7e747';
const baseArg = process.argv.indexOf('--base');
const base = baseArg > 0 ? process.argv[baseArg + 1] : DEFAULT_BASE;
if (!base) throw new Error('--base needs a git revision');

/** Schemas the bootstrap and migrations write to; Postgres' own ones and the stack's bookkeeping are left out. */
const SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', '_local_stack', 'supabase_migrations') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

/**
 * Each query returns (key, value) rows of one kind. The key names the object,
 * the value is everything about it that matters; objects owned by extensions
 * are left out (they come from the extension, not from our migrations).
 */
const QUERIES: Record<string, string> = {
  schemas: `select n.nspname as key, coalesce(obj_description(n.oid, 'pg_namespace'), '') as value
    from pg_namespace n where ${SCHEMAS}`,
  extensions: `select extname as key, n.nspname as value from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  tables: `select n.nspname || '.' || c.relname as key,
      concat_ws(' | ', 'kind ' || c.relkind::text, 'rls ' || c.relrowsecurity, 'force ' || c.relforcerowsecurity,
        'comment ' || coalesce(obj_description(c.oid, 'pg_class'), '')) as value
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  columns: `select n.nspname || '.' || c.relname || '.' || a.attname as key,
      concat_ws(' | ', format_type(a.atttypid, a.atttypmod), case when a.attnotnull then 'not null' else 'null' end,
        'default ' || coalesce(pg_get_expr(ad.adbin, ad.adrelid), ''), 'generated ' || a.attgenerated::text, 'identity ' || a.attidentity::text,
        'comment ' || coalesce(col_description(c.oid, a.attnum), '')) as value
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
    where ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  constraints: `select n.nspname || '.' || c.relname || '.' || k.conname as key,
      pg_get_constraintdef(k.oid) || coalesce(' | comment ' || obj_description(k.oid, 'pg_constraint'), '') as value
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where ${SCHEMAS}`,
  indexes: `select n.nspname || '.' || i.relname as key, pg_get_indexdef(i.oid) || coalesce(' | comment ' || obj_description(i.oid, 'pg_class'), '') as value
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
    where ${SCHEMAS} and not exists (select 1 from pg_depend d where d.objid = x.indrelid and d.deptype = 'e')`,
  policies: `select p.schemaname || '.' || p.tablename || ': ' || p.policyname as key,
      concat_ws(' | ', p.cmd, p.permissive, 'to ' || array_to_string(p.roles, ','), 'using ' || coalesce(p.qual, ''),
        'check ' || coalesce(p.with_check, '')) as value
    from pg_policies p join pg_namespace n on n.nspname = p.schemaname where ${SCHEMAS}`,
  functions: `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
      concat_ws(' | ', 'returns ' || pg_get_function_result(p.oid), 'language ' || l.lanname, 'volatility ' || p.provolatile::text,
        'security definer ' || p.prosecdef, 'strict ' || p.proisstrict, 'parallel ' || p.proparallel::text,
        'config ' || coalesce(array_to_string(p.proconfig, ','), ''), 'args ' || pg_get_function_arguments(p.oid),
        'comment ' || coalesce(obj_description(p.oid, 'pg_proc'), '')) as value
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where ${SCHEMAS} and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  // A SQL-standard body (`return …`, `begin atomic … end`) has no source text: its parsed body, deparsed.
  'function bodies': `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
      regexp_replace(btrim(case when p.prosqlbody is null then p.prosrc else pg_get_function_sqlbody(p.oid) end, E' \\n\\t'), '\\s+', ' ', 'g') as value
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${SCHEMAS} and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  triggers: `select n.nspname || '.' || c.relname || ': ' || t.tgname as key,
      pg_get_triggerdef(t.oid) || ' | enabled ' || t.tgenabled::text || coalesce(' | comment ' || obj_description(t.oid, 'pg_trigger'), '') as value
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and ${SCHEMAS}`,
  views: `select n.nspname || '.' || c.relname as key,
      regexp_replace(pg_get_viewdef(c.oid), '\\s+', ' ', 'g') || ' | options ' || coalesce(array_to_string(c.reloptions, ','), '') as value
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('v', 'm') and ${SCHEMAS}`,
  sequences: `select n.nspname || '.' || c.relname as key,
      concat_ws(' | ', format_type(s.seqtypid, null), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcycle,
        'owned by ' || coalesce((select dc.relname || '.' || da.attname from pg_depend d join pg_class dc on dc.oid = d.refobjid
          join pg_attribute da on da.attrelid = d.refobjid and da.attnum = d.refobjsubid
          where d.objid = c.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')), '')) as value
    from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace where ${SCHEMAS}`,
  types: `select n.nspname || '.' || t.typname as key,
      concat_ws(' | ', 'type ' || t.typtype::text, coalesce('labels ' || (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), ''),
        coalesce('base ' || format_type(t.typbasetype, t.typtypmod), ''), coalesce('comment ' || obj_description(t.oid, 'pg_type'), '')) as value
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where ${SCHEMAS} and t.typtype in ('e', 'd', 'c') and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
      and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`,
  'table grants': `select n.nspname || '.' || c.relname || ' to ' || coalesce(r.rolname, 'public') as key,
      string_agg(a.privilege_type || case when a.is_grantable then ' (grantable)' else '' end, ', ' order by a.privilege_type) as value
    from pg_class c join pg_namespace n on n.oid = c.relnamespace cross join lateral aclexplode(coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's' else 'r' end::"char", c.relowner))) a
    left join pg_roles r on r.oid = a.grantee
    where ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') group by 1`,
  'column grants': `select n.nspname || '.' || c.relname || '.' || att.attname || ' to ' || coalesce(r.rolname, 'public') as key,
      string_agg(a.privilege_type, ', ' order by a.privilege_type) as value
    from pg_attribute att join pg_class c on c.oid = att.attrelid join pg_namespace n on n.oid = c.relnamespace
    cross join lateral aclexplode(att.attacl) a left join pg_roles r on r.oid = a.grantee
    where ${SCHEMAS} and att.attacl is not null group by 1`,
  'function grants': `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') to ' || coalesce(r.rolname, 'public') as key,
      string_agg(a.privilege_type, ', ' order by a.privilege_type) as value
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    cross join lateral aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a left join pg_roles r on r.oid = a.grantee
    where ${SCHEMAS} and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') group by 1`,
  'schema grants': `select n.nspname || ' to ' || coalesce(r.rolname, 'public') as key, string_agg(a.privilege_type, ', ' order by a.privilege_type) as value
    from pg_namespace n cross join lateral aclexplode(n.nspacl) a left join pg_roles r on r.oid = a.grantee where ${SCHEMAS} group by 1`,
  'default privileges': `select coalesce(n.nspname, '(all)') || ' ' || d.defaclobjtype::text || ' by ' || pg_get_userbyid(d.defaclrole) || ' to ' || coalesce(r.rolname, 'public') as key,
      string_agg(a.privilege_type, ', ' order by a.privilege_type) as value
    from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace cross join lateral aclexplode(d.defaclacl) a
    left join pg_roles r on r.oid = a.grantee group by 1`,
  'role settings': `select coalesce(r.rolname, '(all)') || ' in ' || coalesce(db.datname, '(all)') as key, array_to_string(s.setconfig, ', ') as value
    from pg_db_role_setting s left join pg_roles r on r.oid = s.setrole left join pg_database db on db.oid = s.setdatabase`,
  publications: `select p.pubname || ': ' || t.schemaname || '.' || t.tablename as key,
      concat_ws(' | ', 'columns ' || coalesce(array_to_string(t.attnames, ','), '(all)'), 'where ' || coalesce(t.rowfilter, '')) as value
    from pg_publication p join pg_publication_tables t on t.pubname = p.pubname`,
  'publication settings': `select pubname as key, concat_ws(' | ', 'all tables ' || puballtables, 'insert ' || pubinsert, 'update ' || pubupdate,
      'delete ' || pubdelete, 'truncate ' || pubtruncate) as value from pg_publication`,
  buckets: `select id as key, concat_ws(' | ', name, 'public ' || public, 'size ' || coalesce(file_size_limit::text, ''),
      'types ' || coalesce(array_to_string(allowed_mime_types, ','), '')) as value from storage.buckets`,
  'event triggers': `select evtname as key, evtevent || ' ' || evtfoid::regproc::text as value from pg_event_trigger`,
};

interface Catalogue {
  [kind: string]: Map<string, string>;
}

async function readCatalogue(config: StackConfig): Promise<Catalogue> {
  const client = new pg.Client({ connectionString: config.dbUrl.replace('postgres:postgres@', 'supabase_admin:postgres@') });
  await client.connect();
  try {
    const catalogue: Catalogue = {};
    for (const [kind, sql] of Object.entries(QUERIES)) {
      const { rows } = await client.query<{ key: string; value: string }>(sql);
      catalogue[kind] = new Map(rows.map((r) => [r.key, r.value ?? '']));
    }
    return catalogue;
  } finally {
    await client.end();
  }
}

function diff(before: Catalogue, after: Catalogue): string[] {
  const out: string[] = [];
  for (const kind of Object.keys(QUERIES)) {
    const a = before[kind];
    const b = after[kind];
    const lines: string[] = [];
    for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
      const x = a.get(key);
      const y = b.get(key);
      if (x === y) continue;
      if (y === undefined) lines.push(`  - ${key}: ${x}`);
      else if (x === undefined) lines.push(`  + ${key}: ${y}`);
      else lines.push(`  ~ ${key}\n      base:     ${x}\n      baseline: ${y}`);
    }
    if (lines.length) out.push(`## ${kind} (${lines.length})`, ...lines, '');
  }
  return out;
}

sweepDeadTempDirs();
const folder = ownedTempDir('listingdesk-compare-schemas-');
let stopPostgres: (() => Promise<void>) | undefined;
try {
  const baseRoot = path.join(folder.path, 'base');
  const count = checkoutMigrations(base, baseRoot);
  // Built from the base revision's migrations, not the working tree's cache of migrated clusters.
  const { config, log, stop } = await startBarePostgres({ projectRoot: baseRoot, dataDir: path.join(folder.path, 'data') });
  stopPostgres = stop;

  await migrate(config, log, { seed: false });
  const before = await readCatalogue(config);
  await dropDatabaseObjects(config);
  const working = { ...config, supabaseDir: path.join(PROJECT_ROOT, 'supabase') };
  const applied = await migrate(working, log, { seed: false });
  const after = await readCatalogue(working);

  console.log(`base: ${base} (${count} migrations); working tree: ${applied.applied.length} migrations`);
  const lines = diff(before, after);
  if (lines.length === 0) console.log('no difference');
  else console.log(`\n${lines.join('\n')}`);
  process.exitCode = lines.length ? 1 : 0;
} finally {
  await stopPostgres?.();
  folder.remove();
}
