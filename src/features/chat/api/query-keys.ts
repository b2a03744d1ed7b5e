/**
 * Query keys of the coordinator team chat. A channel is addressed by its id,
 * or 'general' for the fixed general channel (channel_id null in the database).
 */
export type ChannelKey = 'general' | (string & {});

export const GENERAL: ChannelKey = 'general';

/** channel_id of a channel key: null for general. */
export const channelIdOf = (key: ChannelKey): string | null => (key === GENERAL ? null : key);

export const chatKeys = {
  all: ['chat'] as const,
  channels: (me: string) => ['chat', 'channels', me] as const,
  members: (channelId: string) => ['chat', 'members', channelId] as const,
  coordinators: ['chat', 'coordinators'] as const,
  unread: ['chat', 'unread'] as const,
  /** Feed, pinned list and threads of every channel: what a change of tc_team_messages may touch. */
  messages: ['chat', 'messages'] as const,
  feed: (key: ChannelKey) => ['chat', 'messages', key, 'feed'] as const,
  pinned: (key: ChannelKey) => ['chat', 'messages', key, 'pinned'] as const,
  thread: (parentId: string) => ['chat', 'messages', 'thread', parentId] as const,
};
