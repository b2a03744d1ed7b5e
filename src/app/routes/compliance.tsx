import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { useSearchParamSetter } from '@/hooks/use-search-param-setter';
import { isSuperAdmin } from '@/lib/permissions';
import { AgentPicker } from '@/features/agents/components/agent-picker';
import { complianceKeys } from '@/features/compliance/api/query-keys';
import { reviewQueueFiltersSchema, useReviewQueue, type ReviewQueueFilters } from '@/features/compliance/api/get-review-queue';
import { AgeFilter, DocumentTypeFilter, ReviewStateFilter } from '@/features/compliance/components/queue-filters';
import { ReviewQueue } from '@/features/compliance/components/review-queue';

/** Filters come from the address (?state=&agent=&type=&age=), so a filtered queue can be shared or reloaded; anything malformed is ignored. */
const stateParam = reviewQueueFiltersSchema.shape.state.catch('submitted');
const agentParam = reviewQueueFiltersSchema.shape.agentId.catch(null);
const typeParam = reviewQueueFiltersSchema.shape.documentType.catch(null);
const ageParam = reviewQueueFiltersSchema.shape.olderThanDays.catch(null);

function ComplianceScreen({ user }: { user: CurrentUser }) {
  const [searchParams] = useSearchParams();
  const everyone = isSuperAdmin(user);
  const filters: ReviewQueueFilters = {
    scope: everyone ? 'all' : `tc:${user.id}`,
    state: stateParam.parse(searchParams.get('state') ?? 'submitted'),
    agentId: agentParam.parse(searchParams.get('agent')),
    documentType: typeParam.parse(searchParams.get('type')),
    olderThanDays: ageParam.parse(searchParams.get('age')),
  };
  // The age filter counts back from when the screen opened, so pages of one list agree.
  const [now] = useState(() => Date.now());
  const pages = useReviewQueue(filters, now);
  // Live without a reload: a submission, a review or a new version changes a document of a listing the viewer
  // coordinates (they hear every one), and a submission also notifies them.
  const queryClient = useQueryClient();
  const refreshQueue = () => void queryClient.invalidateQueries({ queryKey: complianceKeys.queue });
  useLiveChanges({}, { documents: refreshQueue, notifications: refreshQueue });

  const setFilter = useSearchParamSetter();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Compliance</h1>
        <p className="text-muted-foreground">
          Documents {everyone ? 'in the brokerage' : 'of your agents'} waiting for review, oldest first. Approve with <kbd>A</kbd>, return with <kbd>R</kbd>; <kbd>↑</kbd>{' '}
          <kbd>↓</kbd> move between documents.
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="group" aria-label="Filter documents">
        <div className="flex flex-col gap-2">
          <Label htmlFor="queue-state">State</Label>
          <ReviewStateFilter id="queue-state" value={filters.state} onChange={(value) => setFilter('state', value === 'submitted' ? null : value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="queue-agent">Agent</Label>
          <AgentPicker id="queue-agent" tcId={everyone ? 'all' : user.id} value={filters.agentId} onChange={(id) => setFilter('agent', id)} placeholder="All Agents" allLabel="All Agents" />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="queue-type">Type</Label>
          <DocumentTypeFilter id="queue-type" value={filters.documentType} onChange={(value) => setFilter('type', value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="queue-age">Age</Label>
          <AgeFilter id="queue-age" value={filters.olderThanDays} onChange={(value) => setFilter('age', value)} />
        </div>
      </div>
      <ReviewQueue pages={pages} canDecide listingHref={(listingId) => paths.listing.getHref(listingId, 'documents')} />
    </div>
  );
}

/** /compliance for coordinators and the super admin (issue 41): the review queue of required documents. */
export function ComplianceRoute() {
  const { data: user } = useCurrentUser();
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      {user ? <ComplianceScreen user={user} /> : <Skeleton className="h-40 w-full" />}
    </RequireRole>
  );
}
