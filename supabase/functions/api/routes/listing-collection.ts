/**
 * The listing collection (spec part 1 §7, part 2 §7): the listings the caller
 * may see (paged, newest first), their counts by status, and creating a
 * listing. RLS decides what each caller sees; a new listing's coordinator and
 * status are set by the database, never taken from the payload.
 */
import { z } from '../../_shared/deps.ts';
import { HttpError } from '../../_shared/http.ts';
import { unwrap } from '../db.ts';
import { isSuperAdmin } from '../../_shared/account.ts';
import { callerAccount } from '../scope.ts';
import { route } from '../router.ts';
import type { Caller } from '../session.ts';
import { camelize, pageQuery, pageRange } from '../shapes.ts';
import { LISTING_COLUMNS, listingShape, statusKey } from './listings.ts';

const PHOTO_BUCKET = 'listing-photos';

const listQuery = pageQuery.extend({
  agentId: z.uuid().optional().describe("Only this agent's listings."),
  status: statusKey.optional().describe('Only listings with this status (a key of listing_statuses).'),
});
const statsQuery = z.object({ agentId: z.uuid().optional().describe("One agent's counts (the agent, their coordinator or a super admin); default: every listing the caller may see.") });

/** Blank optional text is no value (the form sends ''). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

const newListing = z.object({
  address: z.string({ message: 'address is required' }).trim().min(1, 'address is required').max(500),
  sellerName: optionalText(255),
  sellerPhone: optionalText(50),
  sellerEmail: optionalText(255).refine((v) => v === null || z.email().safeParse(v).success, 'Invalid email'),
  listingPrice: optionalText(50),
  propertyImageUrl: optionalText(500).describe('An image URL, an imageUrl from POST /api/listings/upload-property-image, or null.'),
  agentId: z.uuid().optional().describe("The listing's agent (a coordinator names one of their agents); default: the caller."),
  tcId: z.uuid().nullish().describe('Accepted and ignored: the coordinator is the agent’s, set by the database.'),
});
type NewListing = z.infer<typeof newListing>;

/** A draft image of the caller (drafts/<account>/<name>) is copied under the new listing; anything else is stored as sent. */
function imagePlan(listingId: string, image: string | null) {
  const draft = image?.startsWith('drafts/') ? image : null;
  const stored = draft ? `listings/${listingId}/${draft.split('/').pop()}` : image;
  return { draft, stored };
}

/** Inserts the listing (one request) and, for a draft image, copies it under the listing; a failed copy deletes the listing again. */
async function createListing(caller: Caller, body: NewListing) {
  const id = crypto.randomUUID();
  const agentId = body.agentId ?? (await callerAccount(caller)).id;
  const { draft, stored } = imagePlan(id, body.propertyImageUrl);
  const row = unwrap(
    await caller.db
      .from('listings')
      .insert({
        id,
        agent_id: agentId,
        address: body.address,
        seller_name: body.sellerName,
        seller_phone: body.sellerPhone,
        seller_email: body.sellerEmail,
        listing_price: body.listingPrice,
        property_image_url: stored,
        photo_urls: stored ? [stored] : [],
      })
      .select(LISTING_COLUMNS)
      .single(),
  );
  if (draft && stored) {
    const photos = caller.db.storage.from(PHOTO_BUCKET);
    const { error } = await photos.copy(draft, stored);
    if (error) {
      await caller.db.from('listings').delete().eq('id', id);
      throw new HttpError(400, 'invalid_input', 'Invalid body: propertyImageUrl: no uploaded image of yours has this path');
    }
    await photos.remove([draft]);
  }
  return camelize(row);
}

export const listingCollectionRoutes = [
  route<Record<string, never>, z.infer<typeof listQuery>>({
    method: 'GET',
    path: '/listings',
    tag: 'listings',
    summary: 'The listings the caller may see, newest first (paged; optionally one agent or status).',
    query: listQuery,
    response: z.array(listingShape),
    async handler({ caller, query }) {
      const [from, to] = pageRange(query);
      let request = caller.db.from('listings').select(LISTING_COLUMNS);
      if (query.agentId) request = request.eq('agent_id', query.agentId);
      else {
        // The caller's own scope named explicitly, so the database reads it on an index instead of
        // walking every listing's date through RLS: an agent's listings, a coordinator's page merged
        // from their two sources (coordinated_listings()); a super admin reads every listing.
        const me = await callerAccount(caller);
        if (!isSuperAdmin(me) && me.role === 'tc') {
          const page = { page_limit: to - from + 1, page_offset: from, status: query.status ?? null };
          return camelize(unwrap(await caller.db.rpc('coordinated_listings', page).select(LISTING_COLUMNS)));
        }
        if (!isSuperAdmin(me) && me.role === 'agent') request = request.eq('agent_id', me.id);
      }
      if (query.status) request = request.eq('status', query.status);
      return camelize(unwrap(await request.order('created_at', { ascending: false }).order('id').range(from, to)));
    },
  }),
  route<Record<string, never>, z.infer<typeof statsQuery>>({
    method: 'GET',
    path: '/listings/stats',
    tag: 'listings',
    summary: 'Counts of listings by status (listing_stats()): every listing the caller may see, or one agent’s. `under_contract` is also answered under the spec’s spelling.',
    query: statsQuery,
    response: z.object({ total: z.number(), incomplete: z.number(), ready: z.number(), live: z.number(), underContract: z.number(), under_contract: z.number(), closed: z.number() }),
    async handler({ caller, query }) {
      // listing_stats() answers one (status, n) row per status (issue 52); the spec's shape is one object.
      const rows = unwrap(await caller.db.rpc('listing_stats', { agent_id: query.agentId ?? null })) as { status: string; n: number }[];
      const stats: Record<string, number> = Object.fromEntries(rows.map((row) => [row.status, row.n]));
      const total = rows.reduce((sum, row) => sum + row.n, 0);
      return { total, ...camelize(stats), under_contract: stats.under_contract ?? 0 };
    },
  }),
  route<Record<string, never>, Record<string, never>, NewListing>({
    method: 'POST',
    path: '/listings',
    tag: 'listings',
    summary: 'Creates a listing (status incomplete; the coordinator is the agent’s). The initial note, if any, is the client’s POST /api/listings/{id}/notes.',
    body: { json: newListing },
    status: 201,
    response: listingShape,
    async handler({ caller, body }) {
      return await createListing(caller, body);
    },
  }),
];
