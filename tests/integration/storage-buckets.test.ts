/**
 * Storage buckets, limits, public URLs and byte fidelity, through the
 * unmodified supabase-js.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, mintedUser, serviceClient, stackInfo, withDb, type TestUser } from '../support/clients.ts';

const PUBLIC = 'pub-assets';
const LIMITED = 'limited-images';

function diskFiles(bucket: string): string[] {
  const dir = path.join(stackInfo().dataDir, 'storage', encodeURIComponent(bucket));
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function rowCount(bucket: string, name: string): Promise<number> {
  return withDb(async (db) => (await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rowCount ?? 0);
}

const status = (error: unknown) => (error as { status?: number } | null)?.status;

describe('storage buckets, limits and public access', () => {
  let user: TestUser;

  beforeAll(async () => {
    // As an app migration for hosted Supabase creates its buckets.
    await withDb((db) =>
      db.query(`insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
        ('${PUBLIC}', '${PUBLIC}', true, null, null),
        ('${LIMITED}', '${LIMITED}', false, 1024, array['image/*', 'text/plain'])`),
    );
    user = await mintedUser();
  });

  afterAll(async () => {
    // Direct deletes need storage.allow_delete_query, as on hosted (storage.protect_delete()).
    await withDb((db) =>
      db.query(`set storage.allow_delete_query = 'true';
        delete from storage.objects where bucket_id in ('${PUBLIC}', '${LIMITED}'); delete from storage.buckets where id in ('${PUBLIC}', '${LIMITED}')`),
    );
  });

  it('manages buckets with the service role', async () => {
    const storage = serviceClient().storage;
    const created = await storage.createBucket('mgmt-one', { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['image/png'] });
    expect(created.data, 'createBucket answers {name}').toEqual({ name: 'mgmt-one' });
    await storage.createBucket('mgmt-two', { public: true });

    const got = await storage.getBucket('mgmt-one');
    expect(got.data, 'getBucket returns the settings; "2MB" is stored as bytes').toMatchObject({ id: 'mgmt-one', name: 'mgmt-one', public: false, file_size_limit: 2_000_000, allowed_mime_types: ['image/png'] });
    expect(status((await storage.getBucket('no-such-bucket')).error), 'an unknown bucket is a 404').toBe(404);

    const dup = await storage.createBucket('mgmt-one');
    expect(status(dup.error), 'a duplicate bucket is a 409').toBe(409);
    expect(status((await storage.createBucket('bad/name')).error), 'a bucket name with a slash is refused (400)').toBe(400);

    const listed = await storage.listBuckets({ search: 'mgmt-', sortColumn: 'name', sortOrder: 'desc' });
    expect(listed.data?.map((b) => b.id), 'listBuckets searches and sorts').toEqual(['mgmt-two', 'mgmt-one']);
    expect((await storage.listBuckets({ search: 'mgmt-', limit: 1, offset: 1 })).data?.map((b) => b.id), 'listBuckets pages with limit/offset').toEqual(['mgmt-two']);

    const updated = await storage.updateBucket('mgmt-one', { public: true, fileSizeLimit: 10, allowedMimeTypes: ['text/plain'] });
    expect(updated.data?.message, 'updateBucket answers a message').toBe('Successfully updated');
    expect((await storage.getBucket('mgmt-one')).data, 'updateBucket changed the settings').toMatchObject({ public: true, file_size_limit: 10, allowed_mime_types: ['text/plain'] });

    await storage.from('mgmt-two').upload('keep/me.txt', 'x');
    const refused = await storage.deleteBucket('mgmt-two');
    expect(status(refused.error), 'deleting a non-empty bucket is refused (409)').toBe(409);
    expect(refused.error?.message, 'with Supabase\'s "not empty" message').toBe('The bucket you tried to delete is not empty');
    expect((await storage.emptyBucket('mgmt-two')).data?.message, 'emptyBucket empties it').toBe('Successfully emptied');
    expect(diskFiles('mgmt-two'), 'emptying removes the bytes').toEqual([]);
    expect((await storage.deleteBucket('mgmt-two')).data?.message, 'an empty bucket can be deleted').toBe('Successfully deleted');
    expect((await storage.deleteBucket('mgmt-one')).error, 'so can the other').toBeNull();
    expect(status((await storage.deleteBucket('mgmt-one')).error), 'deleting a deleted bucket is a 404').toBe(404);
  });

  it('leaves bucket management to RLS for other roles (none by default)', async () => {
    const byUser = await user.client.storage.createBucket('user-bucket');
    expect(status(byUser.error), 'an authenticated user cannot create a bucket without a policy (403)').toBe(403);
    expect(status((await anonClient().storage.createBucket('anon-bucket')).error), 'nor can anon (403)').toBe(403);
    expect((await user.client.storage.listBuckets()).data, 'listBuckets shows a user no buckets without a select policy').toEqual([]);
    expect(status((await user.client.storage.updateBucket(PUBLIC, { public: false })).error), 'a user cannot update a bucket (404: not visible)').toBe(404);
    expect(status((await user.client.storage.deleteBucket(PUBLIC)).error), 'a user cannot delete a bucket').toBe(404);
    expect((await serviceClient().storage.getBucket(PUBLIC)).data?.public, 'the bucket is unchanged').toBe(true);
  });

  it('refuses files over the bucket size limit with 413 and keeps nothing', async () => {
    const before = diskFiles(LIMITED);
    const big = crypto.randomBytes(2048);
    const raw = await serviceClient().storage.from(LIMITED).upload('big.png', big, { contentType: 'image/png' });
    expect(status(raw.error), 'a raw body over file_size_limit is a 413').toBe(413);
    expect(raw.error, 'with Supabase\'s error shape').toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });

    const multipart = await serviceClient().storage.from(LIMITED).upload('big-blob.png', new Blob([big], { type: 'image/png' }));
    expect(status(multipart.error), 'a multipart upload over the limit is a 413 too (checked while streaming)').toBe(413);
    expect(await rowCount(LIMITED, 'big.png') + (await rowCount(LIMITED, 'big-blob.png')), 'oversized uploads leave no rows').toBe(0);
    expect(diskFiles(LIMITED), 'oversized uploads leave no files').toEqual(before);

    const exact = await serviceClient().storage.from(LIMITED).upload('exact.png', crypto.randomBytes(1024), { contentType: 'image/png' });
    expect(exact.error, 'a file of exactly the limit is accepted').toBeNull();
  });

  it('refuses types outside allowed_mime_types with 415 invalid_mime_type', async () => {
    const before = diskFiles(LIMITED);
    const pdf = await serviceClient().storage.from(LIMITED).upload('doc.pdf', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
    expect(status(pdf.error), 'a type the bucket does not allow is a 415').toBe(415);
    expect(pdf.error?.message, 'with Supabase\'s message').toBe('mime type application/pdf is not supported');
    const blob = await serviceClient().storage.from(LIMITED).upload('doc2.pdf', new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(status(blob.error), 'the multipart file part type is checked too').toBe(415);
    expect(diskFiles(LIMITED), 'a refused type leaves no files').toEqual(before);
    expect(await rowCount(LIMITED, 'doc.pdf'), 'a refused type leaves no row').toBe(0);

    expect((await serviceClient().storage.from(LIMITED).upload('pic.webp', Buffer.from('RIFF'), { contentType: 'image/webp' })).error, 'image/* allows image/webp').toBeNull();
    expect((await serviceClient().storage.from(LIMITED).upload('note.txt', 'hi')).error, 'text/plain allows text/plain;charset=UTF-8').toBeNull();
  });

  it('round-trips binary files byte for byte, with Range, ETag and attachment downloads', async () => {
    const bytes = crypto.randomBytes(300_000);
    const bucket = serviceClient().storage.from(PUBLIC);
    const up = await bucket.upload('bin/random.bin', bytes, { contentType: 'application/octet-stream' });
    expect(up.error, 'a binary Buffer uploads').toBeNull();
    const down = await bucket.download('bin/random.bin');
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(bytes), 'the download is byte-identical to the upload').toBe(true);

    const blobUp = await bucket.upload('bin/random-blob.bin', new Blob([bytes], { type: 'application/octet-stream' }));
    expect(blobUp.error, 'a binary Blob uploads (multipart)').toBeNull();
    const blobDown = await bucket.download('bin/random-blob.bin');
    expect(Buffer.from(await blobDown.data!.arrayBuffer()).equals(bytes), 'the multipart upload is byte-identical too').toBe(true);

    const publicUrl = bucket.getPublicUrl('bin/random.bin').data.publicUrl;
    const ranged = await fetch(publicUrl, { headers: { Range: 'bytes=100-199' } });
    expect(ranged.status, 'a Range request gets 206').toBe(206);
    expect(ranged.headers.get('content-range'), 'with Content-Range').toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(100, 200)), 'and exactly those bytes').toBe(true);
    expect((await fetch(publicUrl, { headers: { Range: `bytes=${bytes.length + 10}-` } })).status, 'an unsatisfiable range is a 416').toBe(416);

    const full = await fetch(publicUrl);
    const md5 = crypto.createHash('md5').update(bytes).digest('hex');
    expect(full.headers.get('etag'), 'the ETag is the quoted MD5').toBe(`"${md5}"`);
    await full.arrayBuffer();
    expect((await fetch(publicUrl, { headers: { 'If-None-Match': `"${md5}"` } })).status, 'a matching If-None-Match gets 304').toBe(304);

    const attachment = await fetch(bucket.getPublicUrl('bin/random.bin', { download: true }).data.publicUrl);
    expect(attachment.headers.get('content-disposition'), '?download gives an attachment named after the file').toContain('filename="random.bin"');
    await attachment.arrayBuffer();
  });

  it('serves public buckets without auth and never private ones', async () => {
    await serviceClient().storage.from(PUBLIC).upload('hello.txt', 'public hello', { contentType: 'text/plain', cacheControl: '60' });
    const url = anonClient().storage.from(PUBLIC).getPublicUrl('hello.txt').data.publicUrl;
    const res = await fetch(url);
    expect(res.status, 'a public bucket object is served without any header').toBe(200);
    expect(await res.text(), 'with its bytes').toBe('public hello');
    expect(res.headers.get('cache-control'), 'and its cache control').toBe('max-age=60');

    await serviceClient().storage.from(LIMITED).upload('secret.txt', 'private');
    const privateUrl = anonClient().storage.from(LIMITED).getPublicUrl('secret.txt').data.publicUrl;
    const denied = await fetch(privateUrl);
    expect(denied.status, 'a private bucket has no public URL (404)').toBe(404);
    expect(await denied.text(), 'and leaks nothing').not.toContain('private');

    const noKey = await fetch(`${stackInfo().apiUrl}/storage/v1/object/${PUBLIC}/hello.txt`);
    expect(noKey.status, 'the authenticated download path needs the API key (401 at the gateway)').toBe(401);
    const noKeySign = await fetch(`${stackInfo().apiUrl}/storage/v1/object/sign/${PUBLIC}/hello.txt`, { method: 'POST', body: '{"expiresIn":60}' });
    expect(noKeySign.status, 'signing needs the API key even though GET of a signed URL does not').toBe(401);
  });

  it('keeps user metadata and cache control given on upload', async () => {
    const bucket = serviceClient().storage.from(PUBLIC);
    await bucket.upload('meta/raw.txt', 'raw', { metadata: { purpose: 'raw' }, cacheControl: '120' });
    await bucket.upload('meta/blob.txt', new Blob(['blob'], { type: 'text/plain' }), { metadata: { purpose: 'blob' }, cacheControl: '30' });
    const raw = await bucket.info('meta/raw.txt');
    expect(raw.data?.metadata, 'x-metadata on a raw upload becomes user_metadata').toEqual({ purpose: 'raw' });
    expect(raw.data?.cacheControl, 'cache-control on a raw upload is kept').toBe('max-age=120');
    const blob = await bucket.info('meta/blob.txt');
    expect(blob.data?.metadata, 'the multipart metadata field becomes user_metadata').toEqual({ purpose: 'blob' });
    expect(blob.data?.cacheControl, 'the multipart cacheControl field is kept').toBe('max-age=30');
  });
});
