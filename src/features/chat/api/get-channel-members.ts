import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { chatKeys } from '@/features/chat/api/query-keys';

export const CHANNEL_ROLES = ['member', 'admin'] as const;
export type ChannelRole = (typeof CHANNEL_ROLES)[number];

/** A channel's members with their role and name, admins first. */
export async function getChannelMembers(channelId: string) {
  return throwIfError(
    await supabase
      .from('tc_channel_members')
      .select('id, tc_id, role, joined_at, tc:users!tc_channel_members_tc_id_fkey(first_name, last_name, profile_image_url)')
      .eq('channel_id', channelId)
      .order('role')
      .order('joined_at'),
  );
}

export type ChannelMember = Awaited<ReturnType<typeof getChannelMembers>>[number];

export function channelMembersQueryOptions(channelId: string) {
  return queryOptions({ queryKey: chatKeys.members(channelId), queryFn: () => getChannelMembers(channelId) });
}

export function useChannelMembers(channelId: string) {
  return useQuery(channelMembersQueryOptions(channelId));
}
