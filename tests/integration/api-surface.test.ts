/**
 * The `/api` compatibility surface through the HTTP stack: who the caller is
 * (bearer token or the session cookie), the spec's shapes, refusals (401
 * without a session, 404 for what RLS hides, 400 naming the field with
 * nothing stored) and the OpenAPI document generated from the routes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, stackInfo, withDb, type TestUser } from '../support/clients.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const OLIVIA = 'olivia.chen@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';

/** The surface with a JSON body given as a string (this file's older spelling of callApi). */
function call(path: string, init: { method?: string; token?: string; cookie?: string; body?: string } = {}) {
  const { body, ...rest } = init;
  return callApi(path, { ...rest, json: body === undefined ? undefined : JSON.parse(body) });
}

describe('the /api surface', () => {
  keepSeedData();
  let olivia: TestUser;
  let david: TestUser;
  let oliviaListing: string;

  beforeAll(async () => {
    [olivia, david] = await Promise.all([demoUser(OLIVIA), demoUser(DAVID)]);
    oliviaListing = await withDb(
      async (db) =>
        (
          await db.query<{ id: string }>(
            `select l.id from public.listings l join public.users u on u.id = l.tc_id where u.email = $1 order by l.created_at limit 1`,
            [OLIVIA],
          )
        ).rows[0].id,
    );
  });

  it('GET /api/auth/user answers 401 Unauthorized without a session, also with only the anon key as bearer', async () => {
    const none = await call('/auth/user');
    expect(none.status, 'no session').toBe(401);
    expect(none.body.message, "the text the spec's clients recognise").toBe('Unauthorized');
    const anonKey = await call('/auth/user', { token: stackInfo().anonKey });
    expect(anonKey.status, 'the anon key is no session').toBe(401);
    const forged = await call('/auth/user', { token: `${olivia.accessToken}x` });
    expect(forged.status, 'a tampered token is refused').toBe(401);
  });

  it('GET /api/auth/user answers the active account in the spec shape, by bearer token and by session cookie (POST /api/auth/session, DELETE /api/auth/session)', async () => {
    const byBearer = await call('/auth/user', { token: olivia.accessToken });
    expect(byBearer.status).toBe(200);
    expect(byBearer.body).toMatchObject({ email: OLIVIA, firstName: 'Olivia', lastName: 'Chen', role: 'tc', canSwitchRole: false });

    const session = await call('/auth/session', { method: 'POST', body: JSON.stringify({ accessToken: olivia.accessToken }) });
    expect(session.status, 'the app sets the cookie with a valid token').toBe(204);
    const setCookie = session.headers.get('set-cookie') ?? '';
    expect(setCookie, 'the cookie is HttpOnly, SameSite=Lax, scoped to /api').toMatch(/listingdesk_session=[^;]+; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=\d+/);
    const cookie = setCookie.split(';')[0];
    const byCookie = await call('/auth/user', { cookie });
    expect(byCookie.status, 'the cookie alone authenticates').toBe(200);
    expect(byCookie.body.email).toBe(OLIVIA);

    const cleared = await call('/auth/session', { method: 'DELETE', cookie });
    expect(cleared.headers.get('set-cookie'), 'sign-out clears the cookie').toMatch(/listingdesk_session=; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=0/);
    const bogus = await call('/auth/session', { method: 'POST', body: JSON.stringify({ accessToken: 'x'.repeat(40) }) });
    expect(bogus.status, 'no cookie for an invalid token').toBe(401);
    expect(bogus.headers.get('set-cookie')).toBeNull();
  });

  it('GET /api/login (browser navigation, part 1 §2) redirects to the app’s sign-in page on the same origin, whatever the request carries', async () => {
    for (const path of ['/login', '/login?redirect_to=https://evil.example/', '/login?next=//evil.example']) {
      const answer = await callApi(path, { redirect: 'manual', headers: { 'X-Forwarded-Host': 'evil.example', Referer: 'https://evil.example/' } });
      expect(answer.status, `${path}: a redirect, not the JSON 404 of an unknown route`).toBe(302);
      expect(answer.headers.get('location'), `${path}: the app's sign-in page as a path, so it stays on the origin the browser asked (never another site)`).toBe('/login');
      expect(new URL(answer.headers.get('location')!, 'https://app.example/api/login').origin, 'resolved by the browser: the app origin').toBe('https://app.example');
    }
  });

  it('GET /api/logout ends the session, clears the cookie with the attributes it was set with, and redirects to the landing page; POST /api/logout too', async () => {
    // A session of its own: ending it must not sign out the other tests' Olivia.
    const own = await demoUser(OLIVIA);
    const set = await call('/auth/session', { method: 'POST', body: JSON.stringify({ accessToken: own.accessToken }) });
    const setCookie = set.headers.get('set-cookie') ?? '';
    const cookie = setCookie.split(';')[0];
    expect((await call('/auth/user', { cookie })).status, 'the cookie works before sign-out').toBe(200);

    const out = await callApi('/logout', { cookie, redirect: 'manual' });
    expect(out.status, 'a redirect, not the JSON 404 of an unknown route').toBe(302);
    expect(out.headers.get('location'), 'to the landing page of the same origin').toBe('/');
    const cleared = out.headers.get('set-cookie') ?? '';
    expect(cleared, 'the cookie is emptied and expired').toMatch(/^listingdesk_session=; /);
    expect(cleared, 'expired at once').toMatch(/Max-Age=0/);
    const attributes = (header: string) => header.split(';').slice(1).map((a) => a.trim()).filter((a) => !a.startsWith('Max-Age'));
    expect(attributes(cleared), 'with the Path, HttpOnly, SameSite (and Secure) it was set with, or the browser keeps the old one').toEqual(attributes(setCookie));
    expect(out.headers.get('clear-site-data'), "the app's stored Supabase session goes too").toBe('"storage"');

    expect((await call('/auth/user', { cookie })).status, 'the ended session no longer authenticates').toBe(401);
    const refreshed = await own.client.auth.refreshSession();
    expect(refreshed.error, 'its refresh token is revoked: the session is over, not just the cookie').not.toBeNull();
    expect((await call('/auth/user', { token: olivia.accessToken })).status, "Olivia's other session is untouched").toBe(200);

    const posted = await callApi('/logout', { method: 'POST', redirect: 'manual' });
    expect([posted.status, posted.headers.get('location')], 'POST (forms, scripts): 303 to the landing page, also without a session').toEqual([303, '/']);
    expect(posted.headers.get('set-cookie'), 'and the cookie is cleared').toMatch(/^listingdesk_session=; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=0/);
  });

  it('GET /api/listings/{id} gives the same listing as the direct query, and nothing to another team', async () => {
    const answer = await call(`/listings/${oliviaListing}`, { token: olivia.accessToken });
    expect(answer.status).toBe(200);
    const direct = (await olivia.client.from('listings').select('*').eq('id', oliviaListing).single()).data!;
    expect(answer.body, 'the spec shape of the same row').toMatchObject({
      id: direct.id,
      address: direct.address,
      sellerName: direct.seller_name,
      listingPrice: direct.listing_price,
      status: direct.status,
      photoUrls: direct.photo_urls,
      agentId: direct.agent_id,
    });
    const otherTeam = await call(`/listings/${oliviaListing}`, { token: david.accessToken });
    expect(otherTeam.status, "another team's coordinator does not see it").toBe(404);
    const malformed = await call('/listings/not-a-uuid', { token: olivia.accessToken });
    expect(malformed.status, 'a malformed id names nothing').toBe(404);
  });

  it('PUT /api/listings/{id} refuses a bad status with 400 naming the field and changes nothing; another team gets 404; DELETE /api/listings/{id} by another team deletes nothing', async () => {
    const before = (await olivia.client.from('listings').select('status, updated_at').eq('id', oliviaListing).single()).data!;
    const bad = await call(`/listings/${oliviaListing}`, { method: 'PUT', token: olivia.accessToken, body: JSON.stringify({ status: 'sold-ish' }) });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message), 'the message names the field').toMatch(/status/);
    const foreign = await call(`/listings/${oliviaListing}`, { method: 'PUT', token: david.accessToken, body: JSON.stringify({ status: 'ready' }) });
    expect([403, 404], "another team's coordinator may not change it").toContain(foreign.status);
    const after = (await olivia.client.from('listings').select('status, updated_at').eq('id', oliviaListing).single()).data!;
    expect(after, 'nothing changed').toEqual(before);

    const foreignDelete = await call(`/listings/${oliviaListing}`, { method: 'DELETE', token: david.accessToken });
    expect(foreignDelete.status, "another team's coordinator cannot delete it").toBe(404);
    expect((await olivia.client.from('listings').select('id').eq('id', oliviaListing)).data, 'it still exists').toHaveLength(1);
    const spare = await withDb(
      async (db) =>
        (await db.query<{ id: string }>(`insert into public.listings (address, tc_id, agent_id) select '1 API Delete Way', tc_id, agent_id from public.listings where id = $1 returning id`, [oliviaListing]))
          .rows[0],
    );
    const deleted = await call(`/listings/${spare.id}`, { method: 'DELETE', token: olivia.accessToken });
    expect(deleted.status, 'its coordinator deletes it: 204').toBe(204);
    expect((await olivia.client.from('listings').select('id').eq('id', spare.id)).data, 'and it is gone').toEqual([]);
  });

  it('POST /api/listings/{id}/notes, GET /api/listings/{id}/notes, PUT /api/notes/{noteId}, DELETE /api/notes/{noteId}: only the author edits and deletes; a blank note is 400 and stores nothing', async () => {
    const created = await call(`/listings/${oliviaListing}/notes`, { method: 'POST', token: olivia.accessToken, body: JSON.stringify({ content: 'API note: keys at the office' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ content: 'API note: keys at the office', isVoice: false, user: { email: OLIVIA, firstName: 'Olivia' } });
    const noteId = created.body.id as string;

    const list = await call(`/listings/${oliviaListing}/notes?limit=5`, { token: olivia.accessToken });
    expect(list.status).toBe(200);
    expect((list.body as unknown as { id: string }[])[0].id, 'newest first').toBe(noteId);
    expect(list.body.length, 'paged').toBeLessThanOrEqual(5);

    const blank = await call(`/listings/${oliviaListing}/notes`, { method: 'POST', token: olivia.accessToken, body: JSON.stringify({ content: '   ' }) });
    expect(blank.status).toBe(400);
    expect(String(blank.body.message)).toMatch(/content/);

    const voice = await call(`/listings/${oliviaListing}/notes`, {
      method: 'POST',
      token: olivia.accessToken,
      body: JSON.stringify({ content: 'Voice note', isVoice: true, voiceUrl: `/uploads/listings/${oliviaListing}/notes/api.webm`, duration: 4 }),
    });
    expect(voice.body, "a voice note keeps the recording's object path as the app stores it (POST /api/voice-messages answers the /uploads/ form)").toMatchObject({
      isVoice: true,
      voiceUrl: `listings/${oliviaListing}/notes/api.webm`,
      duration: 4,
    });
    await call(`/notes/${voice.body.id as string}`, { method: 'DELETE', token: olivia.accessToken });

    const foreignEdit = await call(`/notes/${noteId}`, { method: 'PUT', token: david.accessToken, body: JSON.stringify({ content: 'hijacked' }) });
    expect(foreignEdit.status, 'another team cannot edit it').toBe(404);
    const foreignList = await call(`/listings/${oliviaListing}/notes`, { token: david.accessToken });
    expect(foreignList.status, 'nor list the notes').toBe(404);

    const edited = await call(`/notes/${noteId}`, { method: 'PUT', token: olivia.accessToken, body: JSON.stringify({ content: 'API note: keys with the neighbour' }) });
    expect(edited.body).toMatchObject({ content: 'API note: keys with the neighbour' });
    const deleted = await call(`/notes/${noteId}`, { method: 'DELETE', token: olivia.accessToken });
    expect(deleted.status, 'no data: 204').toBe(204);
    const gone = await call(`/notes/${noteId}`, { method: 'DELETE', token: olivia.accessToken });
    expect(gone.status, 'deleting again: 404').toBe(404);
  });

  it('serves an OpenAPI 3.1 document generated from the routes', async () => {
    const doc = await call('/openapi.json');
    expect(doc.status).toBe(200);
    const body = doc.body as unknown as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/auth/user', '/api/listings/{id}', '/api/listings/{id}/notes', '/api/notes/{id}']));
    expect(body.paths['/api/listings/{id}/notes'].post.requestBody, 'bodies are documented from their schemas').toBeTruthy();
  });

  it('answers unknown routes 404 and wrong verbs 405 with a message', async () => {
    const unknown = await call('/nothing-here', { token: olivia.accessToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/No API route/);
    const verb = await call('/auth/user', { method: 'PATCH', token: olivia.accessToken });
    expect(verb.status).toBe(405);
  });
});
