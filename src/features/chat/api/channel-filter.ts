import { channelIdOf, type ChannelKey } from '@/features/chat/api/query-keys';

interface ChannelFilterable<T> {
  is(column: 'channel_id', value: null): T;
  eq(column: 'channel_id', value: string): T;
}

/** Names the channel explicitly: `channel_id is null` for general, else `channel_id = id`. */
export function inChannel<T>(query: ChannelFilterable<T>, key: ChannelKey): T {
  const id = channelIdOf(key);
  return id === null ? query.is('channel_id', null) : query.eq('channel_id', id);
}
