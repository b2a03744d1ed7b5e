/**
 * Listings (spec part 1 §7): one listing's fields, its status or photos
 * changed, and its deletion — each one request as the caller, so RLS and the
 * database's status rules decide exactly as in the app.
 */
import { z } from '../../_shared/deps.ts';
import { found } from '../db.ts';
import { route } from '../router.ts';
import { camelize, idParam } from '../shapes.ts';

/**
 * A status key as public.listing_statuses spells them; the table decides which
 * exist (set_listing_status() answers 400 naming them for any other).
 */
// abort: a malformed status ends the `{status}` branch of the update's union as the former enum did, so the 400 reads as before.
export const statusKey = z.string().regex(/^[a-z][a-z_]{0,39}$/, { message: 'a status key such as live or under_contract', abort: true });

export const listingShape = z.object({
  id: z.uuid(),
  address: z.string(),
  sellerName: z.string().nullable(),
  sellerPhone: z.string().nullable(),
  sellerEmail: z.string().nullable(),
  listingPrice: z.string().nullable(),
  status: z.string(),
  propertyImageUrl: z.string().nullable(),
  photoUrls: z.array(z.string()),
  agentId: z.uuid().nullable(),
  tcId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const LISTING_COLUMNS = 'id, address, seller_name, seller_phone, seller_email, listing_price, status, property_image_url, photo_urls, agent_id, tc_id, created_at, updated_at';

/** Either payload of part 1 §7: `{status}` from the status control, or `{propertyImageUrl, photoUrls}` from the photo tools. */
const listingUpdate = z.union([
  z.object({ status: statusKey }).strict(),
  z
    .object({
      propertyImageUrl: z.string().max(500).nullable().optional(),
      photoUrls: z.array(z.string().max(2048)).max(100).optional(),
    })
    .strict()
    .refine((v) => v.propertyImageUrl !== undefined || v.photoUrls !== undefined, 'Send status, or propertyImageUrl and/or photoUrls'),
]);

export const listingRoutes = [
  route<{ id: string }>({
    method: 'GET',
    path: '/listings/:id',
    tag: 'listings',
    summary: 'One listing the caller may see.',
    params: idParam,
    response: listingShape,
    async handler({ caller, params }) {
      return camelize(found(await caller.db.from('listings').select(LISTING_COLUMNS).eq('id', params.id).maybeSingle(), 'Listing not found'));
    },
  }),
  route<{ id: string }, Record<string, never>, z.infer<typeof listingUpdate>>({
    method: 'PUT',
    path: '/listings/:id',
    tag: 'listings',
    summary: "Changes a listing's status (`{status}`, through set_listing_status()) or its photos (`{propertyImageUrl, photoUrls}`).",
    params: idParam,
    body: { json: listingUpdate },
    response: listingShape,
    async handler({ caller, params, body }) {
      if ('status' in body) {
        // set_listing_status() applies the status rules and answers the changed row.
        return camelize(found(await caller.db.rpc('set_listing_status', { listing_id: params.id, new_status: body.status }).select(LISTING_COLUMNS).maybeSingle(), 'Listing not found'));
      }
      const changes: Record<string, unknown> = {};
      if (body.propertyImageUrl !== undefined) changes.property_image_url = body.propertyImageUrl;
      if (body.photoUrls !== undefined) changes.photo_urls = body.photoUrls;
      return camelize(found(await caller.db.from('listings').update(changes).eq('id', params.id).select(LISTING_COLUMNS).maybeSingle(), 'Listing not found'));
    },
  }),
  route<{ id: string }>({
    method: 'DELETE',
    path: '/listings/:id',
    tag: 'listings',
    summary: 'Deletes a listing (its agent, coordinator or a super admin).',
    params: idParam,
    async handler({ caller, params }) {
      found(await caller.db.from('listings').delete().eq('id', params.id).select('id').maybeSingle(), 'Listing not found');
    },
  }),
];
