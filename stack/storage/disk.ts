/**
 * Object bytes on local disk: `<storageDir>/<bucket>/<object id>`. Files are
 * named by the row's id (not the object name), so a name can never reach the
 * file system and a move inside a bucket is only a row update.
 *
 * Writes are two-phase: bytes go to a temporary file in the bucket's folder
 * (same file system, so the final rename is atomic), and are renamed into
 * place only after the row's transaction committed. Whatever fails before
 * that deletes the temporary file, so a refused upload leaves no bytes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from './errors.ts';

const TEMP_PREFIX = '.tmp-';

export class Disk {
  /** `durable` fsyncs each upload before it is placed; throwaway test stacks skip that, as their Postgres does. */
  constructor(
    readonly root: string,
    private readonly durable = true,
  ) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** One folder per bucket; the id is percent-encoded so no bucket id (even one inserted with SQL) can escape the root. */
  bucketDir(bucketId: string): string {
    const safe = encodeURIComponent(bucketId).replace(/^\.+$/, (dots) => '%2E'.repeat(dots.length));
    return path.join(this.root, safe);
  }

  objectPath(bucketId: string, objectId: string): string {
    if (!/^[0-9a-f-]{36}$/i.test(objectId)) throw new Error(`unexpected object id ${objectId}`);
    return path.join(this.bucketDir(bucketId), objectId);
  }

  async tempFile(bucketId: string): Promise<string> {
    const dir = this.bucketDir(bucketId);
    await fs.promises.mkdir(dir, { recursive: true });
    return path.join(dir, `${TEMP_PREFIX}${crypto.randomUUID()}`);
  }

  /** Writes chunks to `file`, refusing more than `limit` bytes; returns size and MD5 (the ETag, as S3 computes it). */
  async writer(file: string, limit: number) {
    const handle = await fs.promises.open(file, 'wx', 0o600);
    const md5 = crypto.createHash('md5');
    const durable = this.durable;
    let size = 0;
    let closed = false;
    const close = async () => {
      if (!closed) {
        closed = true;
        await handle.close();
      }
    };
    return {
      async write(chunk: Buffer) {
        size += chunk.length;
        if (size > limit) throw ERRORS.entityTooLarge();
        md5.update(chunk);
        await handle.write(chunk);
      },
      async finish() {
        if (durable) await handle.sync();
        await close();
        return { size, eTag: `"${md5.digest('hex')}"` };
      },
      close,
    };
  }

  async copyToTemp(fromBucket: string, objectId: string, toBucket: string): Promise<string> {
    const temp = await this.tempFile(toBucket);
    try {
      await fs.promises.copyFile(this.objectPath(fromBucket, objectId), temp, fs.constants.COPYFILE_EXCL);
    } catch (error) {
      await this.discard(temp);
      throw error;
    }
    return temp;
  }

  /** Moves a committed upload into place (atomic: readers see the old or the new bytes). */
  async place(temp: string, bucketId: string, objectId: string): Promise<void> {
    await fs.promises.rename(temp, this.objectPath(bucketId, objectId));
  }

  async moveBetweenBuckets(objectId: string, fromBucket: string, toBucket: string): Promise<void> {
    if (fromBucket === toBucket) return;
    await fs.promises.mkdir(this.bucketDir(toBucket), { recursive: true });
    await fs.promises.rename(this.objectPath(fromBucket, objectId), this.objectPath(toBucket, objectId));
  }

  async discard(file: string | undefined): Promise<void> {
    if (file) await fs.promises.rm(file, { force: true });
  }

  async remove(bucketId: string, objectIds: string[]): Promise<void> {
    await Promise.all(objectIds.map((id) => fs.promises.rm(this.objectPath(bucketId, id), { force: true })));
  }

  async removeBucket(bucketId: string): Promise<void> {
    await fs.promises.rm(this.bucketDir(bucketId), { recursive: true, force: true });
  }

  /** Leftovers of uploads interrupted by a crash: nothing can be in flight at start-up. */
  sweepTemp(): void {
    for (const dir of fs.readdirSync(this.root, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      for (const f of fs.readdirSync(path.join(this.root, dir.name))) {
        if (f.startsWith(TEMP_PREFIX)) fs.rmSync(path.join(this.root, dir.name, f), { force: true });
      }
    }
  }
}

/** Serialises the commit-and-rename step per object key, so two overwrites of one key land bytes and row in the same order. */
export class KeyLocks {
  private tails = new Map<string, Promise<void>>();

  async with<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const previous = sorted.map((k) => this.tails.get(k) ?? Promise.resolve());
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    for (const k of sorted) this.tails.set(k, mine);
    await Promise.all(previous);
    try {
      return await work();
    } finally {
      release();
      for (const k of sorted) if (this.tails.get(k) === mine) this.tails.delete(k);
    }
  }
}
