/**
 * The listing behind an address, read with the caller's client so RLS decides
 * which listings can match: another team's listing at the same address is
 * invisible and never feeds a prompt. Its facts are the address, price,
 * status and short excerpts of its latest notes, without seller contact
 * details (those columns are not even read, and notes are scrubbed).
 */
import type { SupabaseClient } from '../_shared/deps.ts';
import { HttpError } from '../_shared/http.ts';
import { addressWords, normalizeAddress, noteExcerpt } from './text.ts';

/** Notes are excerpted from the newest ones only: enough colour, little text. */
const NOTES_USED = 5;

export interface ListingFacts {
  listingId: string;
  address: string;
  price: string | null;
  status: string;
  noteHighlights: string[];
}

function queryFailed(what: string, message: string): never {
  throw new HttpError(500, 'query_failed', `Reading ${what} failed: ${message}`);
}

/** The visible listing whose address equals `address` (case, spaces, punctuation ignored); the most recently updated if several. */
export async function findListingFacts(db: SupabaseClient, address: string): Promise<ListingFacts | null> {
  const words = addressWords(address);
  if (words.length === 0) return null;
  // The LIKE pattern only narrows the candidates; equality is decided on the normalized text.
  const candidates = await db
    .from('listings')
    .select('id, address, listing_price, status, seller_name')
    .ilike('address', `%${words.join('%')}%`)
    .order('updated_at', { ascending: false })
    .limit(20);
  if (candidates.error) queryFailed('listings', candidates.error.message);
  const wanted = normalizeAddress(address);
  const listing = (candidates.data ?? []).find((l) => normalizeAddress(l.address) === wanted);
  if (!listing) return null;

  const notes = await db
    .from('notes')
    .select('content')
    .eq('listing_id', listing.id)
    .order('created_at', { ascending: false })
    .limit(NOTES_USED);
  if (notes.error) queryFailed('notes', notes.error.message);
  const names = listing.seller_name ? [listing.seller_name, ...String(listing.seller_name).split(/\s+/)] : [];
  return {
    listingId: listing.id,
    address: listing.address,
    price: listing.listing_price,
    status: listing.status,
    noteHighlights: (notes.data ?? []).map((n) => noteExcerpt(n.content, names)).filter(Boolean),
  };
}

/** Saves (or refreshes) the listing's research row with the caller's client; RLS and the trigger scope it. */
export async function saveResearch(db: SupabaseClient, facts: ListingFacts): Promise<void> {
  const { listingId, ...researchData } = facts;
  const saved = await db
    .from('property_research')
    .upsert({ listing_id: listingId, address: facts.address, research_data: { ...researchData, source: 'listing' } }, { onConflict: 'listing_id' });
  if (saved.error) throw new HttpError(500, 'query_failed', `Saving the property research failed: ${saved.error.message}`);
}
