import { Search } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { can } from '@/lib/permissions';
import { AssignedAgentsCard, AvailableAgentsCard } from '@/features/agents/components/agent-assignment-lists';
import { CoordinatorSelect } from '@/features/agents/components/coordinator-select';
import { agentKeys } from '@/features/agents/api/query-keys';

/**
 * /agent-assignments (spec part 2 §2): search, the coordinator's agents with
 * Unassign, unassigned agents with Assign. Both lists follow every
 * coordinator's changes live (agent_assignments on the user's own topic).
 * A super admin first chooses whose team to manage.
 */
export function AgentAssignmentsRoute() {
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      <AgentAssignmentsScreen />
    </RequireRole>
  );
}

function AgentAssignmentsScreen() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  useLiveChanges({}, { agent_assignments: () => void queryClient.invalidateQueries({ queryKey: agentKeys.all }) });
  if (!user) return null;
  return <AgentAssignments user={user} />;
}

function AgentAssignments({ user }: { user: CurrentUser }) {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const choosesCoordinator = can.assignToOtherCoordinator(user);
  const [chosenTcId, setChosenTcId] = useState<string>();
  const tcId = choosesCoordinator ? chosenTcId : user.id;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Agent Assignments</h1>
        <p className="text-muted-foreground text-sm">
          {choosesCoordinator ? 'Assign unassigned agents to a coordinator, or release them.' : 'Assign unassigned agents to yourself, or release your own.'}
        </p>
      </header>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-2 sm:max-w-md">
          <Label htmlFor="agent-search">Search agents</Label>
          <div className="relative">
            <Search aria-hidden className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" />
            <Input id="agent-search" type="search" className="pl-9" placeholder="Search by name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
        </div>
        {choosesCoordinator && <CoordinatorSelect value={chosenTcId} onChange={setChosenTcId} />}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <AssignedAgentsCard search={debouncedSearch} tcId={tcId} title={choosesCoordinator ? 'Assigned Agents' : 'My Assigned Agents'} />
        <AvailableAgentsCard search={debouncedSearch} tcId={tcId} assignToOther={choosesCoordinator} />
      </div>
    </div>
  );
}
