import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { DOCUMENT_COLUMNS } from '@/features/documents/api/get-documents';
import { documentKeys } from '@/features/documents/api/query-keys';

/** Rows per page of the team library; 'Show more' asks for the next page. */
export const TEAM_DOCUMENT_PAGE_SIZE = 20;

/**
 * A team's general documents, newest first, and their total, in one request
 * (RLS shows a team's library only to that team and super admins).
 */
export async function getTeamDocuments(teamId: string, limit: number) {
  const result = await supabase
    .from('documents')
    .select(DOCUMENT_COLUMNS, { count: 'exact' })
    .eq('is_general', true)
    .eq('team_tc_id', teamId)
    .order('created_at', { ascending: false })
    .order('id')
    .range(0, Math.max(limit, 1) - 1);
  return { documents: throwIfError(result), total: result.count ?? 0 };
}

export function teamDocumentsQueryOptions(teamId: string, limit: number) {
  return queryOptions({
    queryKey: [...documentKeys.byTeam(teamId), { limit }] as const,
    queryFn: () => getTeamDocuments(teamId, limit),
    placeholderData: keepPreviousData,
  });
}

export function useTeamDocuments(teamId: string, limit: number) {
  return useQuery(teamDocumentsQueryOptions(teamId, limit));
}
