import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { chat } from '@/lib/permissions';
import { useChannels } from '@/features/chat/api/get-channels';
import { useMessages } from '@/features/chat/api/get-messages';
import { useUnreadCounts } from '@/features/chat/api/get-unread-counts';
import { useMarkChannelRead } from '@/features/chat/api/mark-channel-read';
import { GENERAL, type ChannelKey } from '@/features/chat/api/query-keys';
import { ChannelList } from '@/features/chat/components/channel-list';
import { CreateChannelDialog } from '@/features/chat/components/create-channel-dialog';
import { MessageComposer } from '@/features/chat/components/message-composer';
import { MessageFeed } from '@/features/chat/components/message-feed';
import { ThreadSheet } from '@/features/chat/components/thread-sheet';
import { useChannelPresence } from '@/features/chat/hooks/use-channel-presence';
import { useTeamChatLive } from '@/features/chat/hooks/use-team-chat-live';
import { ChannelHeader } from '@/app/routes/tc-team-chat/channel-header';

/**
 * /tc-team-chat (spec part 2 §2 'TC Team Chat', issue 12): channels with
 * unread counts, the open channel's feed (live, paged), threads, pins and who
 * is online. The open channel is `?channel=<id|general>`, so a mention's
 * notification links straight to it.
 */
export function TcTeamChatRoute() {
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      <TcTeamChatScreen />
    </RequireRole>
  );
}

function TcTeamChatScreen() {
  const { data: user } = useCurrentUser();
  if (!user || !chat.use(user)) return null;
  return <TeamChat user={user} />;
}

function useSelectedChannel(): [ChannelKey, (key: ChannelKey) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.get('channel') || GENERAL;
  return [key, (next) => setParams(next === GENERAL ? {} : { channel: next })];
}

/**
 * Marks the open channel read when it opens and whenever messages arrive while it is open and visible. A live
 * change names the message, not its channel, so any arrival marks it: the open channel is read in any case.
 */
function useReadWhileOpen(channel: ChannelKey) {
  const { mutate } = useMarkChannelRead();
  useEffect(() => mutate({ channel }), [channel, mutate]);
  return () => {
    if (document.visibilityState === 'visible') mutate({ channel });
  };
}

function TeamChat({ user }: { user: CurrentUser }) {
  const [selected, select] = useSelectedChannel();
  const [threadId, setThreadId] = useState<string | null>(null);
  const channels = useChannels(user.id);
  const unread = useUnreadCounts();
  const onMessage = useReadWhileOpen(selected);
  useTeamChatLive({ onMessage });
  const online = useChannelPresence(selected, { id: user.id, first_name: user.firstName, last_name: user.lastName, profile_image_url: user.profileImageUrl });
  const feed = useMessages(selected);

  const channel = channels.data?.find((c) => c.id === selected);
  const unknown = selected !== GENERAL && channels.isSuccess && !channel;
  const canPin = chat.pin(user, selected === GENERAL ? null : (channel ?? { created_by_id: null, myRole: null }));

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">TC Team Chat</h1>
      <div className="grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
        <Card className="max-h-56 overflow-y-auto p-2 md:max-h-none">
          <ChannelList
            channels={channels.data ?? []}
            selected={selected}
            unread={unread.data ?? {}}
            onSelect={(key) => {
              setThreadId(null);
              select(key);
            }}
            action={<CreateChannelDialog userId={user.id} onCreated={select} />}
          />
        </Card>
        <Card className="flex h-[calc(100dvh-12rem)] min-h-[26rem] flex-col gap-0 overflow-hidden p-0">
          {channels.isPending && selected !== GENERAL ? (
            <Skeleton className="m-4 h-24" />
          ) : unknown ? (
            <p className="p-6 text-sm text-muted-foreground" role="status">
              Channel not found, or you are not a member of it.
            </p>
          ) : (
            <>
              <ChannelHeader channelKey={selected} channel={channel} viewer={user} online={online} canPin={canPin} onLeft={() => select(GENERAL)} />
              <MessageFeed key={selected} channel={selected} viewer={user} canPin={canPin} onOpenThread={setThreadId} />
              <div className="border-t p-3">
                <MessageComposer channel={selected} senderId={user.id} label="Type a message" />
              </div>
              <ThreadSheet channel={selected} parent={feed.data?.find((m) => m.id === threadId)} viewer={user} canPin={canPin} onClose={() => setThreadId(null)} />
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
