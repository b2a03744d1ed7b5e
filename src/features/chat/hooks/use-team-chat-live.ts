import { useQueryClient } from '@tanstack/react-query';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { chatKeys } from '@/features/chat/api/query-keys';

/**
 * Live team chat through the signed-in person's own topic (useLiveChanges):
 * the database tells them every change of a chat message they may read (the
 * general channel's as a coordinator, a channel's as its member), which
 * refreshes the feeds, threads, pinned lists and unread counts, and every
 * change of the membership of their channels (their own removal included),
 * which refreshes the channel lists. `onMessage` runs when messages arrive.
 * After every (re)join the chat refetches quietly (cached rows stay on
 * screen), so messages sent while the socket was down are not missed.
 * Presence stays on its own topic (useChannelPresence).
 */
export function useTeamChatLive({ enabled = true, onMessage }: { enabled?: boolean; onMessage?: () => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = (queryKey: readonly string[]) => void queryClient.invalidateQueries({ queryKey });
  useLiveChanges(
    { listingId: null },
    {
      tc_team_messages: (changes) => {
        refresh(chatKeys.messages);
        refresh(chatKeys.unread);
        if (changes.some((change) => change.op === 'INSERT')) onMessage?.();
      },
      tc_channel_members: () => refresh(chatKeys.all),
    },
    { enabled },
  );
}
