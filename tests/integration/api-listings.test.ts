/**
 * The listing collection through the `/api` surface: the listings a caller
 * may see (paged), their counts by status, and creating a listing — with the
 * New Listing screen's property image uploaded before the listing exists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-client.ts';
import { demoUser, withDb, type TestUser } from '../support/clients.ts';
import { keepSeedData } from '../support/seed-guard.ts';

const MARCUS = 'marcus.johnson@listingdesk.test';
const OLIVIA = 'olivia.chen@listingdesk.test';
const DAVID = 'david.kim@listingdesk.test';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

function imageForm(fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  data.append('file', new File([PNG], 'front view.png', { type: 'image/png' }));
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

async function listingCount(address: string): Promise<number> {
  return withDb(async (db) => Number((await db.query(`select count(*) from public.listings where address = $1`, [address])).rows[0].count));
}

describe('/api listing collection', () => {
  keepSeedData();
  let marcus: TestUser;
  let olivia: TestUser;
  let david: TestUser;
  let marcusId: string;

  beforeAll(async () => {
    [marcus, olivia, david] = await Promise.all([MARCUS, OLIVIA, DAVID].map((e) => demoUser(e)));
    marcusId = await withDb(async (db) => (await db.query<{ id: string }>(`select id from public.users where email = $1`, [MARCUS])).rows[0].id);
  });

  it('GET /api/listings and GET /api/listings/stats: the same rows and counts as the direct queries, paged', async () => {
    for (const user of [marcus, olivia, david]) {
      const answer = await callApi('/listings', { token: user.accessToken });
      expect(answer.status).toBe(200);
      const direct = (await user.client.from('listings').select('id, address, status').order('created_at', { ascending: false }).order('id').range(0, 99)).data!;
      expect((answer.body as unknown as { id: string }[]).map((l) => l.id), `${user.email} gets the rows RLS shows them`).toEqual(direct.map((l) => l.id));
      expect(answer.body[0], 'in the spec shape').toMatchObject({ id: direct[0].id, address: direct[0].address, status: direct[0].status });
      expect(Object.keys(answer.body[0] as object), 'camelCase keys').toEqual(expect.arrayContaining(['sellerName', 'listingPrice', 'propertyImageUrl', 'photoUrls', 'agentId', 'createdAt']));

      const stats = await callApi('/listings/stats', { token: user.accessToken });
      // listing_stats() answers (status, n) rows (issue 52); the API keeps the spec's one object.
      const rows = (await user.client.rpc('listing_stats')).data as { status: string; n: number }[];
      const counted: Record<string, number> = { total: rows.reduce((sum, row) => sum + row.n, 0), ...Object.fromEntries(rows.map((row) => [row.status, row.n])) };
      expect(stats.body, `${user.email} gets the app's listing_stats()`).toMatchObject({
        total: counted.total,
        incomplete: counted.incomplete,
        ready: counted.ready,
        live: counted.live,
        underContract: counted.under_contract,
        under_contract: counted.under_contract,
        closed: counted.closed,
      });
    }
    const davids = (await callApi('/listings', { token: david.accessToken })).body as unknown as { agentId: string }[];
    expect(davids.map((l) => l.agentId), "another team's coordinator sees none of Marcus's listings").not.toContain(marcusId);
    expect((await callApi(`/listings/stats?agentId=${marcusId}`, { token: david.accessToken })).status, "nor his counts").toBe(403);

    const page = await callApi('/listings?limit=2&offset=1', { token: olivia.accessToken });
    const directPage = (await olivia.client.from('listings').select('id').order('created_at', { ascending: false }).order('id').range(1, 2)).data!;
    expect((page.body as unknown as { id: string }[]).map((l) => l.id), 'limit and offset page like range()').toEqual(directPage.map((l) => l.id));
    expect((await callApi('/listings?limit=0', { token: olivia.accessToken })).status, 'a bad limit is 400').toBe(400);
    expect((await callApi('/listings')).status, 'no session: 401').toBe(401);
    expect((await callApi('/listings/stats')).body.message, 'no session: Unauthorized').toBe('Unauthorized');
  });

  it('POST /api/listings/upload-property-image, POST /api/listings: the image waits as a private draft, then moves under the new listing', async () => {
    const image = await callApi('/listings/upload-property-image', { method: 'POST', token: marcus.accessToken, form: imageForm() });
    expect(image.status).toBe(201);
    const draft = image.body.imageUrl as string;
    expect(draft, "a draft in the uploader's own folder").toMatch(new RegExp(`^drafts/${marcusId}/[0-9a-f-]+-front_view\\.png$`));
    expect((await callApi(`/view-document/${encodeURIComponent(draft)}?bucket=listing-photos`, { token: olivia.accessToken })).status, 'nobody else reads a draft').toBe(404);

    const address = `1 API Way ${crypto.randomUUID().slice(0, 6)}`;
    const created = await callApi('/listings', {
      method: 'POST',
      token: marcus.accessToken,
      json: { address, sellerName: 'Ana Seller', sellerEmail: '', listingPrice: '$500,000', propertyImageUrl: draft, tcId: crypto.randomUUID(), status: 'live' },
    });
    expect(created.status, 'the agent creates a listing').toBe(201);
    const id = created.body.id as string;
    expect(created.body, 'status and coordinator come from the database, not the payload').toMatchObject({ address, sellerName: 'Ana Seller', sellerEmail: null, status: 'incomplete', agentId: marcusId });
    const row = (await olivia.client.from('listings').select('*').eq('id', id).single()).data!;
    expect(created.body.tcId, "the coordinator is the agent's").toBe(row.tc_id);
    expect(row.property_image_url, 'the image is stored under the listing').toMatch(new RegExp(`^listings/${id}/`));
    expect(row.photo_urls, 'and is its first photo').toEqual([row.property_image_url]);
    const shown = await callApi(`/view-document/${encodeURIComponent(row.property_image_url as string)}`, { token: olivia.accessToken });
    expect(Buffer.from(shown.bytes).equals(Buffer.from(PNG)), 'the coordinator sees the uploaded image').toBe(true);
    const drafts = await withDb(async (db) => Number((await db.query(`select count(*) from storage.objects where bucket_id = 'listing-photos' and name = $1`, [draft])).rows[0].count));
    expect(drafts, 'the draft is gone').toBe(0);

    const photo = await callApi('/listings/upload-photo', { method: 'POST', token: marcus.accessToken, form: imageForm({ listingId: id }) });
    expect(photo.status).toBe(201);
    expect(photo.body.imageUrl as string, "POST /api/listings/upload-photo with listingId stores under the listing").toMatch(new RegExp(`^listings/${id}/`));
    const foreignPhoto = await callApi('/listings/upload-photo', { method: 'POST', token: david.accessToken, form: imageForm({ listingId: id }) });
    expect(foreignPhoto.status, 'another team cannot store images under the listing').toBe(403);
    const pdf = new FormData();
    pdf.append('file', new File([PNG], 'a.pdf', { type: 'application/pdf' }));
    const notImage = await callApi('/listings/upload-photo', { method: 'POST', token: marcus.accessToken, form: pdf });
    expect(notImage.status, 'only images').toBe(400);
    expect(String(notImage.body.message), 'naming the field').toMatch(/file/);
    expect((await callApi('/listings/upload-property-image', { method: 'POST', form: imageForm() })).status, 'no session: 401').toBe(401);
  });

  it('POST /api/listings refuses a missing address (400), another team’s agent (403) and someone else’s draft, creating nothing', async () => {
    const noAddress = await callApi('/listings', { method: 'POST', token: marcus.accessToken, json: { address: '   ', sellerName: 'X' } });
    expect(noAddress.status, 'address is required').toBe(400);
    expect(String(noAddress.body.message), 'naming the field').toMatch(/address/);
    const badEmail = await callApi('/listings', { method: 'POST', token: marcus.accessToken, json: { address: '2 API Way', sellerEmail: 'nope' } });
    expect(badEmail.status).toBe(400);
    expect(String(badEmail.body.message), 'naming the field').toMatch(/sellerEmail: Invalid email/);

    const address = `3 API Way ${crypto.randomUUID().slice(0, 6)}`;
    const foreign = await callApi('/listings', { method: 'POST', token: david.accessToken, json: { address, agentId: marcusId } });
    expect(foreign.status, "another coordinator cannot create listings for Olivia's agent").toBe(403);
    const draft = (await callApi('/listings/upload-property-image', { method: 'POST', token: marcus.accessToken, form: imageForm() })).body.imageUrl as string;
    const stolen = await callApi('/listings', { method: 'POST', token: olivia.accessToken, json: { address, agentId: marcusId, propertyImageUrl: draft } });
    expect(stolen.status, "a draft of someone else is not the caller's to use").toBe(400);
    expect(String(stolen.body.message)).toMatch(/propertyImageUrl/);
    expect(await listingCount(address), 'no listing was created').toBe(0);
    expect((await callApi('/listings', { method: 'POST', json: { address } })).status, 'no session: 401').toBe(401);
  });
});
