import { Hash, LogOut, Users } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { chat, type Viewer } from '@/lib/permissions';
import type { Channel } from '@/features/chat/api/get-channels';
import { useLeaveChannel } from '@/features/chat/api/leave-channel';
import { GENERAL, type ChannelKey } from '@/features/chat/api/query-keys';
import { InviteMemberDialog } from '@/features/chat/components/invite-member-dialog';
import { OnlineMembers } from '@/features/chat/components/online-members';
import { PinnedMessagesDialog } from '@/features/chat/components/pinned-messages-dialog';
import type { OnlinePerson } from '@/features/chat/hooks/use-channel-presence';

/**
 * Name and description of the open channel, who is online, the pinned list;
 * for a created channel also the member count badge, 'Invite TC' and Leave.
 */
export function ChannelHeader({
  channelKey,
  channel,
  viewer,
  online,
  canPin,
  onLeft,
}: {
  channelKey: ChannelKey;
  channel: Channel | undefined;
  viewer: Viewer;
  online: OnlinePerson[];
  canPin: boolean;
  onLeft: () => void;
}) {
  const leave = useLeaveChannel();
  const name = channelKey === GENERAL ? 'general' : (channel?.name ?? '');
  const description = channelKey === GENERAL ? 'All transaction coordinators' : channel?.description;
  return (
    <header className="flex flex-col gap-2 border-b px-3 py-3 xl:flex-row xl:items-center xl:justify-between">
      <div className="min-w-0 xl:flex-1">
        <h2 className="flex items-center gap-1.5 text-lg font-semibold">
          <Hash className="size-4 text-muted-foreground" aria-hidden />
          <span className="truncate">{name}</span>
          {channel && (
            <Badge variant="secondary" className="gap-1" aria-label={`${channel.memberCount} members`} data-testid="member-count">
              <Users className="size-3" aria-hidden />
              {channel.memberCount}
            </Badge>
          )}
        </h2>
        {description && <p className="truncate text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2 xl:shrink-0">
        <OnlineMembers people={online} />
        <PinnedMessagesDialog channel={channelKey} viewer={viewer} canPin={canPin} />
        {channel && (
          <>
            <InviteMemberDialog channel={channel} userId={viewer.id} canManage={chat.manageMembers(viewer, channel)} />
            {chat.leave(channel) && (
              <ConfirmAction
                title="Leave channel"
                question={`Leave #${channel.name}? You will no longer read or post in it.`}
                confirmLabel="Leave"
                onConfirm={() => leave.mutate({ channelId: channel.id, me: viewer.id }, { onSuccess: onLeft })}
                trigger={
                  <Button variant="ghost" size="sm">
                    <LogOut className="size-4" aria-hidden />
                    Leave
                  </Button>
                }
              />
            )}
          </>
        )}
      </div>
    </header>
  );
}
