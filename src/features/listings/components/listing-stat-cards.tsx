import { CheckCircle2, FileWarning, Home, Handshake, KeyRound } from 'lucide-react';
import { StatCards } from '@/components/stat-cards';
import type { ListingStats } from '@/features/listings/api/get-listing-stats';

const CARDS = [
  { key: 'total', label: 'Total Listings', icon: Home },
  { key: 'incomplete', label: 'Incomplete', icon: FileWarning },
  { key: 'ready', label: 'Ready', icon: CheckCircle2 },
  { key: 'under_contract', label: 'Under Contract', icon: Handshake },
  // Not in the spec's four: listings whose contract closed (issue 40).
  { key: 'closed', label: 'Closed', icon: KeyRound },
] as const;

/** The agent dashboard's stat cards (spec part 2 §2, plus Closed), from listing_stats(). */
export function ListingStatCards({ stats, isPending }: { stats: ListingStats | undefined; isPending: boolean }) {
  const shown = isPending ? undefined : stats;
  return <StatCards label="Listing statistics" cards={CARDS.map((card) => ({ ...card, value: shown?.[card.key] }))} />;
}
