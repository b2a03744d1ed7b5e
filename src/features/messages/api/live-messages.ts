import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { mergeNewestPage } from '@/lib/keyset-cursor';
import { isTeamScope, type FeedScope } from '@/features/messages/api/feed-scope';
import { getMessagesPage, MESSAGES_PAGE_SIZE, type FeedData } from '@/features/messages/api/get-messages';
import { messageKeys } from '@/features/messages/api/query-keys';

/** The scope by value, so callbacks built on it stay the same across renders. */
function useStableScope(scope: FeedScope): FeedScope {
  const [kind, id] = isTeamScope(scope) ? (['team', scope.teamId] as const) : (['listing', scope.listingId] as const);
  return useMemo(() => (kind === 'team' ? { teamId: id } : { listingId: id }), [kind, id]);
}

/**
 * Re-reads only the newest page and folds it into the loaded pages (new
 * messages appended, deleted ones gone, older pages kept): what a change,
 * a reconnect, the 5 s refresh and a sent message do.
 */
export function useRefreshNewestMessages(scope: FeedScope) {
  const queryClient = useQueryClient();
  const stable = useStableScope(scope);
  return useCallback(async () => {
    const key = messageKeys.feed(stable);
    if (!queryClient.getQueryData<FeedData>(key)) {
      await queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    const newest = await getMessagesPage(stable);
    queryClient.setQueryData<FeedData>(key, (loaded) => (loaded ? mergeNewestPage(loaded, newest, MESSAGES_PAGE_SIZE) : loaded));
  }, [queryClient, stable]);
}

/**
 * What a live change (or a resubscription) does to a feed: re-reads the
 * newest page quietly and folds it in, so the rows are exactly what a fresh
 * read returns (inserts, updates, deletes), however many older pages are
 * loaded. The change itself carries no row (useLiveChanges).
 */
export function useApplyMessagesChange(scope: FeedScope) {
  const refreshNewest = useRefreshNewestMessages(scope);
  return useCallback(() => void refreshNewest().catch(() => undefined), [refreshNewest]);
}
