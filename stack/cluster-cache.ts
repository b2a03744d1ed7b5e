/**
 * Ready-migrated PostgreSQL clusters, so that a fresh data folder starts in a
 * second or two instead of running initdb, the platform bootstrap and every
 * migration again (tests and benchmarks start many throwaway stacks).
 *
 * A fresh start copies the data directory of a cluster on which initdb, the
 * bootstrap and the migrations already ran. The seed is not part of it:
 * seed.sql dates its rows relative to now() and current_date, so it runs on
 * every fresh start as before, and so do the seed's storage files.
 *
 * Copies live in `<project>/node_modules/.cache/listingdesk/cluster-<key>`
 * (git-ignored, inside the checkout). `<key>` hashes everything such a cluster
 * is made of: the PostgreSQL build, stack/bootstrap/*.sql,
 * supabase/migrations/*.sql (names and contents) and the stack code that
 * creates and migrates clusters. A changed or added migration gives another
 * key, so a stale copy is never used. A fresh start whose key has no copy yet
 * builds its cluster as before and then leaves a copy here: into a temporary
 * sibling, renamed into place when complete, so concurrent starts never read
 * half a copy and the first of several racing starts wins.
 *
 * As root, PostgreSQL runs as the `postgres` user (stack/pg-binaries.ts), who
 * may not be able to reach a checkout in a private folder; the copy is read
 * and written by us, and the restored data directory is handed to that user.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PostgresBinaries, RunAs } from './pg-binaries.ts';

const STACK_DIR = path.dirname(fileURLToPath(import.meta.url));
const COMPLETE = '.complete.json';
/** Copies for other keys unused this long are removed when a new copy is saved (a concurrent run may still read a recent one). */
const UNUSED_MS = 60 * 60 * 1000;

/** The stack code whose behaviour decides what a migrated cluster contains. */
const CODE_FILES = ['cluster-cache.ts', 'migrate.ts', 'postgres.ts', 'pg-server.ts'].map((f) => path.join(STACK_DIR, f));

function sqlFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Hash of everything a migrated cluster is made of (see the file header). */
export function clusterKey(projectRoot: string, binaries: Pick<PostgresBinaries, 'root' | 'version'>): string {
  const hash = crypto.createHash('sha256');
  hash.update(`postgres ${binaries.version} ${binaries.root}\n`);
  const files = [...sqlFilesIn(path.join(STACK_DIR, 'bootstrap')), ...sqlFilesIn(path.join(projectRoot, 'supabase', 'migrations')), ...CODE_FILES];
  for (const file of files) {
    hash.update(`${path.relative(projectRoot, file)}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/** Copies `from`'s contents into `to` (created if missing), keeping modes, owners and links. */
function copyTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  execFileSync('cp', ['-a', '--reflink=auto', `${from}/.`, to], { stdio: ['ignore', 'ignore', 'pipe'] });
}

export class ClusterCache {
  readonly dir: string;

  constructor(
    projectRoot: string,
    private readonly binaries: Pick<PostgresBinaries, 'root' | 'version'>,
  ) {
    this.dir = path.join(projectRoot, 'node_modules', '.cache', 'listingdesk', `cluster-${clusterKey(projectRoot, binaries)}`);
  }

  get available(): boolean {
    return fs.existsSync(path.join(this.dir, COMPLETE));
  }

  /** Fills the empty data directory `dbDir` with the cached cluster; false when there is none for this key. */
  restore(dbDir: string, runAs: RunAs | undefined): boolean {
    if (!this.available) return false;
    copyTree(path.join(this.dir, 'db'), dbDir);
    // PostgreSQL insists on owning its data directory, mode 0700.
    if (runAs) execFileSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, dbDir]);
    fs.chmodSync(dbDir, 0o700);
    const now = new Date();
    fs.utimesSync(this.dir, now, now);
    return true;
  }

  /** Keeps a copy of `dbDir` (a cleanly shut down, freshly migrated cluster) for later fresh starts. */
  save(dbDir: string): void {
    if (this.available) return;
    const parent = path.dirname(this.dir);
    fs.mkdirSync(parent, { recursive: true });
    const tmp = fs.mkdtempSync(`${this.dir}.tmp-`);
    try {
      copyTree(dbDir, path.join(tmp, 'db'));
      fs.rmSync(path.join(tmp, 'db', 'postmaster.opts'), { force: true });
      fs.writeFileSync(path.join(tmp, COMPLETE), `${JSON.stringify({ postgres: this.binaries.version, createdAt: new Date().toISOString() }, null, 2)}\n`);
      fs.renameSync(tmp, this.dir);
    } catch (error) {
      fs.rmSync(tmp, { recursive: true, force: true });
      // Another start saved the same cluster first: theirs serves.
      if (!this.available) throw error;
    }
    this.removeUnused();
  }

  /** Copies for other keys (older migrations) and leftovers of interrupted saves, unused for an hour. */
  private removeUnused(): void {
    const parent = path.dirname(this.dir);
    for (const name of fs.readdirSync(parent)) {
      const entry = path.join(parent, name);
      if (!name.startsWith('cluster-') || entry === this.dir) continue;
      if (Date.now() - fs.statSync(entry).mtimeMs > UNUSED_MS) fs.rmSync(entry, { recursive: true, force: true });
    }
  }
}
