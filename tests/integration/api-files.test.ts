/**
 * Files through the `/api` surface: documents (listing and team), viewing a
 * stored file, voice recordings, listing photos and profile photos. Uploads go
 * through Storage as the caller with the app's bucket rules; refusals store
 * nothing (no row, no object), and a row that cannot be written removes its
 * upload again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { createActor } from '../support/seed-rls-actors.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const MARCUS = 'marcus.johnson@listingdesk.test';
const EMILY = 'emily.rodriguez@listingdesk.test';
const OLIVIA = 'olivia.chen@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';
const PRIYA = 'priya.patel@listingdesk.test';
const ADMIN = 'admin@listingdesk.test';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Distinct bytes per call, so a download proves it is this upload. */
function bytesOf(size: number, head: number[] = []): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  for (let i = head.length; i < size; i++) bytes[i] = (i * 31 + size) % 251;
  return bytes;
}

function form(fields: Record<string, string | File | File[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  return data;
}

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

async function accountId(email: string, role: string): Promise<string> {
  return withDb(async (db) => (await db.query<{ id: string }>(`select id from public.users where email = $1 and role = $2 order by created_at limit 1`, [email, role])).rows[0].id);
}

async function objectCount(bucket: string, prefix: string): Promise<number> {
  return withDb(async (db) => Number((await db.query(`select count(*) from storage.objects where bucket_id = $1 and name like $2`, [bucket, `${prefix}%`])).rows[0].count));
}

async function documentCount(where: string, value: string): Promise<number> {
  return withDb(async (db) => Number((await db.query(`select count(*) from public.documents where ${where} = $1`, [value])).rows[0].count));
}

const view = (path: string, token: string) => callApi(`/view-document/${encodeURIComponent(path)}`, { token });

describe('/api files', () => {
  keepSeedData();
  let marcus: TestUser;
  let emily: TestUser;
  let olivia: TestUser;
  let david: TestUser;
  let priya: TestUser;
  let admin: TestUser;
  let listing: string;
  let oliviaId: string;

  beforeAll(async () => {
    [marcus, emily, olivia, david, priya, admin] = await Promise.all([MARCUS, EMILY, OLIVIA, DAVID, PRIYA, ADMIN].map((e) => demoUser(e)));
    const marcusId = await accountId(MARCUS, 'agent');
    oliviaId = await accountId(OLIVIA, 'tc');
    listing = await withDb(async (db) => (await db.query<{ id: string }>(`select id from public.listings where agent_id = $1 order by created_at limit 1`, [marcusId])).rows[0].id);
  });

  it('POST /api/listings/{id}/documents, GET /api/listings/{id}/documents, GET /api/view-document/{filename}, DELETE /api/documents/{id}: upload, list, byte-identical view, delete; another team sees and changes nothing', async () => {
    const pdf = bytesOf(4096, [0x25, 0x50, 0x44, 0x46]);
    const created = await callApi(`/listings/${listing}/documents`, { method: 'POST', token: marcus.accessToken, form: form({ file: file(pdf, 'Offer terms.pdf', 'application/pdf') }) });
    expect(created.status, 'the listing agent uploads a document').toBe(201);
    expect(created.body, 'the spec shape with the uploader embedded').toMatchObject({
      listingId: listing,
      isGeneral: false,
      fileName: 'Offer terms.pdf',
      fileType: 'application/pdf',
      fileSize: 4096,
      uploadedByUser: { firstName: 'Marcus', email: MARCUS },
    });
    const fileUrl = created.body.fileUrl as string;
    expect(fileUrl, 'stored under the listing folder').toMatch(new RegExp(`^listings/${listing}/`));

    const list = await callApi(`/listings/${listing}/documents`, { token: olivia.accessToken });
    expect(list.status, "the listing's coordinator lists its documents").toBe(200);
    const direct = (await olivia.client.from('documents').select('id').eq('listing_id', listing).order('created_at', { ascending: false }).order('id').range(0, 99)).data!;
    expect((list.body as unknown as { id: string }[]).map((d) => d.id), 'the same rows as the direct query').toEqual(direct.map((d) => d.id));
    expect(list.body[0], 'newest first, uploader embedded').toMatchObject({ id: created.body.id, uploadedByUser: { firstName: 'Marcus', lastName: 'Johnson' } });

    const shown = await view(fileUrl, olivia.accessToken);
    expect(shown.status, 'a person on the listing views the file').toBe(200);
    expect(Buffer.from(shown.bytes).equals(Buffer.from(pdf)), 'the bytes are the uploaded bytes').toBe(true);
    expect(shown.headers.get('content-type'), 'the stored content type').toBe('application/pdf');
    expect(shown.headers.get('x-content-type-options'), 'never sniffed').toBe('nosniff');
    expect(shown.headers.get('content-disposition'), 'a PDF opens inline, with its name').toMatch(/^inline; filename="Offer_terms.pdf"/);

    const before = await documentCount('listing_id', listing);
    const objectsBefore = await objectCount('listing-documents', `listings/${listing}/`);
    expect((await callApi(`/listings/${listing}/documents`, { token: david.accessToken })).status, 'another team: the listing is not found').toBe(404);
    expect((await view(fileUrl, david.accessToken)).status, "another team cannot read the file").toBe(404);
    const foreign = await callApi(`/listings/${listing}/documents`, { method: 'POST', token: david.accessToken, form: form({ file: file(pdf, 'x.pdf', 'application/pdf') }) });
    expect([403, 404], 'another team cannot upload into the listing').toContain(foreign.status);
    expect((await callApi(`/documents/${created.body.id as string}`, { method: 'DELETE', token: david.accessToken })).status, 'nor delete its document').toBe(404);
    expect(await documentCount('listing_id', listing), 'no row was added or removed').toBe(before);
    expect(await objectCount('listing-documents', `listings/${listing}/`), 'no object was added or removed').toBe(objectsBefore);

    expect((await callApi(`/listings/${listing}/documents`)).status, 'no session: 401').toBe(401);
    expect((await callApi(`/listings/${listing}/documents`)).body.message, 'no session: Unauthorized').toBe('Unauthorized');
    expect((await view(fileUrl, '')).status, 'no session cannot view').toBe(401);

    const deleted = await callApi(`/documents/${created.body.id as string}`, { method: 'DELETE', token: marcus.accessToken });
    expect(deleted.status, 'the uploader deletes it: 204').toBe(204);
    expect(await documentCount('id', created.body.id as string), 'the row is gone').toBe(0);
    expect(await objectCount('listing-documents', fileUrl), 'and its file').toBe(0);
  });

  it('POST /api/listings/{id}/documents refuses a missing file, a wrong type (400) and an oversized file (413), storing nothing', async () => {
    const rows = await documentCount('listing_id', listing);
    const objects = await objectCount('listing-documents', `listings/${listing}/`);
    const missing = await callApi(`/listings/${listing}/documents`, { method: 'POST', token: marcus.accessToken, form: form({ other: 'x' }) });
    expect(missing.status, 'no file: 400').toBe(400);
    expect(String(missing.body.message), 'naming the field').toMatch(/file/);
    const exe = await callApi(`/listings/${listing}/documents`, { method: 'POST', token: marcus.accessToken, form: form({ file: file(bytesOf(100), 'setup.exe', 'application/pdf') }) });
    expect(exe.status, 'an extension the spec does not accept: 400').toBe(400);
    expect(String(exe.body.message), 'naming the field and the accepted types').toMatch(/file: "setup.exe" is not an accepted file type.*\.pdf/);
    const big = await callApi(`/listings/${listing}/documents`, { method: 'POST', token: marcus.accessToken, form: form({ file: file(new Uint8Array(25 * 1024 * 1024 + 1), 'big.pdf', 'application/pdf') }) });
    expect(big.status, 'over the 25 MB limit: 413').toBe(413);
    expect(String(big.body.message), 'saying the limit').toMatch(/25 MB limit/);
    expect(await documentCount('listing_id', listing), 'no row stored').toBe(rows);
    expect(await objectCount('listing-documents', `listings/${listing}/`), 'no object stored').toBe(objects);
  });

  it('GET /api/view-document/{filename} never serves HTML as HTML', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const created = await callApi(`/listings/${listing}/documents`, { method: 'POST', token: marcus.accessToken, form: form({ file: file(html, 'page.txt', 'text/html') }) });
    expect(created.status, 'a .txt is accepted whatever type the client claims').toBe(201);
    expect(created.body.fileType, 'documents are typed by their extension').toBe('text/plain');
    const direct = `listings/${listing}/${crypto.randomUUID()}-page.html`;
    const stored = await marcus.client.storage.from('listing-documents').upload(direct, new Blob([html], { type: 'text/plain' }), { contentType: 'text/plain' });
    expect(stored.error, 'a file stored with the app').toBeNull();
    for (const path of [created.body.fileUrl as string, direct]) {
      const shown = await view(path, marcus.accessToken);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type'), 'served as plain text').toMatch(/^text\/plain/);
      expect(shown.headers.get('content-disposition'), 'as an attachment, never inline').toMatch(/^attachment;/);
      expect(shown.headers.get('x-content-type-options'), 'nosniff').toBe('nosniff');
      expect(Buffer.from(shown.bytes).equals(Buffer.from(html)), 'byte-identical').toBe(true);
    }
    expect((await view('listings/../teams/x', marcus.accessToken)).status, 'dot segments name nothing').toBe(404);
    expect((await view(`listings/${listing}/nothing-here.pdf`, marcus.accessToken)).status, 'an unknown file: 404').toBe(404);
  });

  it('POST /api/documents/general, GET /api/documents/general: the caller’s team library; other teams and people without a team get nothing', async () => {
    const docx = bytesOf(2048, [0x50, 0x4b, 0x03, 0x04]);
    const created = await callApi('/documents/general', { method: 'POST', token: marcus.accessToken, form: form({ file: file(docx, 'Team checklist.docx', '') }) });
    expect(created.status, 'an agent uploads into the team library').toBe(201);
    expect(created.body, "the team is the agent's coordinator").toMatchObject({ isGeneral: true, teamTcId: oliviaId, listingId: null, uploadedByUser: { firstName: 'Marcus' } });
    expect(created.body.fileUrl as string, 'stored under the team folder').toMatch(new RegExp(`^teams/${oliviaId}/`));

    const list = await callApi('/documents/general', { token: emily.accessToken });
    expect(list.status).toBe(200);
    const direct = (await emily.client.from('documents').select('id').eq('is_general', true).eq('team_tc_id', oliviaId).order('created_at', { ascending: false }).order('id').range(0, 99)).data!;
    expect((list.body as unknown as { id: string }[]).map((d) => d.id), "a teammate gets the same rows as the app's team query").toEqual(direct.map((d) => d.id));
    const davids = await callApi('/documents/general', { token: david.accessToken });
    expect((davids.body as unknown as { id: string }[]).map((d) => d.id), "another team does not see it").not.toContain(created.body.id);
    const shown = await view(created.body.fileUrl as string, emily.accessToken);
    expect(Buffer.from(shown.bytes).equals(Buffer.from(docx)), 'a teammate downloads the same bytes').toBe(true);
    expect(shown.headers.get('content-disposition'), 'a Word file downloads').toMatch(/^attachment; filename="Team_checklist.docx"/);
    expect((await view(created.body.fileUrl as string, david.accessToken)).status, 'another team cannot view it').toBe(404);

    const teamRows = await documentCount('team_tc_id', oliviaId);
    const xls = await callApi('/documents/general', { method: 'POST', token: marcus.accessToken, form: form({ file: file(bytesOf(10), 'sheet.xls', '') }) });
    expect(xls.status, 'team documents do not take .xls: 400').toBe(400);
    const foreignTeam = await callApi('/documents/general', { method: 'POST', token: david.accessToken, form: form({ file: file(docx, 'x.docx', ''), teamId: oliviaId }) });
    expect(foreignTeam.status, "another coordinator cannot upload into Olivia's team").toBe(403);
    expect(await documentCount('team_tc_id', oliviaId), 'nothing stored for the team').toBe(teamRows);
    const priyaObjects = await objectCount('team-documents', 'teams/');
    const noTeam = await callApi('/documents/general', { method: 'POST', token: priya.accessToken, form: form({ file: file(docx, 'x.docx', '') }) });
    expect(noTeam.status, 'an agent without a coordinator has no team library').toBe(403);
    expect(await objectCount('team-documents', 'teams/'), 'and stored no object').toBe(priyaObjects);
    expect((await callApi('/documents/general', { method: 'POST', form: form({ file: file(docx, 'x.docx', '') }) })).status, 'no session: 401').toBe(401);
  });

  it('POST /api/documents/general removes the uploaded file when its row cannot be written (no orphans)', async () => {
    const team = crypto.randomUUID();
    const failed = await callApi('/documents/general', { method: 'POST', token: admin.accessToken, form: form({ file: file(bytesOf(64), 'orphan.pdf', ''), teamId: team }) });
    expect(failed.status, 'a team that does not exist: the row is refused with a 4xx').toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    expect(await objectCount('team-documents', `teams/${team}/`), 'the uploaded object was removed again').toBe(0);
  });

  it('POST /api/listings/{id}/voice-messages, POST /api/voice-messages: recordings under the listing or the team, answered as voiceUrl and playable', async () => {
    const wav = bytesOf(3000, [0x52, 0x49, 0x46, 0x46]);
    const onListing = await callApi(`/listings/${listing}/voice-messages`, { method: 'POST', token: marcus.accessToken, form: form({ audio: file(wav, 'recording.wav', 'audio/wav'), duration: '5' }) });
    expect(onListing.status).toBe(201);
    expect(onListing.body.voiceUrl as string, "the spec's /uploads/ path under the listing").toMatch(new RegExp(`^/uploads/listings/${listing}/messages/[0-9a-f-]+\\.wav$`));
    expect(onListing.body.duration).toBe(5);
    const played = await view(onListing.body.voiceUrl as string, olivia.accessToken);
    expect(Buffer.from(played.bytes).equals(Buffer.from(wav)), 'the coordinator plays the same bytes').toBe(true);
    expect(played.headers.get('content-type'), 'as audio').toBe('audio/wav');
    expect(played.headers.get('content-disposition'), 'inline').toMatch(/^inline;/);

    const onTeam = await callApi('/voice-messages', { method: 'POST', token: emily.accessToken, form: form({ audio: file(wav, 'r.wav', 'audio/wav'), duration: '3' }) });
    expect(onTeam.status).toBe(201);
    expect(onTeam.body.voiceUrl as string, "under the caller's team").toMatch(new RegExp(`^/uploads/teams/${oliviaId}/messages/`));
    expect((await view(onTeam.body.voiceUrl as string, david.accessToken)).status, 'another team cannot play it').toBe(404);

    const objects = await objectCount('voice-recordings', '');
    const foreign = await callApi(`/listings/${listing}/voice-messages`, { method: 'POST', token: david.accessToken, form: form({ audio: file(wav, 'r.wav', 'audio/wav'), duration: '3' }) });
    expect([403, 404], "another team cannot record on the listing").toContain(foreign.status);
    const noTeam = await callApi('/voice-messages', { method: 'POST', token: priya.accessToken, form: form({ audio: file(wav, 'r.wav', 'audio/wav'), duration: '3' }) });
    expect(noTeam.status, 'no team, no team recording').toBe(403);
    const noDuration = await callApi(`/listings/${listing}/voice-messages`, { method: 'POST', token: marcus.accessToken, form: form({ audio: file(wav, 'r.wav', 'audio/wav') }) });
    expect(noDuration.status, 'duration is required').toBe(400);
    expect(String(noDuration.body.message), 'naming the field').toMatch(/duration/);
    const notAudio = await callApi(`/listings/${listing}/voice-messages`, { method: 'POST', token: marcus.accessToken, form: form({ audio: file(wav, 'r.png', 'image/png'), duration: '1' }) });
    expect(notAudio.status, 'only audio').toBe(400);
    expect(String(notAudio.body.message)).toMatch(/audio/);
    expect(await objectCount('voice-recordings', ''), 'refusals stored nothing').toBe(objects);
    expect((await callApi('/voice-messages', { method: 'POST', form: form({ audio: file(wav, 'r.wav', 'audio/wav'), duration: '1' }) })).status, 'no session: 401').toBe(401);
  });

  it("POST /api/listings/{id}/upload-photo: photos appended to the listing like the app does; the coordinator's refused update leaves no object", async () => {
    const one = bytesOf(1500, PNG);
    const two = bytesOf(1700, PNG);
    const before = (await marcus.client.from('listings').select('photo_urls, property_image_url').eq('id', listing).single()).data!;
    const uploaded = await callApi(`/listings/${listing}/upload-photo`, {
      method: 'POST',
      token: marcus.accessToken,
      form: form({ photos: [file(one, 'front.png', 'image/png'), file(two, 'back.png', 'image/png')] }),
    });
    expect(uploaded.status, 'the listing agent adds photos').toBe(201);
    const photoUrls = uploaded.body.photoUrls as string[];
    expect(photoUrls, 'answered as photoUrls, under the listing').toHaveLength(2);
    const after = (await marcus.client.from('listings').select('photo_urls, property_image_url').eq('id', listing).single()).data!;
    expect(after.photo_urls, 'appended after the existing photos').toEqual([...(before.photo_urls as string[]), ...photoUrls]);
    expect(after.property_image_url, 'the main image stays, or becomes the first photo').toBe(before.property_image_url ?? photoUrls[0]);
    const shown = await view(photoUrls[1], olivia.accessToken);
    expect(Buffer.from(shown.bytes).equals(Buffer.from(two)), 'the coordinator views the same bytes').toBe(true);
    expect(shown.headers.get('content-type'), 'as the image it is').toBe('image/png');

    const objects = await objectCount('listing-photos', `listings/${listing}/`);
    const byCoordinator = await callApi(`/listings/${listing}/upload-photo`, { method: 'POST', token: olivia.accessToken, form: form({ photos: file(one, 'c.png', 'image/png') }) });
    expect(byCoordinator.status, 'only the agent changes photos (the row update is refused)').toBe(403);
    const byOtherTeam = await callApi(`/listings/${listing}/upload-photo`, { method: 'POST', token: david.accessToken, form: form({ photos: file(one, 'd.png', 'image/png') }) });
    expect([403, 404], 'another team cannot add photos').toContain(byOtherTeam.status);
    const notImage = await callApi(`/listings/${listing}/upload-photo`, { method: 'POST', token: marcus.accessToken, form: form({ photos: file(one, 'x.pdf', 'application/pdf') }) });
    expect(notImage.status, 'only images').toBe(400);
    expect(String(notImage.body.message), 'naming the field').toMatch(/photos/);
    const big = await callApi(`/listings/${listing}/upload-photo`, { method: 'POST', token: marcus.accessToken, form: form({ photos: file(new Uint8Array(10 * 1024 * 1024 + 1), 'big.png', 'image/png') }) });
    expect(big.status, 'over 10 MB: 413').toBe(413);
    expect(await objectCount('listing-photos', `listings/${listing}/`), 'no object left behind by any refusal').toBe(objects);
    expect((await marcus.client.from('listings').select('photo_urls').eq('id', listing).single()).data!.photo_urls, 'photos unchanged').toEqual(after.photo_urls);
    // The seed listing gets its photos back (the uploaded files go with keepSeedData()).
    await withDb((db) => db.query('update public.listings set photo_urls = $2, property_image_url = $3 where id = $1', [listing, JSON.stringify(before.photo_urls), before.property_image_url]));
  });

  it('POST /api/upload/profile-photo, POST /api/agents/{id}/photos: one’s own photo in the avatars bucket, the previous one removed; others refused', async () => {
    const agent = await createActor('ApiAvatar', 'agent');
    const token = (await agent.client.auth.getSession()).data.session!.access_token;
    const first = await callApi('/upload/profile-photo', { method: 'POST', token, form: form({ photo: file(bytesOf(900, [0xff, 0xd8, 0xff]), 'me.jpg', 'image/jpeg') }) });
    expect(first.status).toBe(200);
    const firstUrl = first.body.profileImageUrl as string;
    expect(firstUrl, 'a public URL in the own avatar folder').toContain(`/avatars/${agent.id}/`);
    expect((await agent.client.from('users').select('profile_image_url').eq('id', agent.id!).single()).data!.profile_image_url, 'the account shows it').toBe(firstUrl);

    const second = await callApi(`/agents/${agent.id}/photos`, { method: 'POST', token, form: form({ profileImage: file(bytesOf(800, PNG), 'me.png', 'image/png') }) });
    expect(second.status).toBe(200);
    expect(await objectCount('avatars', `${agent.id}/`), 'exactly one avatar object is left').toBe(1);

    const marcusId = await accountId(MARCUS, 'agent');
    const marcusObjects = await objectCount('avatars', `${marcusId}/`);
    const marcusBefore = (await marcus.client.from('users').select('profile_image_url').eq('id', marcusId).single()).data!.profile_image_url;
    const foreign = await callApi(`/agents/${marcusId}/photos`, { method: 'POST', token, form: form({ profileImage: file(bytesOf(800, PNG), 'x.png', 'image/png') }) });
    expect(foreign.status, "someone else's photo: 403").toBe(403);
    expect(await objectCount('avatars', `${marcusId}/`), 'nothing stored in their folder').toBe(marcusObjects);
    expect((await marcus.client.from('users').select('profile_image_url').eq('id', marcusId).single()).data!.profile_image_url, 'their photo unchanged').toBe(marcusBefore);

    const gif = await callApi('/upload/profile-photo', { method: 'POST', token, form: form({ photo: file(bytesOf(100), 'a.gif', 'image/gif') }) });
    expect(gif.status, 'avatars take JPEG, PNG, WebP only').toBe(400);
    expect(String(gif.body.message), 'the reason is in message').toMatch(/photo: "a.gif" is not an accepted file type/);
    const big = await callApi('/upload/profile-photo', { method: 'POST', token, form: form({ photo: file(new Uint8Array(5 * 1024 * 1024 + 1), 'a.jpg', 'image/jpeg') }) });
    expect(big.status, 'over 5 MB: 413').toBe(413);
    expect(await objectCount('avatars', `${agent.id}/`), 'refusals stored nothing').toBe(1);
    expect((await callApi('/upload/profile-photo', { method: 'POST', form: form({ photo: file(bytesOf(10), 'a.jpg', 'image/jpeg') }) })).status, 'no session: 401').toBe(401);
  });
});
