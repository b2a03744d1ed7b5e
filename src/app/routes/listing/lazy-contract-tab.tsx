import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useLoadedComponent } from '@/hooks/use-loaded-component';
import type { Tables } from '@/lib/database.types';
import { ReadContractLauncher } from '@/features/contract-intake/components/read-contract-launcher';
import type { ContractPartyFacts } from '@/features/parties/lib/proposals';

const loadContractTab = () => import('@/features/contracts/components/contract-tab').then((module) => module.ContractTab);

/**
 * The Contract tab's code (forms, timeline, dialogs) downloads when the tab is first shown, not with the
 * listing; it shows as soon as it is in (useLoadedComponent: not React.lazy, whose reveal waits 300 ms).
 * A contract saved by its form or read by intake goes to `onContractSaved` (the screen proposes its people as parties).
 */
export function LazyContractTab({
  listing,
  user,
  onContractSaved,
}: {
  listing: Tables<'listings'>;
  user: CurrentUser;
  onContractSaved: (facts: ContractPartyFacts) => void;
}) {
  const ContractTab = useLoadedComponent('contract-tab', loadContractTab);
  if (!ContractTab) return <Skeleton className="h-40 w-full" />;
  // The tab's component, loaded once and kept by the query cache: the same one on every render.
  const actions = <ReadContractLauncher listingId={listing.id} onSaved={onContractSaved} />;
  // eslint-disable-next-line react-hooks/static-components
  return <ContractTab listing={listing} user={user} actions={actions} onRecorded={onContractSaved} />;
}
