/**
 * Stored XSS through Storage content types: an agent uploads HTML labelled
 * "image/png, text/html" (and the like) to listing photos, voice recordings or
 * the public avatars bucket. Every such upload, whichever way it comes in, is
 * refused; every object answer carries nosniff and is never text/html; SVG
 * stays out of avatars; move and copy apply the destination bucket's rules.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, stackInfo, withDb } from '../support/clients.ts';
import { createActor, insertRow, type Actor } from '../support/seed-rls-actors.ts';

const HTML = '<html><body><script>document.title = "pwned"</script></body></html>';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const MALICIOUS = ['image/png, text/html', 'audio/wav, text/html', 'image/png,text/html;charset=utf-8', 'text/html', 'text/html; charset=utf-8'];
const OPEN_BUCKET = `open-${crypto.randomUUID().slice(0, 8)}`;

let agent: Actor;
let token = '';
let listing = '';

interface Target {
  bucket: string;
  folder: () => string;
  goodType: string;
}
const TARGETS: Target[] = [
  { bucket: 'listing-photos', folder: () => `listings/${listing}`, goodType: 'image/png' },
  { bucket: 'voice-recordings', folder: () => `listings/${listing}`, goodType: 'audio/wav' },
  { bucket: 'avatars', folder: () => agent.id!, goodType: 'image/png' },
];

const storageUrl = (path: string) => `${stackInfo().apiUrl}/storage/v1${path}`;
const auth = () => ({ apikey: stackInfo().anonKey, authorization: `Bearer ${token}` });
const unique = (folder: string, ext: string) => `${folder}/${crypto.randomUUID().slice(0, 8)}.${ext}`;

async function rowExists(bucket: string, name: string): Promise<boolean> {
  return withDb(async (db) => ((await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rowCount ?? 0) > 0);
}

/** The four ways bytes reach a bucket: raw POST, multipart POST, PUT (overwrite), signed upload URL. */
async function upload(mode: 'raw' | 'multipart' | 'put' | 'signed', bucket: string, name: string, type: string, body: string | Buffer, headers = auth()): Promise<Response> {
  const bytes = new Uint8Array(typeof body === 'string' ? Buffer.from(body) : body);
  if (mode === 'multipart') {
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new Blob([bytes], { type }), 'blob');
    return fetch(storageUrl(`/object/${bucket}/${name}`), { method: 'POST', headers, body: form });
  }
  if (mode === 'signed') {
    const signed = await agent.client.storage.from(bucket).createSignedUploadUrl(name);
    if (signed.error) throw signed.error;
    return fetch(storageUrl(`/object/upload/sign/${bucket}/${name}?token=${signed.data.token}`), { method: 'PUT', headers: { 'content-type': type }, body: bytes });
  }
  return fetch(storageUrl(`/object/${bucket}/${name}`), { method: mode === 'put' ? 'PUT' : 'POST', headers: { ...headers, 'content-type': type, 'x-upsert': 'true' }, body: bytes });
}

function expectSafeHeaders(res: Response, what: string): void {
  expect(res.headers.get('x-content-type-options'), `${what}: sent with X-Content-Type-Options: nosniff`).toBe('nosniff');
  expect(res.headers.get('content-type') ?? '', `${what}: never served as text/html`).not.toMatch(/html/i);
}

beforeAll(async () => {
  const tc = await createActor('XssCoord', 'tc');
  agent = await createActor('XssAgent', 'agent', { assignedTcId: tc.id });
  token = (await agent.client.auth.getSession()).data.session!.access_token;
  listing = await withDb((db) => insertRow(db, 'listings', { address: '1 Script Ave, Denver CO', agent_id: agent.id, tc_id: tc.id }));
  const created = await serviceClient().storage.createBucket(OPEN_BUCKET, { public: true });
  if (created.error) throw created.error;
});

afterAll(async () => {
  await serviceClient().storage.emptyBucket(OPEN_BUCKET);
  await serviceClient().storage.deleteBucket(OPEN_BUCKET);
});

describe('upload content types', () => {
  for (const target of TARGETS) {
    it(`${target.bucket}: refuses every HTML-bearing or malformed Content-Type, however it is uploaded`, async () => {
      for (const mode of ['raw', 'multipart', 'put', 'signed'] as const) {
        for (const type of [...MALICIOUS, ...(mode === 'multipart' ? [] : ['', 'image/png text/html'])]) {
          const name = unique(target.folder(), 'png');
          const res = await upload(mode, target.bucket, name, type, HTML);
          const body = (await res.json()) as { statusCode?: string; error?: string };
          expect(res.status, `${mode} upload to ${target.bucket} with ${JSON.stringify(type)} is refused with 415`).toBe(415);
          expect(body.error, `${mode} ${JSON.stringify(type)}: the refusal is hosted Storage's invalid_mime_type`).toBe('invalid_mime_type');
          expect(await rowExists(target.bucket, name), `${mode} ${JSON.stringify(type)}: nothing is stored`).toBe(false);
          const publicRes = await fetch(storageUrl(`/object/public/${target.bucket}/${name}`));
          expectSafeHeaders(publicRes, `public URL after refused ${mode} ${JSON.stringify(type)} upload to ${target.bucket}`);
          await publicRes.arrayBuffer();
        }
      }
    });

    it(`${target.bucket}: still takes a plain ${target.goodType} upload in all four ways`, async () => {
      for (const mode of ['raw', 'multipart', 'put', 'signed'] as const) {
        const name = unique(target.folder(), 'bin');
        const res = await upload(mode, target.bucket, name, target.goodType, PNG);
        expect(res.status, `${mode} upload of ${target.goodType} to ${target.bucket} succeeds`).toBe(200);
        await res.arrayBuffer();
      }
    });
  }

  it('avatars take only raster images: SVG is refused, JPEG/PNG/WebP pass', async () => {
    for (const mode of ['raw', 'multipart', 'signed'] as const) {
      const name = unique(agent.id!, 'svg');
      const res = await upload(mode, 'avatars', name, 'image/svg+xml', SVG);
      expect(res.status, `${mode} upload of image/svg+xml to avatars is refused with 415`).toBe(415);
      expect(((await res.json()) as { message: string }).message, 'with hosted Storage\'s "not supported" message').toBe('mime type image/svg+xml is not supported');
    }
    for (const type of ['image/jpeg', 'image/webp', 'image/gif']) {
      const res = await upload('raw', 'avatars', unique(agent.id!, 'img'), type, PNG);
      expect(res.status, `${type} to avatars: ${type === 'image/gif' ? 'refused (not in the list)' : 'accepted'}`).toBe(type === 'image/gif' ? 415 : 200);
      await res.arrayBuffer();
    }
    const bucket = await serviceClient().storage.getBucket('avatars');
    expect(bucket.data?.allowed_mime_types, 'the avatars bucket lists exactly the raster types').toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('a bucket without a type list stores and serves text/html as text/plain', async () => {
    // Our policies cover only the app's buckets; the service role writes this one.
    const service = { apikey: stackInfo().serviceRoleKey, authorization: `Bearer ${stackInfo().serviceRoleKey}` };
    const name = 'page.html';
    const res = await upload('raw', OPEN_BUCKET, name, 'text/html; charset=utf-8', HTML, service);
    expect(res.status, 'a single well-formed type is accepted when the bucket lists none').toBe(200);
    await res.arrayBuffer();
    const served = await fetch(storageUrl(`/object/public/${OPEN_BUCKET}/${name}`));
    expect(served.headers.get('content-type'), 'the HTML comes back as text/plain').toBe('text/plain');
    expectSafeHeaders(served, 'public URL of an uploaded HTML page');
    expect(await served.text(), 'the bytes are unchanged').toBe(HTML);
    const info = await serviceClient().storage.from(OPEN_BUCKET).info(name);
    expect(info.data?.contentType, 'info reports text/plain too').toBe('text/plain');
    const refused = await upload('multipart', OPEN_BUCKET, 'list.html', 'image/png, text/html', HTML, service);
    expect(refused.status, 'a list is refused even where every type is allowed').toBe(415);
    await refused.arrayBuffer();
  });
});

describe('object responses', () => {
  it('send nosniff and a non-HTML type on download, public, signed, render, HEAD and info', async () => {
    const name = unique(agent.id!, 'png');
    const put = await upload('raw', 'avatars', name, 'image/png', PNG);
    expect(put.status, 'the avatar is uploaded').toBe(200);
    await put.arrayBuffer();
    const signed = await agent.client.storage.from('avatars').createSignedUrl(name, 60);
    const signedPath = new URL(signed.data!.signedUrl).pathname.replace('/storage/v1', '') + new URL(signed.data!.signedUrl).search;
    const answers: [string, string, RequestInit][] = [
      ['authenticated download', `/object/avatars/${name}`, { headers: auth() }],
      ['/object/authenticated', `/object/authenticated/avatars/${name}`, { headers: auth() }],
      ['HEAD', `/object/avatars/${name}`, { method: 'HEAD', headers: auth() }],
      ['public URL', `/object/public/avatars/${name}`, {}],
      ['public HEAD', `/object/public/avatars/${name}`, { method: 'HEAD' }],
      ['signed URL', signedPath, {}],
      ['render public', `/render/image/public/avatars/${name}`, {}],
      ['render authenticated', `/render/image/authenticated/avatars/${name}`, { headers: auth() }],
      ['render signed', signedPath.replace('/object/sign/', '/render/image/sign/'), {}],
      ['info', `/object/info/avatars/${name}`, { headers: auth() }],
      ['public info', `/object/info/public/avatars/${name}`, { headers: { apikey: stackInfo().anonKey } }],
      ['missing object', `/object/public/avatars/${agent.id}/nope.png`, {}],
    ];
    for (const [what, path, init] of answers) {
      const res = await fetch(storageUrl(path), init);
      expect(res.status, `${what} answers`).toBe(what === 'missing object' ? 404 : 200);
      expectSafeHeaders(res, what);
      await res.arrayBuffer();
    }
  });
});

describe('move and copy apply the destination bucket\'s rules', () => {
  it('refuses moving or copying an SVG or an oversized image into avatars, and text into listing photos', async () => {
    const svg = unique(`listings/${listing}`, 'svg');
    const svgUp = await upload('raw', 'listing-photos', svg, 'image/svg+xml', SVG);
    expect(svgUp.status, 'listing-photos (image/*) takes the SVG').toBe(200);
    await svgUp.arrayBuffer();
    const big = unique(`listings/${listing}`, 'png');
    const bigUp = await upload('raw', 'listing-photos', big, 'image/png', Buffer.concat([PNG, Buffer.alloc(5_300_000)]));
    expect(bigUp.status, 'listing-photos (10 MB) takes a 5.3 MB image').toBe(200);
    await bigUp.arrayBuffer();
    const text = unique(`listings/${listing}`, 'txt');
    const textUp = await upload('raw', 'listing-documents', text, 'text/plain', 'notes');
    expect(textUp.status, 'listing-documents takes text/plain').toBe(200);
    await textUp.arrayBuffer();

    const photos = agent.client.storage.from('listing-photos');
    const cases: [string, string, string, string, number][] = [
      ['SVG into avatars', 'listing-photos', svg, 'avatars', 415],
      ['5.3 MB image into avatars (5 MB)', 'listing-photos', big, 'avatars', 413],
      ['text into listing-photos', 'listing-documents', text, 'listing-photos', 415],
    ];
    for (const [what, from, key, to, status] of cases) {
      const destination = to === 'avatars' ? unique(agent.id!, 'x') : unique(`listings/${listing}`, 'x');
      const source = agent.client.storage.from(from);
      const moved = await source.move(key, destination, { destinationBucket: to });
      expect((moved.error as { status?: number } | null)?.status, `move: ${what} is refused with ${status}`).toBe(status);
      const copied = await source.copy(key, destination, { destinationBucket: to });
      expect((copied.error as { status?: number } | null)?.status, `copy: ${what} is refused with ${status}`).toBe(status);
      expect(await rowExists(from, key), `${what}: the source stays where it was`).toBe(true);
      expect(await rowExists(to, destination), `${what}: nothing lands in ${to}`).toBe(false);
    }
    const ok = await photos.copy(svg, unique(`listings/${listing}`, 'svg'));
    expect(ok.error, 'a copy within listing-photos, whose rules the SVG meets, still works').toBeNull();
  });
});
