import type { ComponentType } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type Role } from '@/hooks/use-current-user';
import { useLoadedComponent } from '@/hooks/use-loaded-component';

// Each role loads only its own dashboard's code.
const DASHBOARDS: Record<Role, () => Promise<ComponentType>> = {
  super_admin: () => import('@/app/routes/admin').then((m) => m.AdminRoute),
  tc: () => import('@/app/routes/tc-dashboard').then((m) => m.TcDashboardRoute),
  agent: () => import('@/app/routes/agent-dashboard').then((m) => m.AgentDashboardRoute),
};

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
  const { data: user } = useCurrentUser();
  // Not React.lazy: the dashboard shows as soon as its code is in (see useLoadedComponent).
  const Dashboard = useLoadedComponent(user ? `dashboard-${user.role}` : undefined, user ? DASHBOARDS[user.role] : undefined);
  if (!Dashboard) return <DashboardSkeleton />;
  // The role's dashboard, loaded once and kept by the query cache: the same component on every render.
  // eslint-disable-next-line react-hooks/static-components
  return <Dashboard />;
}
