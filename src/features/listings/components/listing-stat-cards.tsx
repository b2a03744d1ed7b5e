import { CheckCircle2, FileWarning, Home, Handshake, KeyRound } from 'lucide-react';
import { StatCards } from '@/components/stat-cards';
import { useStatusLabel } from '@/lib/listing-status';
import type { ListingStats } from '@/features/listings/api/get-listing-stats';

/** The spec's cards by status key (labels from public.listing_statuses), plus Closed (issue 40). */
const CARDS = [
  { key: 'incomplete', icon: FileWarning },
  { key: 'ready', icon: CheckCircle2 },
  { key: 'under_contract', icon: Handshake },
  { key: 'closed', icon: KeyRound },
] as const;

/** The agent dashboard's stat cards (spec part 2 §2, plus Closed), from listing_stats(). */
export function ListingStatCards({ stats, isPending }: { stats: ListingStats | undefined; isPending: boolean }) {
  const label = useStatusLabel();
  const shown = isPending ? undefined : stats;
  const cards = [{ key: 'total', label: 'Total Listings', icon: Home }, ...CARDS.map((card) => ({ ...card, label: label(card.key) }))];
  return <StatCards label="Listing statistics" cards={cards.map((card) => ({ ...card, value: shown?.[card.key] }))} />;
}
