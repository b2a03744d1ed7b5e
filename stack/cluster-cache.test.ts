/**
 * The cache of migrated clusters is keyed by what a cluster is made of: a
 * changed, added or renamed migration, or another PostgreSQL build, never
 * reuses a copy made from other migrations; the same content always does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterKey } from './cluster-cache.ts';
import { ownedTempDir } from './temp-dirs.ts';

const project = ownedTempDir('listingdesk-cluster-key-');
afterAll(() => project.remove());

const migrations = path.join(project.path, 'supabase', 'migrations');
fs.mkdirSync(migrations, { recursive: true });
const write = (name: string, sql: string) => fs.writeFileSync(path.join(migrations, name), sql);
const binaries = { root: '/opt/pg', version: '17.10.0' };
const key = () => clusterKey(project.path, binaries);

describe('clusterKey', () => {
  write('20250101000000_create_a.sql', 'create table a (id int);');
  const first = key();

  it('is the same for the same migrations, whenever the files were written', () => {
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(migrations, '20250101000000_create_a.sql'), later, later);
    expect(key(), 'touching a migration without changing it keeps the key').toBe(first);
  });

  it('changes when a migration changes, is added or is renamed', () => {
    write('20250101000000_create_a.sql', 'create table a (id bigint);');
    const changed = key();
    expect(changed, 'an edited migration gives another key').not.toBe(first);
    write('20250102000000_create_b.sql', 'create table b (id int);');
    const added = key();
    expect(added, 'an added migration gives another key').not.toBe(changed);
    fs.renameSync(path.join(migrations, '20250102000000_create_b.sql'), path.join(migrations, '20250103000000_create_b.sql'));
    expect(key(), 'a renamed migration (another version) gives another key').not.toBe(added);
  });

  it('changes with the PostgreSQL build', () => {
    const now = key();
    expect(clusterKey(project.path, { ...binaries, version: '17.11.0' }), 'another PostgreSQL version').not.toBe(now);
    expect(clusterKey(project.path, { ...binaries, root: '/opt/pg-other' }), 'binaries from another folder (another build)').not.toBe(now);
  });
});
