import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmailAddress } from '@/components/email-address';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { personName, UserAvatar } from '@/components/user-avatar';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useLiveChanges } from '@/hooks/use-live-changes';
import type { Tables } from '@/lib/database.types';
import { can } from '@/lib/permissions';
import { ActivityList } from '@/features/activity/components/activity-list';
import { useAgentCard } from '@/features/agents/api/get-agent-overview';
import { AGENT_LISTINGS_PAGE, useAgentListings } from '@/features/listings/api/get-agent-listings';
import { listingKeys } from '@/features/listings/api/query-keys';
import { SendResponseDialog } from '@/features/responses/components/send-response-dialog';
import { AddTaskDialog } from '@/features/tasks/components/add-task-dialog';
import { taskKeys } from '@/features/tasks/api/query-keys';
import { AgentListings } from '@/app/routes/tc-dashboard/agent-listings';
import { AgentTasks } from '@/app/routes/tc-dashboard/agent-tasks';
import type { DashboardTab } from '@/app/routes/tc-dashboard/use-dashboard-selection';

/** Create Task and Send Response act on the selected listing; without one they are disabled and say why. */
function ListingActions({ listing, user }: { listing: Tables<'listings'> | undefined; user: CurrentUser }) {
  if (!listing) {
    return (
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          {can.createTask(user) && (
            <Button disabled aria-describedby="select-listing-hint">
              <Plus />
              Create Task
            </Button>
          )}
          {can.sendResponse(user) && (
            <Button variant="outline" disabled aria-describedby="select-listing-hint">
              <Send />
              Send Response
            </Button>
          )}
        </div>
        <p id="select-listing-hint" className="text-muted-foreground text-sm">
          Select a listing first to create tasks
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {can.createTask(user) && <AddTaskDialog listing={listing} userId={user.id} planning />}
        {can.sendResponse(user) && <SendResponseDialog listing={listing} userId={user.id} />}
      </div>
      <p className="text-muted-foreground text-sm break-words" data-testid="selected-listing">
        Selected listing: <span className="text-foreground font-medium">{listing.address}</span>
      </p>
    </div>
  );
}

/**
 * One agent's dashboard (spec part 2 §2, agent selected): Back to Agents, the
 * agent, Create Task / Send Response for the selected listing, and the
 * Listings, Tasks and Activity tabs, all live.
 */
export function AgentWorkspace({
  agentId,
  user,
  listingId,
  tab,
  onBack,
  onSelectListing,
  onSelectTab,
}: {
  agentId: string;
  user: CurrentUser;
  listingId: string | null;
  tab: DashboardTab;
  onBack: () => void;
  onSelectListing: (listingId: string | null) => void;
  onSelectTab: (tab: string) => void;
}) {
  const agent = useAgentCard(agentId).data ?? undefined;
  const [limit, setLimit] = useState(AGENT_LISTINGS_PAGE);
  const listings = useAgentListings(agentId, limit);
  const queryClient = useQueryClient();
  // The coordinator hears every listing and task of their agents: this agent's lists refetch on each.
  useLiveChanges(
    {},
    {
      listings: () => void queryClient.invalidateQueries({ queryKey: listingKeys.byAgent(agentId) }),
      tasks: () => void queryClient.invalidateQueries({ queryKey: taskKeys.byAgent(agentId) }),
    },
  );
  const selectedListing = listings.data?.listings.find((l) => l.id === listingId);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Button variant="ghost" className="w-fit" onClick={onBack}>
          <ArrowLeft />
          Back to Agents
        </Button>
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar person={agent} className="size-12" />
          <div className="flex min-w-0 flex-col">
            <h1 className="text-2xl font-semibold tracking-tight break-words">{agent ? personName(agent) : 'Agent'}</h1>
            {agent && <EmailAddress email={agent.email} className="text-muted-foreground text-sm" />}
            {agent && (
              <Link to={paths.agent.getHref(agentId)} className="w-fit text-sm font-medium underline-offset-4 hover:underline">
                View profile
              </Link>
            )}
          </div>
        </div>
        <ListingActions listing={selectedListing} user={user} />
      </div>
      <Tabs value={tab} onValueChange={onSelectTab}>
        <TabsList>
          <TabsTrigger value="listings">Listings</TabsTrigger>
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>
        <TabsContent value="listings" className="flex flex-col gap-4 pt-2">
          <p className="text-muted-foreground text-sm">Select a listing below to create tasks and requirements for that property</p>
          <AgentListings
            listings={listings.data?.listings}
            isPending={listings.isPending}
            error={listings.error}
            user={user}
            selectedId={listingId}
            onSelect={onSelectListing}
          />
          {listings.data?.hasMore && (
            <Button variant="outline" className="self-center" disabled={listings.isFetching} onClick={() => setLimit((n) => n + AGENT_LISTINGS_PAGE)}>
              Show more
            </Button>
          )}
        </TabsContent>
        <TabsContent value="tasks" className="pt-2">
          <AgentTasks agentId={agentId} />
        </TabsContent>
        <TabsContent value="activity" className="pt-2">
          <ActivityList userId={agentId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
