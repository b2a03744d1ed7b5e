import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/lib/supabase';
import { documentsQueryKey } from '@/features/listing-detail/api/get-documents';
import { listingQueryKey } from '@/features/listing-detail/api/get-listing';
import { messagesQueryKey } from '@/features/listing-detail/api/get-messages';
import { notesQueryKey } from '@/features/listing-detail/api/get-notes';
import { smartRemindersQueryKey } from '@/features/listing-detail/api/get-smart-reminders';
import { tasksQueryKey } from '@/features/listing-detail/api/get-tasks';

/** Tables of the listing whose changes the screen follows, and the query each one refreshes. */
const WATCHED = [
  { table: 'messages', key: messagesQueryKey },
  { table: 'tasks', key: tasksQueryKey },
  { table: 'notes', key: notesQueryKey },
  { table: 'documents', key: documentsQueryKey },
] as const;

/**
 * Live updates for one listing through Realtime postgres_changes (filtered by
 * listing_id; Realtime applies the subscriber's RLS). A change refetches the
 * affected list rather than patching it, so embedded authors and ordering
 * stay exactly what a fresh read returns.
 */
export function useListingRealtime(listingId: string, enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // A unique topic per mount: React's strict-mode double mount must not reuse a channel being torn down.
    const channel = supabase.channel(`listing:${listingId}:${crypto.randomUUID()}`);
    for (const { table, key } of WATCHED) {
      const refresh = () => {
        void queryClient.invalidateQueries({ queryKey: key(listingId) });
        if (table === 'tasks' || table === 'documents') void queryClient.invalidateQueries({ queryKey: smartRemindersQueryKey(listingId) });
      };
      channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table, filter: `listing_id=eq.${listingId}` }, refresh);
      channel.on('postgres_changes', { event: 'UPDATE', schema: 'public', table, filter: `listing_id=eq.${listingId}` }, refresh);
      // A DELETE carries only the primary key (no listing_id to filter on), so it comes for every row of
      // the table; refetch only when the deleted row is one this screen shows.
      channel.on('postgres_changes', { event: 'DELETE', schema: 'public', table }, (payload) => {
        const deletedId = (payload.old as { id?: string }).id;
        const shown = queryClient.getQueryData<Array<{ id: string }>>(key(listingId));
        if (deletedId && shown?.some((row) => row.id === deletedId)) refresh();
      });
    }
    channel.on('postgres_changes', { event: '*', schema: 'public', table: 'listings', filter: `id=eq.${listingId}` }, () => {
      void queryClient.invalidateQueries({ queryKey: listingQueryKey(listingId), exact: true });
    });
    channel.subscribe((status) => {
      // Changes made between the first fetch and the (re)subscription were not delivered: catch up once joined.
      if (status === 'SUBSCRIBED') {
        for (const { key } of WATCHED) void queryClient.invalidateQueries({ queryKey: key(listingId) });
        void queryClient.invalidateQueries({ queryKey: listingQueryKey(listingId), exact: true });
      }
    });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [listingId, enabled, queryClient]);
}
