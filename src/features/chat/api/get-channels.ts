import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

/**
 * The created channels `me` belongs to (alphabetical), each with its member
 * count and `me`'s role in it, in one request.
 */
export async function getChannels(me: string) {
  const rows = throwIfError(
    await supabase
      .from('tc_channels')
      .select('id, name, description, is_private, created_by_id, member_count:tc_channel_members(count), mine:tc_channel_members!inner(role, tc_id)')
      .eq('mine.tc_id', me)
      .order('name'),
  );
  return rows.map(({ member_count, mine, ...channel }) => ({ ...channel, memberCount: member_count[0]?.count ?? 0, myRole: mine[0]?.role ?? null }));
}

export type Channel = Awaited<ReturnType<typeof getChannels>>[number];

export function channelsQueryOptions(me: string) {
  return queryOptions({ queryKey: chatKeys.channels(me), queryFn: () => getChannels(me) });
}

export function useChannels(me: string) {
  return useQuery(channelsQueryOptions(me));
}
