/**
 * Storage under RLS, through the unmodified supabase-js: two users, each with a
 * private folder (`<uid>/...`) in one bucket, policies as an app migration
 * written for hosted Supabase would add them.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, mintedUser, serviceClient, stackInfo, withDb, type TestUser } from '../support/clients.ts';

const BUCKET = 'private-folders';

/** The service's folder of a bucket (`<dataDir>/storage/<bucket>`), and the files in it. */
function diskFiles(bucket = BUCKET): string[] {
  const dir = path.join(stackInfo().dataDir, 'storage', encodeURIComponent(bucket));
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function objectRows(name: string, bucket = BUCKET): Promise<{ id: string; owner: string | null; owner_id: string | null }[]> {
  return withDb(async (db) => (await db.query('select id, owner, owner_id from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rows);
}

/** A request storage-js would never send (raw path), for names the client or fetch would normalise. */
function rawRequest(method: string, pathAndQuery: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; json: unknown }> {
  const url = new URL(stackInfo().apiUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: pathAndQuery, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('storage objects under row-level security', () => {
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    await withDb((db) =>
      db.query(`
        insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ('${BUCKET}', '${BUCKET}', false, null, null);
        create policy "pf insert own folder" on storage.objects for insert to authenticated
          with check (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
        create policy "pf select own folder" on storage.objects for select to authenticated
          using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
        create policy "pf update own folder" on storage.objects for update to authenticated
          using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text)
          with check (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
        create policy "pf delete own folder" on storage.objects for delete to authenticated
          using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);`),
    );
    a = await mintedUser();
    b = await mintedUser();
  });

  afterAll(async () => {
    await withDb((db) =>
      db.query(`
        drop policy "pf insert own folder" on storage.objects; drop policy "pf select own folder" on storage.objects;
        drop policy "pf update own folder" on storage.objects; drop policy "pf delete own folder" on storage.objects;
        set storage.allow_delete_query = 'true'; -- direct deletes are refused otherwise, as on hosted
        delete from storage.objects where bucket_id = '${BUCKET}'; delete from storage.buckets where id = '${BUCKET}';`),
    );
  });

  it('lets a user write and read only inside their own folder', async () => {
    const up = await a.client.storage.from(BUCKET).upload(`${a.id}/note.txt`, 'hello from A', { contentType: 'text/plain' });
    expect(up.error, 'A may upload into their own folder (insert policy)').toBeNull();
    expect(up.data?.fullPath, 'the upload answers with bucket/path as Key').toBe(`${BUCKET}/${a.id}/note.txt`);
    const rows = await objectRows(`${a.id}/note.txt`);
    expect(rows[0]?.owner, 'owner is the uploader (the JWT sub)').toBe(a.id);
    expect(rows[0]?.owner_id, 'owner_id is the JWT sub').toBe(a.id);
    expect(diskFiles(), 'the bytes are stored under the row id').toContain(rows[0]!.id);

    const mine = await a.client.storage.from(BUCKET).download(`${a.id}/note.txt`);
    expect(await mine.data?.text(), 'A can download their own file (select policy)').toBe('hello from A');

    const theirs = await b.client.storage.from(BUCKET).download(`${a.id}/note.txt`);
    expect(theirs.data, "B cannot download A's file").toBeNull();
    expect((theirs.error as { status?: number })?.status, "A's file is invisible to B: 404").toBe(404);

    const anonRead = await anonClient().storage.from(BUCKET).download(`${a.id}/note.txt`);
    expect(anonRead.data, 'anon cannot download from a private bucket without a policy').toBeNull();

    const authed = await fetch(`${stackInfo().apiUrl}/storage/v1/object/authenticated/${BUCKET}/${a.id}/note.txt`, {
      headers: { apikey: stackInfo().anonKey, Authorization: `Bearer ${a.accessToken}` },
    });
    expect(await authed.text(), '/object/authenticated/... serves the owner too').toBe('hello from A');

    expect((await a.client.storage.from(BUCKET).exists(`${a.id}/note.txt`)).data, 'exists() is true for a visible object').toBe(true);
    expect((await b.client.storage.from(BUCKET).exists(`${a.id}/note.txt`)).data, 'exists() is false for an object RLS hides').toBe(false);

    const info = await a.client.storage.from(BUCKET).info(`${a.id}/note.txt`);
    expect(info.error, 'info() works for the owner').toBeNull();
    expect(info.data, 'info() reports size, type and ETag').toMatchObject({ name: `${a.id}/note.txt`, size: 12, contentType: 'text/plain', bucketId: BUCKET });
    expect(info.data?.etag, 'the ETag is the quoted MD5 of the bytes').toMatch(/^"[0-9a-f]{32}"$/);
    expect((await b.client.storage.from(BUCKET).info(`${a.id}/note.txt`)).error, 'info() refuses an object RLS hides').not.toBeNull();
  });

  it('refuses an upload outside the own folder and leaves neither a row nor bytes', async () => {
    const before = diskFiles();
    const denied = await b.client.storage.from(BUCKET).upload(`${a.id}/intruder.txt`, 'from B', { contentType: 'text/plain' });
    expect((denied.error as { status?: number })?.status, 'an upload the insert policy refuses is a 403').toBe(403);
    expect(denied.error?.message, 'with the RLS message Supabase gives').toBe('new row violates row-level security policy');
    expect((denied.error as { statusCode?: string })?.statusCode, 'and statusCode "403" in the body').toBe('403');
    expect(await objectRows(`${a.id}/intruder.txt`), 'a denied upload leaves no row').toEqual([]);
    expect(diskFiles(), 'a denied upload leaves no file (not even a temporary one)').toEqual(before);

    const anonUp = await anonClient().storage.from(BUCKET).upload(`${a.id}/anon.txt`, 'anon');
    expect((anonUp.error as { status?: number })?.status, 'anon cannot upload without a policy').toBe(403);
    expect(diskFiles(), 'nor does an anon upload leave bytes').toEqual(before);
  });

  it('overwrites only with upsert, and only the own files', async () => {
    const path1 = `${a.id}/overwrite.txt`;
    expect((await a.client.storage.from(BUCKET).upload(path1, 'v1')).error, 'first upload succeeds').toBeNull();
    const again = await a.client.storage.from(BUCKET).upload(path1, 'v2');
    expect((again.error as { status?: number })?.status, 'uploading onto an existing name without upsert is a 409').toBe(409);
    expect(again.error?.message, 'with "The resource already exists"').toBe('The resource already exists');

    const upsert = await a.client.storage.from(BUCKET).upload(path1, 'v3', { upsert: true });
    expect(upsert.error, 'upsert by the owner overwrites (insert + select + update policies)').toBeNull();
    expect(await (await a.client.storage.from(BUCKET).download(path1)).data?.text(), 'the new bytes are served').toBe('v3');

    const updated = await a.client.storage.from(BUCKET).update(path1, 'v4');
    expect(updated.error, 'update() (PUT) by the owner overwrites').toBeNull();
    expect(await (await a.client.storage.from(BUCKET).download(path1)).data?.text(), 'update() replaced the bytes').toBe('v4');

    const filesBefore = diskFiles();
    const foreign = await b.client.storage.from(BUCKET).upload(path1, 'hijack', { upsert: true });
    expect((foreign.error as { status?: number })?.status, "B's upsert onto A's file is refused by RLS (403)").toBe(403);
    const foreignUpdate = await b.client.storage.from(BUCKET).update(path1, 'hijack');
    expect((foreignUpdate.error as { status?: number })?.status, "B's update() of A's file is refused (403)").toBe(403);
    expect(await (await a.client.storage.from(BUCKET).download(path1)).data?.text(), "A's bytes are unchanged after B's attempts").toBe('v4');
    expect(diskFiles(), "B's refused overwrites leave no files").toEqual(filesBefore);
  });

  it('deletes only what the delete policy allows, bytes included', async () => {
    const name = `${a.id}/delete-me.txt`;
    await a.client.storage.from(BUCKET).upload(name, 'bye');
    const [row] = await objectRows(name);

    const byB = await b.client.storage.from(BUCKET).remove([name]);
    expect(byB.data, "B's remove of A's file deletes nothing and returns []").toEqual([]);
    expect(diskFiles(), "A's bytes survive B's remove").toContain(row!.id);

    const byA = await a.client.storage.from(BUCKET).remove([name]);
    expect(byA.data?.map((o) => o.name), 'the owner removes it and gets the deleted object back').toEqual([name]);
    expect(await objectRows(name), 'the row is gone').toEqual([]);
    expect(diskFiles(), 'the bytes are gone after the row').not.toContain(row!.id);
  });

  it('lists folders and files as Supabase shows them, only what select allows', async () => {
    await a.client.storage.from(BUCKET).upload(`${a.id}/docs/one.txt`, '1');
    await a.client.storage.from(BUCKET).upload(`${a.id}/docs/two.txt`, '22');
    await a.client.storage.from(BUCKET).upload(`${a.id}/docs/sub/three.txt`, '333');

    const listed = await a.client.storage.from(BUCKET).list(`${a.id}/docs`);
    expect(listed.error, 'A can list their folder').toBeNull();
    expect(listed.data?.map((o) => o.name), 'folders first, then files by name').toEqual(['sub', 'one.txt', 'two.txt']);
    const folder = listed.data?.find((o) => o.name === 'sub');
    expect([folder?.id, folder?.metadata], 'a folder has id null and metadata null').toEqual([null, null]);
    expect(listed.data?.find((o) => o.name === 'two.txt')?.metadata, 'a file has Supabase metadata').toMatchObject({ size: 2, mimetype: 'text/plain;charset=UTF-8', cacheControl: 'max-age=3600' });

    const page = await a.client.storage.from(BUCKET).list(`${a.id}/docs`, { limit: 1, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data?.map((o) => o.name), 'limit/offset/sortBy apply').toEqual(['two.txt']);
    const searched = await a.client.storage.from(BUCKET).list(`${a.id}/docs`, { search: 'tw' });
    expect(searched.data?.map((o) => o.name), 'search filters by name prefix').toEqual(['two.txt']);

    expect((await b.client.storage.from(BUCKET).list(`${a.id}/docs`)).data, "B's listing of A's folder is empty").toEqual([]);
    const rootForB = await b.client.storage.from(BUCKET).list();
    expect(rootForB.data?.map((o) => o.name), "the bucket root shows B none of A's folders").not.toContain(a.id);
    const rootForA = await a.client.storage.from(BUCKET).list();
    expect(rootForA.data?.map((o) => o.name), 'the bucket root shows A their folder').toContain(a.id);
  });

  it('moves and copies as the caller (update / select + insert)', async () => {
    await a.client.storage.from(BUCKET).upload(`${a.id}/move-src.txt`, 'moving');
    const moved = await a.client.storage.from(BUCKET).move(`${a.id}/move-src.txt`, `${a.id}/moved/dst.txt`);
    expect(moved.data?.message, 'A moves within their folder').toBe('Successfully moved');
    expect(await (await a.client.storage.from(BUCKET).download(`${a.id}/moved/dst.txt`)).data?.text(), 'the moved object keeps its bytes').toBe('moving');
    expect((await a.client.storage.from(BUCKET).exists(`${a.id}/move-src.txt`)).data, 'the source name is gone').toBe(false);

    const intoB = await a.client.storage.from(BUCKET).move(`${a.id}/moved/dst.txt`, `${b.id}/stolen.txt`);
    expect((intoB.error as { status?: number })?.status, "moving into B's folder violates the update check (403)").toBe(403);
    const byB = await b.client.storage.from(BUCKET).move(`${a.id}/moved/dst.txt`, `${b.id}/stolen.txt`);
    expect((byB.error as { status?: number })?.status, "B cannot move A's object: it is not found for B").toBe(404);

    const copied = await a.client.storage.from(BUCKET).copy(`${a.id}/moved/dst.txt`, `${a.id}/copy.txt`);
    expect(copied.data?.path, 'copy answers with the destination Key').toBe(`${BUCKET}/${a.id}/copy.txt`);
    expect(await (await a.client.storage.from(BUCKET).download(`${a.id}/copy.txt`)).data?.text(), 'the copy has the same bytes').toBe('moving');
    const bCopy = await b.client.storage.from(BUCKET).copy(`${a.id}/moved/dst.txt`, `${b.id}/copy.txt`);
    expect((bCopy.error as { status?: number })?.status, "B cannot copy A's object (select policy)").toBe(404);
    expect(await objectRows(`${b.id}/copy.txt`), "B's refused copy leaves no row").toEqual([]);
  });

  it('refuses traversal, absolute and control-character names with 400 InvalidKey', async () => {
    const headers = { apikey: stackInfo().anonKey, Authorization: `Bearer ${a.accessToken}`, 'content-type': 'text/plain' };
    const bad = [`${a.id}%2F..%2F${b.id}%2Fx.txt`, `%2F${a.id}%2Fabs.txt`, `${a.id}%2Fnul%00.txt`, `${a.id}%2Fline%0Abreak.txt`, `${a.id}%2F.%2Fdot.txt`];
    const filesBefore = diskFiles();
    for (const name of bad) {
      const res = await rawRequest('POST', `/storage/v1/object/${BUCKET}/${name}`, headers, Buffer.from('x'));
      expect(res.status, `upload of ${decodeURIComponent(name)} is refused with 400`).toBe(400);
      expect((res.json as { error?: string }).error, `…with error InvalidKey (${decodeURIComponent(name)})`).toBe('InvalidKey');
    }
    expect(diskFiles(), 'refused names leave no files').toEqual(filesBefore);
    await a.client.storage.from(BUCKET).upload(`${a.id}/legit.txt`, 'ok');
    const moveOut = await a.client.storage.from(BUCKET).move(`${a.id}/legit.txt`, `${a.id}/../../escape.txt`);
    expect((moveOut.error as { statusCode?: string })?.statusCode, 'a move destination with .. is refused (400)').toBe('400');
    const copyOut = await a.client.storage.from(BUCKET).copy(`${a.id}/legit.txt`, `${a.id}/../${b.id}/escape.txt`);
    expect(copyOut.error?.message, 'a copy destination with .. is an invalid key').toMatch(/^Invalid key/);
  });

  it('signs download URLs for readers only; tampered, expired or foreign tokens are refused', async () => {
    const name = `${a.id}/signed.txt`;
    await a.client.storage.from(BUCKET).upload(name, 'signed content');
    const signed = await a.client.storage.from(BUCKET).createSignedUrl(name, 60);
    expect(signed.error, 'the owner can sign a URL').toBeNull();
    const plain = await fetch(signed.data!.signedUrl);
    expect(await plain.text(), 'a signed URL downloads without any API key or auth').toBe('signed content');

    const asAttachment = await a.client.storage.from(BUCKET).createSignedUrl(name, 60, { download: 'report.txt' });
    const dl = await fetch(asAttachment.data!.signedUrl);
    expect(dl.headers.get('content-disposition'), '?download=name makes it an attachment with that filename').toContain('filename="report.txt"');

    expect((await b.client.storage.from(BUCKET).createSignedUrl(name, 60)).error, 'B cannot sign a URL for an object RLS hides').not.toBeNull();

    const url = new URL(signed.data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const [h, p, s] = token.split('.');
    const flipped = `${s!.slice(0, -4)}${s!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    url.searchParams.set('token', `${h}.${p}.${flipped}`);
    const tampered = await fetch(url);
    expect(tampered.status, 'a tampered signature is refused with 400').toBe(400);
    expect(((await tampered.json()) as { error: string }).error, 'as InvalidJWT').toBe('InvalidJWT');

    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), url: `${BUCKET}/${b.id}/x` })).toString('base64url');
    url.searchParams.set('token', `${h}.${otherPayload}.${s}`);
    expect((await fetch(url)).status, 'a payload edited to another path fails the signature (400)').toBe(400);

    const secret = new TextEncoder().encode(stackInfo().jwtSecret);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ url: `${BUCKET}/${name}` }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(past - 60).setExpirationTime(past).sign(secret);
    url.searchParams.set('token', expired);
    const expiredRes = await fetch(url);
    expect(expiredRes.status, 'an expired token is refused with 400').toBe(400);
    expect(((await expiredRes.json()) as { message: string }).message, 'with "jwt expired"').toBe('jwt expired');

    const forOther = await new SignJWT({ url: `${BUCKET}/${a.id}/other.txt` }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(secret);
    url.searchParams.set('token', forOther);
    expect((await fetch(url)).status, 'a valid token for another object is refused (400 InvalidSignature)').toBe(400);

    const many = await a.client.storage.from(BUCKET).createSignedUrls([name, `${b.id}/nothing.txt`], 60);
    expect(many.data?.[0]?.error, 'batch signing signs readable paths').toBeNull();
    expect(await (await fetch(many.data![0]!.signedUrl!)).text(), 'the batch URL works').toBe('signed content');
    expect(many.data?.[1]?.signedUrl, 'batch signing gives no URL for an unreadable path').toBeNull();
  });

  it('signed upload URLs upload for the signer, and overwrite only when signed with upsert', async () => {
    const name = `${a.id}/via-signed-upload.txt`;
    const signedUp = await a.client.storage.from(BUCKET).createSignedUploadUrl(name);
    expect(signedUp.error, 'A may sign an upload into their folder').toBeNull();
    const viaAnon = await anonClient().storage.from(BUCKET).uploadToSignedUrl(name, signedUp.data!.token, 'first', { contentType: 'text/plain' });
    expect(viaAnon.error, 'anyone holding the token can upload').toBeNull();
    expect((await objectRows(name))[0]?.owner, 'the uploaded object belongs to the signer').toBe(a.id);
    const second = await anonClient().storage.from(BUCKET).uploadToSignedUrl(name, signedUp.data!.token, 'second', { upsert: true });
    expect((second.error as { status?: number })?.status, 'a token signed without upsert cannot overwrite (409), whatever the PUT says').toBe(409);

    const upsertUrl = await a.client.storage.from(BUCKET).createSignedUploadUrl(name, { upsert: true });
    const third = await anonClient().storage.from(BUCKET).uploadToSignedUrl(name, upsertUrl.data!.token, 'third');
    expect(third.error, 'a token signed with upsert overwrites').toBeNull();
    expect(await (await a.client.storage.from(BUCKET).download(name)).data?.text(), 'the overwrite is served').toBe('third');

    const foreign = await b.client.storage.from(BUCKET).createSignedUploadUrl(`${a.id}/from-b.txt`);
    expect((foreign.error as { status?: number })?.status, "B cannot sign an upload into A's folder (403)").toBe(403);
    const downloadToken = new URL((await a.client.storage.from(BUCKET).createSignedUrl(name, 60)).data!.signedUrl).searchParams.get('token')!;
    const misuse = await anonClient().storage.from(BUCKET).uploadToSignedUrl(name, downloadToken, 'evil');
    expect((misuse.error as { status?: number })?.status, 'a download token cannot be used to upload (400)').toBe(400);
  });

  it('an interrupted upload leaves neither a row nor bytes', async () => {
    const before = diskFiles();
    const url = new URL(stackInfo().apiUrl);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/storage/v1/object/${BUCKET}/${a.id}/interrupted.bin`,
        headers: { apikey: stackInfo().anonKey, Authorization: `Bearer ${a.accessToken}`, 'content-type': 'application/octet-stream', 'content-length': '100000' },
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(50_000, 1), () => setTimeout(() => req.destroy(), 100));
      req.on('close', () => resolve());
    });
    // The server notices the broken connection and removes its temporary file a moment later (later still on a busy machine).
    await expect.poll(diskFiles, { message: 'an interrupted upload leaves no (temporary) file', timeout: 10_000 }).toEqual(before);
    expect(await objectRows(`${a.id}/interrupted.bin`), 'an interrupted upload leaves no row').toEqual([]);
  });

  it('lets the service role bypass RLS', async () => {
    const svc = serviceClient().storage.from(BUCKET);
    const listed = await svc.list(a.id);
    expect(listed.data?.length, "the service role sees A's folder").toBeGreaterThan(0);
    const up = await svc.upload(`${b.id}/from-service.txt`, 'svc');
    expect(up.error, 'the service role may upload anywhere').toBeNull();
    expect((await objectRows(`${b.id}/from-service.txt`))[0]?.owner, 'a service-role upload has no owner (no sub)').toBeNull();
  });
});
