import { Building2, ShieldCheck, UserRound, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { AdminStats } from '@/features/admin/api/get-admin-stats';

const CARDS = [
  { key: 'total_users', title: 'Total Users', icon: Users },
  { key: 'active_listings', title: 'Active Listings', icon: Building2 },
  { key: 'total_agents', title: 'Agents', icon: UserRound },
  { key: 'total_tcs', title: 'TCs', icon: ShieldCheck },
] as const;

/** System Stats: Total Users, Active Listings (live), Agents, TCs — all from admin_stats(), one request. */
export function AdminStatsCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CARDS.map(({ key, title, icon: Icon }) => (
        <Card key={key}>
          <CardHeader className="flex flex-row items-center justify-between pb-2">
            <CardTitle className="text-sm font-medium">{title}</CardTitle>
            <Icon className="text-muted-foreground size-4" aria-hidden />
          </CardHeader>
          <CardContent>{stats ? <p className="text-2xl font-bold">{Number(stats[key]).toLocaleString()}</p> : <Skeleton className="h-8 w-16" />}</CardContent>
        </Card>
      ))}
    </div>
  );
}
