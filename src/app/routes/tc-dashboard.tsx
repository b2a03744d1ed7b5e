import { FeaturePlaceholder } from '@/components/feature-placeholder';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function TcDashboardRoute() {
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      <FeaturePlaceholder title="My Agents" description="The coordinator dashboard: assigned agents, their listings, tasks, documents and photos." />
    </RequireRole>
  );
}
