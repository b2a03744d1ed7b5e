import { useQueryClient } from '@tanstack/react-query';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { RequireSignedIn } from '@/components/require-signed-in';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useLoadedComponent } from '@/hooks/use-loaded-component';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { agentKeys } from '@/features/agents/api/query-keys';
import { AgentsOverview } from '@/app/routes/tc-dashboard/agents-overview';
import { useDashboardSelection } from '@/app/routes/tc-dashboard/use-dashboard-selection';

// The grid is what `/` shows a coordinator first; the agent's workspace (tabs, dialogs, forms) loads when an agent is
// opened, and shows as soon as it is in (useLoadedComponent: not React.lazy, whose reveal waits 300 ms).
const loadAgentWorkspace = () => import('@/app/routes/tc-dashboard/agent-workspace').then((m) => m.AgentWorkspace);

function TcDashboard({ user }: { user: CurrentUser }) {
  const selection = useDashboardSelection();
  // Agents assigned or released anywhere refresh the grid and its counts.
  const queryClient = useQueryClient();
  useLiveChanges({}, { agent_assignments: () => void queryClient.invalidateQueries({ queryKey: agentKeys.all }) });
  const AgentWorkspace = useLoadedComponent(selection.agentId ? 'agent-workspace' : undefined, loadAgentWorkspace);

  return (
    <div className="mx-auto w-full max-w-7xl p-4 sm:p-6">
      {!selection.agentId ? (
        <AgentsOverview user={user} onSelect={selection.selectAgent} />
      ) : AgentWorkspace ? (
        // The workspace's component, loaded once and kept by the query cache: the same one on every render.
        // eslint-disable-next-line react-hooks/static-components
        <AgentWorkspace
          key={selection.agentId}
          agentId={selection.agentId}
          user={user}
          listingId={selection.listingId}
          tab={selection.tab}
          onBack={() => selection.selectAgent(null)}
          onSelectListing={selection.selectListing}
          onSelectTab={selection.selectTab}
        />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}

/** /tc-dashboard and `/` for a coordinator (spec part 2 §2): tc and super admin only. */
export function TcDashboardRoute() {
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      <RequireSignedIn>{(user) => <TcDashboard user={user} />}</RequireSignedIn>
    </RequireRole>
  );
}
