import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/hooks/use-current-user';

// Each role loads only its own dashboard's code.
const AdminDashboard = lazy(() => import('@/app/routes/admin').then((m) => ({ default: m.AdminRoute })));
const CoordinatorDashboard = lazy(() => import('@/app/routes/tc-dashboard').then((m) => ({ default: m.TcDashboardRoute })));
const AgentDashboard = lazy(() => import('@/app/routes/agent-dashboard').then((m) => ({ default: m.AgentDashboardRoute })));

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading dashboard">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/**
 * `/` and `/dashboard` for a signed-in person (spec part 1 §2): the admin
 * dashboard for super_admin, the coordinator dashboard for tc, else the agent
 * dashboard. The shell layout shows the landing page when signed out.
 */
export function RoleHomeRoute() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) return <DashboardSkeleton />;
  const Dashboard = user.role === 'super_admin' ? AdminDashboard : user.role === 'tc' ? CoordinatorDashboard : AgentDashboard;
  return (
    <Suspense fallback={<DashboardSkeleton />}>
      <Dashboard />
    </Suspense>
  );
}
