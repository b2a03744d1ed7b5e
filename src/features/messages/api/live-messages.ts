import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TableChange } from '@/hooks/use-table-realtime';
import { compareKeyset, mergeNewestPage } from '@/lib/keyset-cursor';
import { isTeamScope, type FeedScope } from '@/features/messages/api/feed-scope';
import { getMessagesPage, MESSAGES_PAGE_SIZE, type FeedData, type Message } from '@/features/messages/api/get-messages';
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
 * Adds a Realtime insert to the newest page when its sender is already on
 * screen (the payload carries sender_id, not the embedded sender); otherwise
 * the feed is returned as it was and the newest page's re-read brings it.
 */
export function appendLiveMessage(loaded: FeedData, inserted: Record<string, unknown>): FeedData {
  const rows = loaded.pages.flat();
  const id = inserted.id as string | undefined;
  const senderId = (inserted.sender_id as string | null | undefined) ?? null;
  const known = rows.find((row) => row.sender_id === senderId);
  if (!id || !senderId || !known || rows.some((row) => row.id === id)) return loaded;
  const message: Message = {
    id,
    listing_id: (inserted.listing_id as string | null) ?? null,
    team_tc_id: (inserted.team_tc_id as string | null) ?? null,
    sender_id: senderId,
    content: String(inserted.content ?? ''),
    is_voice: inserted.is_voice === true,
    voice_url: (inserted.voice_url as string | null) ?? null,
    duration: (inserted.duration as number | null) ?? null,
    created_at: String(inserted.created_at),
    sender: known.sender,
  };
  const [first = [], ...older] = loaded.pages;
  return { ...loaded, pages: [[message, ...first].sort((a, b) => compareKeyset(b, a)), ...older] };
}

/**
 * What a live change does to a feed: an insert shows at once (appended from
 * the payload), then the newest page is re-read quietly so the rows are
 * exactly what a fresh read returns (updates, deletes, unknown senders too).
 */
export function useApplyMessagesChange(scope: FeedScope) {
  const queryClient = useQueryClient();
  const stable = useStableScope(scope);
  const refreshNewest = useRefreshNewestMessages(stable);
  return useCallback(
    (change?: TableChange) => {
      if (change?.eventType === 'INSERT') {
        queryClient.setQueryData<FeedData>(messageKeys.feed(stable), (loaded) => (loaded ? appendLiveMessage(loaded, change.new) : loaded));
      }
      void refreshNewest().catch(() => undefined);
    },
    [queryClient, stable, refreshNewest],
  );
}
