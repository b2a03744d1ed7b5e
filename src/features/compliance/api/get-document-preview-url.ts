import { useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { BUCKETS } from '@/lib/storage-buckets';
import { supabase } from '@/lib/supabase';

const PREVIEW_URL_SECONDS = 10 * 60;

/** A short-lived URL to show a listing document beside the decision (storage policies decide who may read it). */
export async function getDocumentPreviewUrl(fileUrl: string): Promise<string> {
  if (/^https?:\/\//.test(fileUrl)) return fileUrl;
  return throwIfError(await supabase.storage.from(BUCKETS.listingDocuments).createSignedUrl(fileUrl, PREVIEW_URL_SECONDS)).signedUrl;
}

export function useDocumentPreviewUrl(fileUrl: string | null) {
  return useQuery({
    queryKey: ['document-preview', fileUrl],
    queryFn: () => getDocumentPreviewUrl(fileUrl ?? ''),
    enabled: !!fileUrl,
    // A signed URL lives ten minutes; fetch a fresh one well before.
    staleTime: (PREVIEW_URL_SECONDS / 2) * 1000,
  });
}
