import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { useSearchParamSetter } from '@/hooks/use-search-param-setter';
import { isSuperAdmin } from '@/lib/permissions';
import { AgentPicker } from '@/features/agents/components/agent-picker';
import { deadlineFiltersSchema, deadlinesHorizon, useDeadlinePages, type DeadlineFilters } from '@/features/contracts/api/get-deadline-pages';
import { DeadlineGroups } from '@/features/contracts/components/deadline-groups';
import { DeadlineKindSelect } from '@/features/contracts/components/deadline-kind-select';
import { contractKeys } from '@/features/contracts/api/query-keys';
import { useNow } from '@/hooks/use-now';

/** Filters come from the address (?agent=&kind=), so a filtered list can be shared or reloaded; anything malformed is ignored. */
const agentParam = deadlineFiltersSchema.shape.agentId.catch(null);
const kindParam = deadlineFiltersSchema.shape.kind.catch(null);

function DeadlinesScreen({ user }: { user: CurrentUser }) {
  const [searchParams] = useSearchParams();
  const agentId = agentParam.parse(searchParams.get('agent'));
  const kind = kindParam.parse(searchParams.get('kind'));
  const everyone = isSuperAdmin(user);
  const filters: DeadlineFilters = { scope: everyone ? 'all' : `tc:${user.id}`, agentId, kind };
  const [horizon] = useState(() => deadlinesHorizon(new Date()));
  const pages = useDeadlinePages(filters, horizon);
  const now = useNow();
  const queryClient = useQueryClient();
  // A coordinator's list follows the key dates of the listings they coordinate live; a super admin's (everything,
  // where every change in the brokerage would refetch it) refreshes on their own writes and on reload.
  useLiveChanges({}, { contract_deadlines: () => void queryClient.invalidateQueries({ queryKey: contractKeys.deadlines }) }, { enabled: !everyone });

  const setFilter = useSearchParamSetter();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Deadlines</h1>
        <p className="text-muted-foreground">
          Open key dates of every active contract {everyone ? 'in the brokerage' : 'of your agents'}: overdue first, then today and the next 14 days.
        </p>
      </header>
      <div className="flex flex-col gap-4 sm:flex-row" role="group" aria-label="Filter deadlines">
        <div className="flex w-full flex-col gap-2 sm:w-64">
          <Label htmlFor="deadlines-agent">Agent</Label>
          <AgentPicker id="deadlines-agent" tcId={everyone ? 'all' : user.id} value={agentId} onChange={(id) => setFilter('agent', id)} placeholder="All Agents" allLabel="All Agents" />
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-64">
          <Label htmlFor="deadlines-kind">Kind</Label>
          <DeadlineKindSelect id="deadlines-kind" value={kind} onChange={(value) => setFilter('kind', value)} />
        </div>
      </div>
      <DeadlineGroups pages={pages} now={now} />
    </div>
  );
}

/** /deadlines for coordinators and the super admin (issue 40): every active contract's open deadlines in their scope, grouped, filtered, paged. */
export function DeadlinesRoute() {
  const { data: user } = useCurrentUser();
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      {user ? <DeadlinesScreen user={user} /> : <Skeleton className="h-40 w-full" />}
    </RequireRole>
  );
}
