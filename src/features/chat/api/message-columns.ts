/** The columns a chat message is shown with: its sender (name, avatar) and, for a top-level message, its reply count. */
export const MESSAGE_COLUMNS =
  'id, channel_id, sender_id, content, is_pinned, is_thread_reply, parent_message_id, created_at, edited_at, sender:users!tc_team_messages_sender_id_fkey(first_name, last_name, profile_image_url), replies:tc_team_messages!parent_message_id(count)';

/**
 * The reply count of a message as PostgREST embeds it (`[{ count }]`). The
 * generated types cannot tell the self-reference's direction and type it as
 * one row, so both shapes are read.
 */
export function replyCount(replies: { count: number } | { count: number }[] | null): number {
  return (Array.isArray(replies) ? replies[0]?.count : replies?.count) ?? 0;
}
