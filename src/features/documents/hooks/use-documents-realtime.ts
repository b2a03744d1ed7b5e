import { useTableRealtime } from '@/hooks/use-table-realtime';
import { isTeamScope, scopeQueryKey, type DocumentScope } from '@/features/documents/lib/document-scope';

/** Live inserts, updates and deletes of a listing's (or a team's) documents refetch that scope's document queries. */
export function useDocumentsRealtime(scope: DocumentScope, options: { enabled?: boolean; onChange?: () => void } = {}) {
  const [column, value] = isTeamScope(scope) ? ['team_tc_id', scope.teamId] : ['listing_id', scope.listingId];
  useTableRealtime({ table: 'documents', column, value, queryKey: scopeQueryKey(scope), ...options });
}
