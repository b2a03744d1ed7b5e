import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { complianceKeys } from '@/features/compliance/api/query-keys';

/** How many returned documents the agent dashboard lists. */
export const RETURNED_DOCUMENTS_SHOWN = 10;

/** The agent's returned documents (latest versions) with the coordinator's reason, newest first. */
export async function getReturnedDocuments(agentId: string) {
  const rows = throwIfError(
    await supabase
      .from('compliance_queue')
      .select('document_id, listing_id, address, type_label, file_name, review_reason, submitted_at')
      .eq('agent_id', z.uuid().parse(agentId))
      .eq('review_state', 'returned')
      .order('submitted_at', { ascending: false })
      .limit(RETURNED_DOCUMENTS_SHOWN),
  );
  return rows.flatMap((row) => (row.document_id && row.listing_id ? [{ ...row, id: row.document_id, listing_id: row.listing_id }] : []));
}
export type ReturnedDocument = Awaited<ReturnType<typeof getReturnedDocuments>>[number];

export function returnedDocumentsQueryOptions(agentId: string) {
  return queryOptions({ queryKey: complianceKeys.returnedForAgent(agentId), queryFn: () => getReturnedDocuments(agentId) });
}

export function useReturnedDocuments(agentId: string) {
  return useQuery(returnedDocumentsQueryOptions(agentId));
}
