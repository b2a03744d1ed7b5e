import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/query-keys';

/** The document types (migration data, the same for everyone), in their list order. */
export async function getDocumentTypes() {
  return throwIfError(await supabase.from('document_types').select('key, label, position, file_name_hints').order('position').order('label'));
}
export type DocumentType = Awaited<ReturnType<typeof getDocumentTypes>>[number];

export function documentTypesQueryOptions() {
  return queryOptions({ queryKey: documentKeys.types, queryFn: getDocumentTypes, staleTime: Infinity });
}

export function useDocumentTypes() {
  return useQuery(documentTypesQueryOptions());
}
