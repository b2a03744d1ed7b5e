import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { GENERAL, chatKeys, type ChannelKey } from '@/features/chat/api/query-keys';

/** Unread messages per channel key, from one call of public.channel_unread_counts(). */
export async function getUnreadCounts(): Promise<Partial<Record<ChannelKey, number>>> {
  const rows = throwIfError(await supabase.rpc('channel_unread_counts'));
  // The function answers channel_id null for the general channel.
  return Object.fromEntries(rows.map((r) => [(r.channel_id as string | null) ?? GENERAL, Number(r.unread)]));
}

export function unreadCountsQueryOptions() {
  return queryOptions({ queryKey: chatKeys.unread, queryFn: getUnreadCounts });
}

export function useUnreadCounts() {
  return useQuery(unreadCountsQueryOptions());
}
