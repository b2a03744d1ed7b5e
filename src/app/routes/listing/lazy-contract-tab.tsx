import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import type { Tables } from '@/lib/database.types';
import { ReadContractLauncher } from '@/features/contract-intake/components/read-contract-launcher';

const ContractTab = lazy(() => import('@/features/contracts/components/contract-tab').then((module) => ({ default: module.ContractTab })));

/** The Contract tab's code (forms, timeline, dialogs) downloads when the tab is first shown, not with the listing. */
export function LazyContractTab({ listing, user }: { listing: Tables<'listings'>; user: CurrentUser }) {
  return (
    <Suspense fallback={<Skeleton className="h-40 w-full" />}>
      <ContractTab listing={listing} user={user} actions={<ReadContractLauncher listingId={listing.id} />} />
    </Suspense>
  );
}
