import { lazy, Suspense } from 'react';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { RequireSignedIn } from '@/components/require-signed-in';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useAgentAssignmentsRealtime } from '@/features/agents/hooks/use-agent-assignments-realtime';
import { AgentsOverview } from '@/app/routes/tc-dashboard/agents-overview';
import { useDashboardSelection } from '@/app/routes/tc-dashboard/use-dashboard-selection';

// The grid is what `/` shows a coordinator first; the agent's workspace (tabs, dialogs, forms) loads when an agent is opened.
const AgentWorkspace = lazy(() => import('@/app/routes/tc-dashboard/agent-workspace').then((m) => ({ default: m.AgentWorkspace })));

function TcDashboard({ user }: { user: CurrentUser }) {
  const selection = useDashboardSelection();
  // Agents assigned or released anywhere refresh the grid and its counts.
  useAgentAssignmentsRealtime();

  return (
    <div className="mx-auto w-full max-w-7xl p-4 sm:p-6">
      {selection.agentId ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
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
        </Suspense>
      ) : (
        <AgentsOverview user={user} onSelect={selection.selectAgent} />
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
