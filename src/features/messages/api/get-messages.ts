import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { messageKeys } from '@/features/messages/api/query-keys';

/** Spec part 1 §9: the thread refetches every 5 s; Realtime normally delivers sooner. */
export const MESSAGES_REFRESH_MS = 5000;

const MESSAGE_COLUMNS =
  'id, listing_id, sender_id, content, is_voice, voice_url, duration, created_at, sender:users!messages_sender_id_fkey(first_name, last_name, profile_image_url)';

/** The listing's thread, oldest first (the box scrolls to the newest at the bottom). */
export async function getMessages(listingId: string) {
  return throwIfError(await supabase.from('messages').select(MESSAGE_COLUMNS).eq('listing_id', listingId).order('created_at', { ascending: true }));
}

export type Message = Awaited<ReturnType<typeof getMessages>>[number];

export function messagesQueryOptions(listingId: string) {
  return queryOptions({ queryKey: messageKeys.byListing(listingId), queryFn: () => getMessages(listingId), refetchInterval: MESSAGES_REFRESH_MS });
}

export function useMessages(listingId: string) {
  return useQuery(messagesQueryOptions(listingId));
}
