/**
 * Schema comments check (issue 13, "Oversight in Supabase Studio"): Studio
 * shows `comment on …` texts in its table editor and API docs, so every table,
 * view, column and function we create must carry one.
 *
 * Checked: every table, view, materialized view and foreign table of the
 * `public` and `private` schemas and each of their columns, every function of
 * those schemas, and every function the migration role owns in any other
 * schema (a helper a migration puts next to `storage` or `realtime` policies).
 * Objects belonging to an extension are not ours and are skipped.
 * One catalog query; `scripts/check-database.ts` runs it for `npm test`.
 */
import type pg from 'pg';

export const COMMENTED_SCHEMAS = ['public', 'private'];
/** The role migrations run as (locally and with the Supabase CLI on hosted). */
export const MIGRATION_ROLE = 'postgres';

export interface UncommentedObject {
  kind: 'table' | 'view' | 'materialized view' | 'foreign table' | 'column' | 'function';
  name: string;
}

// $1: schemas checked in full; $2: role whose functions are checked in any schema.
// A blank comment counts as missing (`comment on … is ''` removes it anyway).
const UNCOMMENTED_OBJECTS_SQL = `
with relations as (
  select c.oid, format('%I.%I', n.nspname, c.relname) as name, c.relkind
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any ($1::text[])
    and c.relkind in ('r', 'p', 'v', 'm', 'f')
    and not c.relispartition
    and not exists (
      select 1 from pg_catalog.pg_depend d
      where d.classid = 'pg_catalog.pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
), functions as (
  select p.oid, format('%I.%I(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as name
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where (n.nspname = any ($1::text[]) or p.proowner = (select r.oid from pg_catalog.pg_roles r where r.rolname = $2))
    and n.nspname not in ('pg_catalog', 'information_schema')
    and not exists (
      select 1 from pg_catalog.pg_depend d
      where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
)
select case r.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end as kind,
       r.name
from relations r
where coalesce(btrim(pg_catalog.obj_description(r.oid, 'pg_class')), '') = ''
union all
select 'column', format('%s.%I', r.name, a.attname)
from relations r
join pg_catalog.pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
where coalesce(btrim(pg_catalog.col_description(r.oid, a.attnum)), '') = ''
union all
select 'function', f.name
from functions f
where coalesce(btrim(pg_catalog.obj_description(f.oid, 'pg_proc')), '') = ''
order by 1, 2`;

/** Every checked object without a comment, sorted by kind and name. */
export async function findUncommentedObjects(
  db: pg.ClientBase | pg.Pool,
  schemas: string[] = COMMENTED_SCHEMAS,
  migrationRole: string = MIGRATION_ROLE,
): Promise<UncommentedObject[]> {
  const { rows } = await db.query<UncommentedObject>(UNCOMMENTED_OBJECTS_SQL, [schemas, migrationRole]);
  return rows;
}

/** One line per object, e.g. `column public.users.phone`. */
export function describeUncommented(objects: UncommentedObject[]): string[] {
  return objects.map((o) => `${o.kind} ${o.name}`);
}
