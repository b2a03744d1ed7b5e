import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useNextDeadlines } from '@/features/contracts/api/get-next-deadlines';
import { contractKeys } from '@/features/contracts/api/query-keys';
import { useLiveChanges } from '@/hooks/use-live-changes';
import { useNow } from '@/hooks/use-now';
import { DeadlineListItem } from '@/features/contracts/components/deadline-list-item';

/** The agent dashboard's 'Next deadlines': the agent's next open deadlines of active contracts, overdue first, live. */
export function NextDeadlinesCard({ agentId }: { agentId: string }) {
  const deadlines = useNextDeadlines(agentId);
  const now = useNow();
  const queryClient = useQueryClient();
  // The agent hears the key dates of their listings.
  useLiveChanges({}, { contract_deadlines: () => void queryClient.invalidateQueries({ queryKey: contractKeys.deadlines }) });
  return (
    <Card className="gap-4" data-testid="next-deadlines">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden className="size-5" />
          <h2>Next deadlines</h2>
        </CardTitle>
        <CardDescription>Key dates of your listings under contract.</CardDescription>
      </CardHeader>
      <CardContent>
        {deadlines.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : deadlines.isError ? (
          <p className="text-destructive text-sm">Could not load deadlines: {deadlines.error.message}</p>
        ) : deadlines.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No open deadlines: none of your listings is under contract with dates ahead.</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="Next deadlines">
            {deadlines.data.map((row) => (
              <DeadlineListItem key={row.id} row={row} now={now} showAgent={false} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
