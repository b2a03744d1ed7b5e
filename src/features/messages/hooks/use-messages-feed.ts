import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { FeedScope } from '@/features/messages/api/feed-scope';
import { MESSAGES_REFRESH_MS, messagesFeedQueryOptions } from '@/features/messages/api/get-messages';
import { useRefreshNewestMessages } from '@/features/messages/api/live-messages';

/**
 * A feed oldest first (newest at the bottom), paged backwards as the reader
 * asks for older messages; every 5 s only the newest page is re-read.
 */
export function useMessagesFeed(scope: FeedScope) {
  const feed = useInfiniteQuery(messagesFeedQueryOptions(scope));
  const refreshNewest = useRefreshNewestMessages(scope);
  const loaded = feed.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    const timer = setInterval(() => void refreshNewest().catch(() => undefined), MESSAGES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [loaded, refreshNewest]);
  const messages = useMemo(() => (feed.data?.pages ?? []).flat().reverse(), [feed.data]);
  return { ...feed, messages };
}
