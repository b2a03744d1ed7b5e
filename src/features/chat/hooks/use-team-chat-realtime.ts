import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

/**
 * Live team chat: every change of tc_team_messages the viewer may read (Realtime
 * applies RLS, so a non-member hears nothing of a channel) refreshes the feeds,
 * threads, pinned lists and unread counts; a membership change refreshes the
 * channel lists. No row filter: the general channel is `channel_id is null`,
 * which Realtime filters cannot express, and the unread counts follow every
 * channel at once. After every (re)join the chat refetches quietly (cached rows
 * stay on screen), so messages sent while the socket was down are not missed.
 */
export function useTeamChatRealtime({ enabled = true, onMessage }: { enabled?: boolean; onMessage?: (channelId: string | null) => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = useEffectEvent((queryKey: readonly string[]) => void queryClient.invalidateQueries({ queryKey }));
  const messageChanged = useEffectEvent((channelId: string | null | undefined) => {
    refresh(chatKeys.messages);
    refresh(chatKeys.unread);
    if (channelId !== undefined) onMessage?.(channelId);
  });

  useEffect(() => {
    if (!enabled) return;
    const channel = supabase
      .channel(`tc-team-chat:${crypto.randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'tc_team_messages' }, (payload) =>
        messageChanged(payload.eventType === 'INSERT' ? (payload.new as { channel_id: string | null }).channel_id : undefined),
      )
      .on('postgres_changes', { event: '*', schema: 'public', table: 'tc_channel_members' }, () => refresh(chatKeys.all))
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') refresh(chatKeys.all);
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [enabled]);
}
