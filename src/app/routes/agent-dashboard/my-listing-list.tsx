import { Home } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { cn } from '@/lib/utils';
import { useComplianceSummary } from '@/features/compliance/api/get-compliance-summary';
import type { useListingCards } from '@/features/listings/api/get-listing-cards';
import { MyListingRow } from '@/app/routes/agent-dashboard/my-listing-row';

/** A list of the agent's listing rows (with their compliance progress, one call per page) with its loading, error and empty states. */
export function MyListingList({ cards, user, label, emptyText }: { cards: ReturnType<typeof useListingCards>; user: CurrentUser; label: string; emptyText: string }) {
  const progress = useComplianceSummary(cards.data?.map((listing) => listing.id) ?? []);
  if (cards.isPending) return <Skeleton className="h-40 w-full" />;
  if (cards.isError) return <p className="text-destructive text-sm">Could not load listings: {cards.error.message}</p>;
  if (cards.data.length === 0) {
    return (
      <div className="text-muted-foreground flex flex-col items-center gap-3 rounded-xl border border-dashed py-12 text-center text-sm">
        <Home aria-hidden className="size-8" />
        {emptyText}
      </div>
    );
  }
  return (
    // The previous page stays (dimmed) while the next loads, so the list does not jump.
    <ul className={cn('flex flex-col gap-3 transition-opacity', cards.isPlaceholderData && 'opacity-60')} aria-label={label} aria-busy={cards.isPlaceholderData}>
      {cards.data.map((listing) => (
        <MyListingRow key={listing.id} listing={listing} user={user} compliance={progress.data?.get(listing.id)} />
      ))}
    </ul>
  );
}
