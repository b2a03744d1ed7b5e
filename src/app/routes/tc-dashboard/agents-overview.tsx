import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { can } from '@/lib/permissions';
import { AGENT_OVERVIEW_PAGE, useAgentOverview } from '@/features/agents/api/get-agent-overview';
import { agentKeys } from '@/features/agents/api/query-keys';
import { AgentOverviewGrid } from '@/features/agents/components/agent-overview-grid';

/**
 * No agent selected (spec part 2 §2): the coordinator's agents with their
 * counts from one request, a page at a time (a super admin sees every agent). Counts stay live: a change to a
 * listing or task the viewer may read (their agents', through their own topic) refetches the grid
 * (assignments through the same topic, followed by the dashboard).
 */
export function AgentsOverview({ user, onSelect }: { user: CurrentUser; onSelect: (agentId: string) => void }) {
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(AGENT_OVERVIEW_PAGE);
  const overview = useAgentOverview(can.seeAllAgents(user) ? 'all' : user.id, limit);
  const refreshCounts = () => void queryClient.invalidateQueries({ queryKey: agentKeys.all });
  useLiveChanges({}, { listings: refreshCounts, tasks: refreshCounts });

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">TC Dashboard</h1>
        <p className="text-muted-foreground">Select an agent to manage their listings and tasks</p>
      </header>
      <AgentOverviewGrid agents={overview.data?.agents} isPending={overview.isPending} error={overview.error} onSelect={onSelect} />
      {overview.data?.hasMore && (
        <Button variant="outline" className="self-center" disabled={overview.isFetching} onClick={() => setLimit((n) => n + AGENT_OVERVIEW_PAGE)}>
          Show more agents
        </Button>
      )}
    </div>
  );
}
