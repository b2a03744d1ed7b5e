/**
 * Files (spec part 1 §7, part 2 §7): viewing a stored file, voice recordings
 * and profile photos. Everything goes through Storage as the caller.
 *
 * GET /api/view-document/{filename}: `filename` is a stored file's object path
 * as the other answers give it (a document's `fileUrl`, a photo reference, a
 * `voiceUrl` with or without its `/uploads/` prefix), URL-encoded as one path
 * segment (`listings%2F<id>%2F<name>`, i.e. encodeURIComponent). Paths under
 * `listings/` are looked up in listing-documents, listing-photos and
 * voice-recordings, paths under `teams/` in team-documents and
 * voice-recordings; a leading bucket name (`listing-photos/listings/…`) or
 * `?bucket=` picks one. Whatever the caller may not read is 404.
 */
import { z } from '../../_shared/deps.ts';
import { isSuperAdmin } from '../../_shared/account.ts';
import { HttpError } from '../../_shared/http.ts';
import { unwrap } from '../db.ts';
import { acceptFile, BUCKET_RULES, fileField, removeObjects, uploadAsCaller, uploadThenRecord } from '../files.ts';
import { callerAccount, callerTeam } from '../scope.ts';
import { route } from '../router.ts';
import type { Caller } from '../session.ts';
import { idParam } from '../shapes.ts';

const READABLE_BUCKETS = ['listing-documents', 'team-documents', 'listing-photos', 'voice-recordings'] as const;
type ReadableBucket = (typeof READABLE_BUCKETS)[number];

/** The buckets that may hold an object path, most likely first. */
function candidateBuckets(path: string): ReadableBucket[] {
  if (path.startsWith('listings/')) return ['listing-documents', 'listing-photos', 'voice-recordings'];
  if (path.startsWith('teams/')) return ['team-documents', 'voice-recordings'];
  return [];
}

/** Types a browser shows without running anything: PDF, raster images, audio. Everything else is downloaded. */
function inlineSafe(type: string): boolean {
  return type === 'application/pdf' || type.startsWith('audio/') || (type.startsWith('image/') && !type.includes('svg'));
}

/** The name a download gets: the object's file name without the upload's unique prefix. */
function downloadName(path: string): string {
  const last = path.split('/').pop() ?? 'file';
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '') || last;
}

/** Asks Storage for the object as the caller; null when that bucket has no object the caller may read. */
async function fetchObject(caller: Caller, bucket: string, path: string, req: Request): Promise<Response | null> {
  const base = Deno.env.get('SUPABASE_URL');
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
  if (!base || !anonKey) throw new Error('SUPABASE_URL / SUPABASE_ANON_KEY are not set');
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const response = await fetch(`${base}/storage/v1/object/authenticated/${bucket}/${encoded}`, {
    method: req.method === 'HEAD' ? 'HEAD' : 'GET',
    headers: { Authorization: `Bearer ${caller.token}`, apikey: anonKey },
  });
  if (response.ok) return response;
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`storage answered ${response.status} for ${bucket}/${path}`);
  return null;
}

/** The stored file as an answer: its type (never HTML), nosniff, and inline only for what a browser shows safely. */
function fileAnswer(stored: Response, path: string): Response {
  const declared = (stored.headers.get('content-type') ?? 'application/octet-stream').toLowerCase();
  const type = /html|xml|javascript/.test(declared) ? 'text/plain; charset=utf-8' : declared;
  const name = downloadName(path);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const headers = new Headers({
    'Content-Type': type,
    'Content-Disposition': `${inlineSafe(type.split(';')[0]) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  const length = stored.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  return new Response(stored.body, { status: 200, headers });
}

const viewQuery = z.object({ bucket: z.enum(READABLE_BUCKETS).optional().describe('The bucket, when the path alone is ambiguous.') });

const voiceUpload = z.object({
  audio: fileField('audio'),
  duration: z.coerce.number().int('duration must be whole seconds').min(0).max(3600).describe('Seconds.'),
});
const teamVoiceUpload = voiceUpload.extend({
  listingId: z.uuid().optional().describe("Store under this listing instead of the caller's team."),
  teamId: z.uuid().optional().describe("The team (its coordinator's id); only a super admin needs it."),
});
const voiceAnswer = z.object({
  voiceUrl: z.string().describe("'/uploads/<object path>', as voice messages carry it; GET /api/view-document/{filename} serves it."),
  objectPath: z.string().describe('The object path in voice-recordings (what notes and messages store as voiceUrl).'),
  duration: z.number(),
});

/** Stores a recording under `<folder>/messages/` of voice-recordings (the app's saveVoiceRecording). */
async function storeVoice(caller: Caller, folder: string, body: z.infer<typeof voiceUpload>) {
  const contentType = acceptFile('audio', body.audio, BUCKET_RULES.voiceRecordings);
  const subtype = contentType.split('/')[1];
  const path = `${folder}/messages/${crypto.randomUUID()}.${subtype === 'mpeg' ? 'mp3' : subtype === 'x-wav' ? 'wav' : subtype}`;
  await uploadAsCaller(caller, { bucket: BUCKET_RULES.voiceRecordings.bucket, path, file: body.audio, contentType });
  return { voiceUrl: `/uploads/${path}`, objectPath: path, duration: body.duration };
}

const AVATAR_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const avatarAnswer = z.object({ profileImageUrl: z.string(), imageUrl: z.string() });

/**
 * Stores a profile photo in `<account_id>/` of the public avatars bucket, points
 * the account's profile_image_url at it, then removes the caller's previous
 * photo (the app's updateAvatar). Only one's own photo (a super admin: anyone's).
 */
async function storeAvatar(caller: Caller, field: string, file: File, accountId?: string) {
  const contentType = acceptFile(field, file, BUCKET_RULES.avatars);
  const me = await callerAccount(caller);
  const target = accountId ?? me.id;
  if (target !== me.id && !isSuperAdmin(me)) throw new HttpError(403, 'forbidden', 'You can only change your own photo.');
  const path = `${target}/${crypto.randomUUID()}.${AVATAR_EXTENSIONS[contentType]}`;
  const bucket = caller.db.storage.from(BUCKET_RULES.avatars.bucket);
  const url = bucket.getPublicUrl(path).data.publicUrl;
  await uploadThenRecord(caller, [{ bucket: BUCKET_RULES.avatars.bucket, path, file, contentType }], async () => {
    const rows = unwrap(await caller.db.from('users').update({ profile_image_url: url }).eq('id', target).select('id'));
    if (!rows?.length) throw new HttpError(target === me.id ? 403 : 404, 'forbidden', target === me.id ? 'You can only change your own photo.' : 'Agent not found');
  });
  // The previous photo is removed only when it is a file of the caller's own folder (never an external URL).
  const base = bucket.getPublicUrl('').data.publicUrl;
  const previous = target === me.id && me.profile_image_url?.startsWith(base) ? decodeURIComponent(me.profile_image_url.slice(base.length).split(/[?#]/)[0]) : null;
  if (previous && previous.startsWith(`${me.id}/`) && !previous.includes('..') && previous !== path) await removeObjects(caller, BUCKET_RULES.avatars.bucket, [previous]);
  return { profileImageUrl: url, imageUrl: url };
}

export const fileRoutes = [
  route<{ filename: string }, z.infer<typeof viewQuery>>({
    method: 'GET',
    path: '/view-document/:filename',
    tag: 'files',
    summary:
      "Streams a stored file the caller may read (a document's fileUrl, a photo reference or a voiceUrl, URL-encoded): its stored type (HTML only as text/plain), `X-Content-Type-Options: nosniff`, inline for PDF, images and audio, otherwise as an attachment.",
    params: z.object({ filename: z.string().min(1).max(1024) }),
    query: viewQuery,
    async handler({ caller, params, query, req }) {
      let path = params.filename.replace(/^\/+/, '').replace(/^uploads\//, '');
      let buckets: ReadableBucket[] = query.bucket ? [query.bucket] : [];
      const first = path.split('/')[0] as ReadableBucket;
      if (READABLE_BUCKETS.includes(first)) {
        path = path.slice(first.length + 1);
        buckets = [first];
      }
      if (path.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) throw new HttpError(404, 'not_found', 'File not found');
      for (const bucket of buckets.length ? buckets : candidateBuckets(path)) {
        const stored = await fetchObject(caller, bucket, path, req);
        if (stored) return fileAnswer(stored, path);
      }
      throw new HttpError(404, 'not_found', 'File not found');
    },
  }),
  route<Record<string, never>, Record<string, never>, z.infer<typeof teamVoiceUpload>>({
    method: 'POST',
    path: '/voice-messages',
    tag: 'files',
    summary: "Uploads a voice recording (multipart `audio` + `duration`) for the caller's team feed (or a listing with `listingId`); answers voiceUrl for the message or note that follows.",
    body: { multipart: teamVoiceUpload },
    status: 201,
    response: voiceAnswer,
    async handler({ caller, body }) {
      acceptFile('audio', body.audio, BUCKET_RULES.voiceRecordings);
      const folder = body.listingId ? `listings/${body.listingId}` : `teams/${body.teamId ?? (await callerTeam(caller))}`;
      return await storeVoice(caller, folder, body);
    },
  }),
  route<{ id: string }, Record<string, never>, z.infer<typeof voiceUpload>>({
    method: 'POST',
    path: '/listings/:id/voice-messages',
    tag: 'files',
    summary: "Uploads a voice recording (multipart `audio` + `duration`) for a listing's notes or messages; answers voiceUrl.",
    params: idParam,
    body: { multipart: voiceUpload },
    status: 201,
    response: voiceAnswer,
    async handler({ caller, params, body }) {
      return await storeVoice(caller, `listings/${params.id}`, body);
    },
  }),
  route<{ id: string }, Record<string, never>, { profileImage: File }>({
    method: 'POST',
    path: '/agents/:id/photos',
    tag: 'files',
    summary: "Sets an account's profile photo (multipart `profileImage`; JPEG, PNG or WebP, at most 5 MB): one's own, or anyone's for a super admin.",
    params: idParam,
    body: { multipart: z.object({ profileImage: fileField('profileImage') }) },
    response: avatarAnswer,
    async handler({ caller, params, body }) {
      return await storeAvatar(caller, 'profileImage', body.profileImage, params.id);
    },
  }),
  route<Record<string, never>, Record<string, never>, { photo: File }>({
    method: 'POST',
    path: '/upload/profile-photo',
    tag: 'files',
    summary: "Sets the caller's profile photo (multipart `photo`; JPEG, PNG or WebP, at most 5 MB); a refusal's reason is in `message`.",
    body: { multipart: z.object({ photo: fileField('photo') }) },
    response: avatarAnswer,
    async handler({ caller, body }) {
      return await storeAvatar(caller, 'photo', body.photo);
    },
  }),
];
