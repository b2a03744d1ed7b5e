/**
 * Oversight in Supabase Studio: every table, view, column and function of ours
 * carries a comment, and the check `npm test` runs (scripts/schema-comments.ts,
 * called by scripts/check-database.ts) names each object that lacks one.
 */
import { describe, expect, it } from 'vitest';
import { describeUncommented, findUncommentedObjects } from '../../scripts/schema-comments.ts';
import { withDb } from '../support/clients.ts';

describe('schema comments', () => {
  it('every public and private table, view, column and function of the migrated database has a comment', async () => {
    const missing = await withDb((db) => findUncommentedObjects(db));
    expect(describeUncommented(missing), 'objects Studio would show without an explanation (add `comment on …` in a migration)').toEqual([]);
  });

  it('names each uncommented table, view, column and function, and nothing that is commented', async () => {
    const { during, after } = await withDb(async (db) => {
      await db.query('begin');
      try {
        await db.query(`
          create table public.zz_probe_commented (id int, label text);
          comment on table public.zz_probe_commented is 'Probe table with a comment.';
          comment on column public.zz_probe_commented.id is 'Probe column with a comment.';
          create table private.zz_probe_bare (amount int);
          create view public.zz_probe_view as select 1 as one;
          create function private.zz_probe_helper(n int) returns int language sql immutable as 'select n';
          create function public.zz_probe_documented() returns int language sql immutable as 'select 1';
          comment on function public.zz_probe_documented() is 'Probe function with a comment.';
          create function public.zz_probe_blank() returns int language sql immutable as 'select 1';
          comment on function public.zz_probe_blank() is '   ';
          create function storage.zz_probe_policy_helper() returns boolean language sql stable as 'select true';
        `);
        return { during: describeUncommented(await findUncommentedObjects(db)) };
      } finally {
        await db.query('rollback');
      }
    }).then(async (result) => ({ ...result, after: describeUncommented(await withDb((db) => findUncommentedObjects(db))) }));

    expect(during, 'an uncommented column of a commented table is reported').toContain('column public.zz_probe_commented.label');
    expect(during, 'an uncommented table of the private schema is reported').toContain('table private.zz_probe_bare');
    expect(during, 'its columns are reported too').toContain('column private.zz_probe_bare.amount');
    expect(during, 'an uncommented view and its columns are reported').toEqual(expect.arrayContaining(['view public.zz_probe_view', 'column public.zz_probe_view.one']));
    expect(during, 'an uncommented private helper function is reported with its arguments').toContain('function private.zz_probe_helper(n integer)');
    expect(during, 'a blank comment counts as missing').toContain('function public.zz_probe_blank()');
    expect(during, 'a function our migration role creates next to storage policies is reported').toContain('function storage.zz_probe_policy_helper()');
    expect(during.filter((line) => line.includes('zz_probe_commented') && !line.endsWith('.label')), 'the commented table and column are not reported').toEqual([]);
    expect(during.filter((line) => line.includes('zz_probe_documented')), 'the commented function is not reported').toEqual([]);
    expect(after.filter((line) => line.includes('zz_probe')), 'the probe objects were rolled back').toEqual([]);
  });
});
