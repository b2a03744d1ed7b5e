import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** Document type labels by key (migration data), for checklist items and template editors. */
export async function getDocumentTypeLabels() {
  const rows = throwIfError(await supabase.from('document_types').select('key, label').order('position').order('label'));
  return rows;
}

export function documentTypeLabelsQueryOptions() {
  return queryOptions({ queryKey: ['document-types', 'labels'] as const, queryFn: getDocumentTypeLabels, staleTime: Infinity });
}

export function useDocumentTypeLabels() {
  return useQuery(documentTypeLabelsQueryOptions());
}
