import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import type { Tables } from '@/lib/database.types';
import { BUCKETS } from '@/lib/storage-buckets';
import { supabase } from '@/lib/supabase';
import { photoKeys } from '@/features/photos/api/query-keys';

const SIGNED_URL_SECONDS = 60 * 60;

export interface ListingPhoto {
  /** What the listing stores: an object path in listing-photos, or an external URL. */
  ref: string;
  /** What an <img> can load: the URL itself or a signed URL (null when the file is missing). */
  url: string | null;
  isMain: boolean;
}

export const isExternalUrl = (ref: string) => /^https?:\/\//i.test(ref);

/** The main image first, then the other photos, each once. */
export function photoRefs(listing: Pick<Tables<'listings'>, 'property_image_url' | 'photo_urls'>): string[] {
  const others = Array.isArray(listing.photo_urls) ? listing.photo_urls.filter((u): u is string => typeof u === 'string') : [];
  return [...new Set([listing.property_image_url, ...others].filter((u): u is string => !!u))];
}

/** Signs the stored photos in one request (the bucket is private; storage policies decide who may sign). */
export async function getListingPhotos(listing: Pick<Tables<'listings'>, 'property_image_url' | 'photo_urls'>): Promise<ListingPhoto[]> {
  const refs = photoRefs(listing);
  const stored = refs.filter((ref) => !isExternalUrl(ref));
  const signed = stored.length ? throwIfError(await supabase.storage.from(BUCKETS.listingPhotos).createSignedUrls(stored, SIGNED_URL_SECONDS)) : [];
  const byPath = new Map(signed.map((s) => [s.path, s.error ? null : s.signedUrl]));
  return refs.map((ref) => ({ ref, url: isExternalUrl(ref) ? ref : (byPath.get(ref) ?? null), isMain: ref === listing.property_image_url }));
}

export function listingPhotosQueryOptions(listing: Pick<Tables<'listings'>, 'id' | 'property_image_url' | 'photo_urls'>) {
  return queryOptions({
    queryKey: photoKeys.byListing(listing.id, photoRefs(listing)),
    queryFn: () => getListingPhotos(listing),
    // Signed URLs expire after an hour; re-sign well before.
    staleTime: (SIGNED_URL_SECONDS / 2) * 1000,
  });
}

export function useListingPhotos(listing: Pick<Tables<'listings'>, 'id' | 'property_image_url' | 'photo_urls'>) {
  return useQuery(listingPhotosQueryOptions(listing));
}

/** The photo's bytes, for downloads and zips (external URLs must allow CORS). */
export async function downloadPhotoBlob(photo: ListingPhoto): Promise<Blob> {
  if (!isExternalUrl(photo.ref)) return throwIfError(await supabase.storage.from(BUCKETS.listingPhotos).download(photo.ref));
  const res = await fetch(photo.ref);
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return res.blob();
}
