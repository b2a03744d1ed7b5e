import { useTableRealtime } from '@/hooks/use-table-realtime';
import { isTeamScope, type FeedScope } from '@/features/messages/api/feed-scope';
import { useApplyMessagesChange } from '@/features/messages/api/live-messages';
import { messageKeys } from '@/features/messages/api/query-keys';

/**
 * Live messages of one feed (a listing's thread or a team's feed): an insert
 * is appended at once; each change and (re)subscription re-reads only the
 * newest page and folds it in, however many older pages are loaded.
 */
export function useMessagesRealtime(scope: FeedScope, options: { enabled?: boolean; onChange?: () => void } = {}) {
  const applyChange = useApplyMessagesChange(scope);
  const [column, value] = isTeamScope(scope) ? ['team_tc_id', scope.teamId] : ['listing_id', scope.listingId];
  useTableRealtime({ table: 'messages', column, value, queryKey: messageKeys.feed(scope), refresh: applyChange, ...options });
}
