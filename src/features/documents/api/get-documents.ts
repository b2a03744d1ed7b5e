import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/query-keys';
import { documentBucket } from '@/features/documents/lib/document-scope';

/** What every document list shows: the row, its scope, type, version and review, and the uploader's name. */
export const DOCUMENT_COLUMNS =
  'id, listing_id, team_tc_id, is_general, file_name, file_url, file_type, file_size, uploaded_by, created_at, document_type, version_of, version, review_state, review_reason, reviewed_at, reviewed_size, reviewed_checksum, uploaded_by_user:users!documents_uploaded_by_fkey(first_name, last_name, email)';

/** A listing's documents, newest first; file_url is the object path in the listing-documents bucket. */
export async function getDocuments(listingId: string) {
  return throwIfError(await supabase.from('documents').select(DOCUMENT_COLUMNS).eq('listing_id', listingId).order('created_at', { ascending: false }));
}

/** A document row as the lists show it (listing or team document). */
export type ListingDocument = Awaited<ReturnType<typeof getDocuments>>[number];

export function documentsQueryOptions(listingId: string) {
  return queryOptions({ queryKey: documentKeys.byListing(listingId), queryFn: () => getDocuments(listingId) });
}

export function useDocuments(listingId: string) {
  return useQuery(documentsQueryOptions(listingId));
}

/** The stored file itself (as the signed-in user; storage policies decide). */
export async function downloadDocumentBlob(document: Pick<ListingDocument, 'file_url' | 'is_general'>): Promise<Blob> {
  if (/^https?:\/\//.test(document.file_url)) {
    const res = await fetch(document.file_url);
    if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
    return res.blob();
  }
  return throwIfError(await supabase.storage.from(documentBucket(document)).download(document.file_url));
}
