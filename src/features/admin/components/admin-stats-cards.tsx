import { Building2, KeyRound, ShieldCheck, UserRound, Users } from 'lucide-react';
import { StatCards } from '@/components/stat-cards';
import type { AdminStats } from '@/features/admin/api/get-admin-stats';

const CARDS = [
  { key: 'total_users', label: 'Total Users', icon: Users },
  { key: 'active_listings', label: 'Active Listings', icon: Building2 },
  { key: 'total_agents', label: 'Agents', icon: UserRound },
  { key: 'total_tcs', label: 'TCs', icon: ShieldCheck },
  // Not in the spec's four: listings whose contract closed (issue 40).
  { key: 'closed_listings', label: 'Closed Listings', icon: KeyRound },
] as const;

/** System Stats: Total Users, Active Listings (live), Agents, TCs, Closed Listings — all from admin_stats(), one request. */
export function AdminStatsCards({ stats }: { stats: AdminStats | undefined }) {
  return <StatCards label="System statistics" cards={CARDS.map((card) => ({ ...card, value: stats ? Number(stats[card.key]) : undefined }))} />;
}
