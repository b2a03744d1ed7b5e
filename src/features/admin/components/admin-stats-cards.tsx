import { Building2, ShieldCheck, UserRound, Users } from 'lucide-react';
import { StatCards } from '@/components/stat-cards';
import type { AdminStats } from '@/features/admin/api/get-admin-stats';

const CARDS = [
  { key: 'total_users', label: 'Total Users', icon: Users },
  { key: 'active_listings', label: 'Active Listings', icon: Building2 },
  { key: 'total_agents', label: 'Agents', icon: UserRound },
  { key: 'total_tcs', label: 'TCs', icon: ShieldCheck },
] as const;

/** System Stats: Total Users, Active Listings (live), Agents, TCs — all from admin_stats(), one request. */
export function AdminStatsCards({ stats }: { stats: AdminStats | undefined }) {
  return <StatCards label="System statistics" cards={CARDS.map((card) => ({ ...card, value: stats ? Number(stats[card.key]) : undefined }))} />;
}
