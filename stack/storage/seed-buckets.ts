/**
 * `supabase seed buckets` for the local stack: uploads every file under each
 * `[storage.buckets.<id>] objects_path` of supabase/config.toml into its bucket
 * as <path relative to objects_path>, overwriting what is there (upsert), as
 * the Supabase CLI does after seeding. Runs after seed.sql on a fresh database
 * (supervisor's first start, `stack reset`).
 *
 * It writes through the storage service's own code path (the same row write,
 * type and size checks and two-phase disk placement as an upload, as
 * service_role), but in-process: `stack reset` has no gateway running, and a
 * start needs no HTTP round trips. Buckets are not created here: they come
 * from the migrations; a configured bucket that does not exist is skipped with
 * a warning, and settings that differ from the database's are reported.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { readProjectConfig, type BucketConfig } from '../project-config.ts';
import { asCaller, BUCKET_COLUMNS, globalFileSizeLimit, type BucketRow, type StorageContext } from './context.ts';
import { Disk, KeyLocks } from './disk.ts';
import { metadataOf, writeObjectRow } from './upload.ts';
import { mustBeAllowedMediaType } from './mime.ts';
import { mustBeValidKey } from './validate.ts';

/** Content types by extension (what a browser upload would send). */
const MIME_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.wav': 'audio/wav',
  '.webm': 'audio/webm',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.mp4': 'video/mp4',
};

export function contentTypeOf(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Regular files under `dir`, as slash-separated paths relative to it; dotfiles (.DS_Store, .gitkeep) are skipped as the CLI skips OS metadata. */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(path.join(dir, entry.name), relative));
    else if (entry.isFile()) out.push(relative);
  }
  return out;
}

function describeDrift(id: string, wanted: BucketConfig, row: BucketRow): string[] {
  const drift: string[] = [];
  if (wanted.public !== row.public) drift.push(`public ${row.public} (config.toml: ${wanted.public})`);
  if (wanted.fileSizeLimit !== undefined && wanted.fileSizeLimit !== (row.file_size_limit ?? undefined)) {
    drift.push(`file_size_limit ${row.file_size_limit ?? 'none'} (config.toml: ${wanted.fileSizeLimit})`);
  }
  const types = (list: string[] | null) => [...(list ?? [])].sort().join(',');
  if (types(wanted.allowedMimeTypes) !== types(row.allowed_mime_types)) drift.push(`allowed_mime_types differ from config.toml`);
  return drift.map((d) => `bucket ${id}: ${d}`);
}

export interface SeedBucketsReport {
  uploaded: string[];
  failed: string[];
  skippedBuckets: string[];
  milliseconds: number;
}

/** Uploads the configured objects; `pool` logs in as supabase_storage_admin, as the Storage service does. */
export async function seedBuckets(config: StackConfig, pool: pg.Pool, log: Logger): Promise<SeedBucketsReport> {
  const started = performance.now();
  const buckets = readProjectConfig(config).buckets;
  const disk = new Disk(config.storageDir, !config.ephemeral);
  const ctx: StorageContext = { config, pool, log, disk, locks: new KeyLocks() };
  const claims = { role: 'service_role' };
  const globalLimit = globalFileSizeLimit(config);
  const report: SeedBucketsReport = { uploaded: [], failed: [], skippedBuckets: [], milliseconds: 0 };

  for (const [id, wanted] of Object.entries(buckets)) {
    const { rows } = await pool.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
    const bucket = rows[0];
    if (!bucket) {
      if (wanted.objectsPath) log.warn(`seed buckets: bucket ${id} does not exist (create it in a migration); skipped its files`);
      report.skippedBuckets.push(id);
      continue;
    }
    for (const drift of describeDrift(id, wanted, bucket)) log.warn(`seed buckets: ${drift}; the migrations decide here, \`supabase start\` would apply config.toml`);
    if (!wanted.objectsPath) continue;
    if (!fs.existsSync(wanted.objectsPath)) {
      log.warn(`seed buckets: objects_path ${path.relative(config.projectRoot, wanted.objectsPath)} of bucket ${id} does not exist`);
      continue;
    }
    const limit = bucket.file_size_limit ? Math.min(bucket.file_size_limit, globalLimit) : globalLimit;
    for (const name of filesUnder(wanted.objectsPath)) {
      const source = path.join(wanted.objectsPath, ...name.split('/'));
      const contentType = contentTypeOf(name);
      let temp: string | undefined;
      let placed = false;
      try {
        mustBeValidKey(name);
        mustBeAllowedMediaType(contentType, bucket.allowed_mime_types);
        const bytes = await fs.promises.readFile(source);
        temp = await disk.tempFile(id);
        const writer = await disk.writer(temp, limit);
        let written: { size: number; eTag: string };
        try {
          await writer.write(bytes);
          written = await writer.finish();
        } finally {
          await writer.close();
        }
        const metadata = metadataOf({ ...written, mimetype: contentType, cacheControl: 'max-age=3600' });
        const objectId = await asCaller(ctx, claims, (db) => writeObjectRow(db, { bucketId: id, name, metadata, userMetadata: null, owner: undefined }, true));
        await disk.place(temp, id, objectId);
        placed = true;
        report.uploaded.push(`${id}/${name}`);
      } catch (error) {
        // One bad demo file should not keep the stack from starting; say which and why.
        log.warn(`seed buckets: could not upload ${path.relative(config.projectRoot, source)} to ${id}/${name}: ${(error as Error).message}`);
        report.failed.push(`${id}/${name}`);
      } finally {
        if (!placed) await disk.discard(temp);
      }
    }
  }
  report.milliseconds = Math.round(performance.now() - started);
  if (report.uploaded.length) log.info(`seeded ${report.uploaded.length} storage objects from config.toml in ${report.milliseconds} ms`);
  return report;
}
