import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import { useAiStatus } from '@/features/ai/api/get-ai-status';
import { AiNotConfigured } from '@/features/ai/components/ai-not-configured';
import { ChatPanel } from '@/features/ai/components/chat-panel';
import { ListingDescriptionsPanel } from '@/features/ai/components/listing-descriptions-panel';
import { AgentComingSoon } from '@/app/routes/ai-assistant/agent-coming-soon';

/**
 * The AI Chat tab: the chat when a model provider is configured, else plainly
 * that it is not, above the earlier conversation (still the user's to read and clear).
 */
function AiChatTab({ userId }: { userId: string }) {
  const status = useAiStatus();
  if (status.isPending) return <Skeleton className="h-64 w-full" />;
  // An unknown state (status call failed) still offers the chat: a failed answer then says so.
  if (status.data?.configured === false) {
    return (
      <div className="flex flex-col gap-4">
        <AiNotConfigured what="The AI assistant" stillWorks="Everything else in ListingDesk works as usual; only the AI answers are unavailable." />
        <ChatPanel userId={userId} readOnly />
      </div>
    );
  }
  return <ChatPanel userId={userId} />;
}

/**
 * /ai-assistant (spec part 2 §2): coordinators and the super administrator
 * get the tabs AI Chat and Listing Descriptions; agents the coming-soon notice.
 */
export function AiAssistantRoute() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (!user || !can.accessAiAssistant(user)) return <AgentComingSoon />;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">AI Assistant</h1>
        <p className="text-muted-foreground text-sm">Ask about your listings and work, or draft listing descriptions.</p>
      </header>
      <Tabs defaultValue="chat">
        <TabsList>
          <TabsTrigger value="chat">AI Chat</TabsTrigger>
          <TabsTrigger value="descriptions">Listing Descriptions</TabsTrigger>
        </TabsList>
        <TabsContent value="chat">
          <AiChatTab userId={user.id} />
        </TabsContent>
        <TabsContent value="descriptions">
          <ListingDescriptionsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
