/**
 * The demo files of supabase/seed-files/ (config.toml [storage.buckets.*]
 * objects_path), uploaded by the throwaway stack right after seed.sql: every
 * seeded document, listing photo and voice recording downloads, as the demo
 * users and under the storage policies, with the bytes of the file on disk;
 * another team's agent still gets none of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseVoiceMessage } from '../../src/lib/voice-message.ts';
import { stackInfo, withDb } from '../support/clients.ts';

const PASSWORD = 'ListingDesk!2024';
const SEED_FILES = path.resolve(import.meta.dirname, '../../supabase/seed-files');

const onDisk = (bucket: string, objectPath: string) => fs.readFileSync(path.join(SEED_FILES, bucket, ...objectPath.split('/')));

function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(path.join(dir, e.name), rel) : [rel];
  });
}

async function signIn(email: string): Promise<SupabaseClient> {
  const info = stackInfo();
  const client = createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`${email}: ${error.message}`);
  return client;
}

async function download(client: SupabaseClient, bucket: string, objectPath: string): Promise<{ bytes: Buffer; type: string }> {
  const { data, error } = await client.storage.from(bucket).download(objectPath);
  if (error || !data) throw new Error(`${bucket}/${objectPath}: ${error?.message ?? 'no data'}`);
  return { bytes: Buffer.from(await data.arrayBuffer()), type: data.type };
}

/** The fixed ids of supabase/seed.sql (listings 10000000-…, accounts a0000000-…). */
const SEED_LISTING = '10000000-0000-4000-8000-%';
const SEED_ACCOUNT = 'a0000000-0000-4000-8000-%';

/**
 * What the seed stores, read as superuser: every object path a seeded row
 * refers to (other test files add rows of their own to the shared stack).
 */
async function referencedObjects(): Promise<string[]> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ ref: string }>(
      `
      select 'listing-documents/' || file_url as ref from public.documents where listing_id::text like $1
      union select 'team-documents/' || file_url from public.documents where is_general and team_tc_id::text like $2
      union select 'listing-photos/' || property_image_url from public.listings where property_image_url is not null and id::text like $1
      union select 'listing-photos/' || p from public.listings, jsonb_array_elements_text(photo_urls) as p where id::text like $1
      union select 'voice-recordings/' || voice_url from public.notes where is_voice and listing_id::text like $1
      union select 'voice-recordings/' || voice_url from public.messages where is_voice and (listing_id::text like $1 or team_tc_id::text like $2)`,
      [SEED_LISTING, SEED_ACCOUNT],
    );
    return rows.map((r) => r.ref).sort();
  });
}

describe('seeded storage files', () => {
  let emily: SupabaseClient;
  let olivia: SupabaseClient;
  let david: SupabaseClient;
  let sarah: SupabaseClient;

  beforeAll(async () => {
    [emily, olivia, david, sarah] = await Promise.all(
      ['emily.rodriguez@listingdesk.test', 'olivia.chen@listingdesk.test', 'david.kim@listingdesk.test', 'sarah.thompson@listingdesk.test'].map(signIn),
    );
  });

  it('has exactly one file in supabase/seed-files for every object path the seed stores, each uploaded with its type', async () => {
    const referenced = await referencedObjects();
    expect(referenced.length, 'the seed refers to documents, photos and voice recordings').toBeGreaterThan(20);
    expect(filesUnder(SEED_FILES).sort(), 'seed-files holds exactly the referenced objects').toEqual(referenced);
    const objects = await withDb(
      async (db) => (await db.query<{ ref: string; mimetype: string; size: number }>(`select bucket_id || '/' || name as ref, metadata->>'mimetype' as mimetype, (metadata->>'size')::int as size from storage.objects`)).rows,
    );
    const byRef = new Map(objects.map((o) => [o.ref, o]));
    for (const ref of referenced) {
      const [bucket, ...rest] = ref.split('/');
      const row = byRef.get(ref);
      expect(row, `${ref} has a storage.objects row`).toBeTruthy();
      expect(row!.size, `${ref}: size in the row equals the file`).toBe(onDisk(bucket, rest.join('/')).length);
      const expected = ref.endsWith('.pdf') ? 'application/pdf' : ref.endsWith('.jpg') ? 'image/jpeg' : ref.endsWith('.wav') ? 'audio/wav' : 'text/plain';
      expect(row!.mimetype, `${ref}: content type from the extension`).toBe(expected);
    }
  });

  it('lets each demo user download every document of the listings and team they see, with the bytes on disk', async () => {
    for (const [who, client, expectedListingDocs] of [
      // The compliance demo adds typed documents on 908 E 49th St (Emily, Olivia's team) and on Rainey, Red River and Jollyville (David's).
      ['emily', emily, 5],
      ['olivia', olivia, 7],
      ['david', david, 6],
    ] as const) {
      const { data: docs, error } = await client.from('documents').select('file_url, file_type, file_size, listing_id, is_general');
      expect(error, `${who} reads documents`).toBeNull();
      const listingDocs = docs!.filter((d) => d.listing_id);
      expect(listingDocs.length, `${who} sees the seeded listing documents`).toBe(expectedListingDocs);
      expect(docs!.some((d) => d.is_general), `${who} sees team documents`).toBe(true);
      for (const doc of docs!) {
        const bucket = doc.is_general ? 'team-documents' : 'listing-documents';
        const { bytes, type } = await download(client, bucket, doc.file_url);
        expect(bytes.equals(onDisk(bucket, doc.file_url)), `${who}: ${bucket}/${doc.file_url} has the bytes of the seed file`).toBe(true);
        expect(type.split(';')[0], `${who}: ${doc.file_url} comes back as its row's file_type`).toBe(doc.file_type);
        expect(doc.file_size, `${who}: ${doc.file_url}'s listed size is the real size of the file`).toBe(bytes.length);
        if (doc.file_type === 'application/pdf') expect(bytes.subarray(0, 5).toString(), 'a real PDF').toBe('%PDF-');
      }
    }
  });

  it("lets the listing's people load its photos (main image and photo_urls) through signed URLs, as real JPEGs", async () => {
    for (const [who, client, expectedListings] of [
      ['emily', emily, 2],
      ['david', david, 2],
    ] as const) {
      const { data: listings, error } = await client.from('listings').select('id, property_image_url, photo_urls').not('property_image_url', 'is', null);
      expect(error).toBeNull();
      expect(listings!.length, `${who} sees listings with photos`).toBe(expectedListings);
      for (const listing of listings!) {
        const refs = [...new Set([listing.property_image_url as string, ...(listing.photo_urls as string[])])];
        expect(refs.length).toBe(3);
        const { data: signed, error: signError } = await client.storage.from('listing-photos').createSignedUrls(refs, 60);
        expect(signError).toBeNull();
        for (const s of signed!) {
          expect(s.error, `${who} may sign ${s.path}`).toBeNull();
          const res = await fetch(s.signedUrl!);
          expect(res.status, `${s.path} loads through its signed URL`).toBe(200);
          expect(res.headers.get('content-type')).toBe('image/jpeg');
          const bytes = Buffer.from(await res.arrayBuffer());
          expect(bytes.equals(onDisk('listing-photos', s.path!)), `${s.path} has the bytes of the seed file`).toBe(true);
          expect([...bytes.subarray(0, 3)], 'JPEG start of image').toEqual([0xff, 0xd8, 0xff]);
          expect(bytes.length, 'photos stay small').toBeLessThan(60 * 1024);
        }
      }
    }
  });

  it('plays the voice note and the voice message: the stored path (and the message text) name a WAV the viewer may download', async () => {
    const { data: notes } = await emily.from('notes').select('voice_url, duration').eq('is_voice', true);
    expect(notes!.length, 'Emily sees the seeded voice note').toBe(1);
    const { data: messages } = await olivia.from('messages').select('content, voice_url, duration').eq('is_voice', true);
    expect(messages!.length, 'Olivia sees the seeded team voice message').toBe(1);
    const voice = parseVoiceMessage(messages![0].content);
    expect(voice, "the message text has the spec's voice format").toEqual({ durationSeconds: messages![0].duration, objectPath: messages![0].voice_url });

    for (const [client, row] of [
      [emily, notes![0]],
      [olivia, messages![0]],
    ] as const) {
      expect(row.voice_url).toMatch(/^(listings|teams)\/[0-9a-f-]{36}\//);
      const { bytes, type } = await download(client, 'voice-recordings', row.voice_url!);
      expect(type, `${row.voice_url} is audio`).toMatch(/^audio\//);
      expect(bytes.equals(onDisk('voice-recordings', row.voice_url!))).toBe(true);
      expect(bytes.subarray(0, 4).toString() + bytes.subarray(8, 12).toString(), 'a RIFF/WAVE file').toBe('RIFFWAVE');
      const seconds = bytes.readUInt32LE(40) / bytes.readUInt32LE(28);
      expect(Math.round(seconds), `${row.voice_url}: the clip is as long as the row's duration`).toBe(row.duration);
    }
  });

  it("refuses every one of them to another team's agent", async () => {
    const referenced = await referencedObjects();
    // Sarah (David's team, listings 77 Rainey St and 3310 Red River St) may read her own listing's files and her team's documents only.
    const { data: own } = await sarah.from('listings').select('id');
    const ownListings = new Set(own!.map((l) => l.id));
    const { data: me } = await sarah.from('users').select('assigned_tc_id').eq('email', 'sarah.thompson@listingdesk.test').single();
    let refused = 0;
    for (const ref of referenced) {
      const [bucket, scope, id, ...rest] = ref.split('/');
      const objectPath = [scope, id, ...rest].join('/');
      const hers = (scope === 'listings' && ownListings.has(id)) || (scope === 'teams' && id === me!.assigned_tc_id);
      const { data, error } = await sarah.storage.from(bucket).download(objectPath);
      if (hers) {
        expect(error, `Sarah may download her own ${ref}`).toBeNull();
      } else {
        expect(data, `Sarah cannot download ${ref}`).toBeNull();
        expect(error, `Sarah cannot download ${ref}`).not.toBeNull();
        const { data: signed } = await sarah.storage.from(bucket).createSignedUrl(objectPath, 60);
        expect(signed, `Sarah cannot sign ${ref}`).toBeNull();
        refused++;
      }
    }
    expect(refused, "most seeded files belong to other listings and Olivia's team").toBeGreaterThan(15);
  });
});
