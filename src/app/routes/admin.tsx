import type { QueryClient } from '@tanstack/react-query';
import { FeaturePlaceholder } from '@/components/feature-placeholder';
import { RequireRole } from '@/components/require-role';
import { isSuperAdmin } from '@/lib/permissions';
import { authSessionQueryOptions } from '@/features/system-status/api/get-auth-session';
import { healthQueryOptions } from '@/features/system-status/api/get-health';
import { restApiInfoQueryOptions } from '@/features/system-status/api/get-rest-api-info';
import { SystemStatusOverview } from '@/features/system-status/components/system-status-overview';

/** Starts the status queries without awaiting them, so the skeletons show instead of a blank wait. */
export function clientLoader(queryClient: QueryClient) {
  return () => {
    void queryClient.prefetchQuery(healthQueryOptions());
    void queryClient.prefetchQuery(restApiInfoQueryOptions());
    void queryClient.prefetchQuery(authSessionQueryOptions());
    return null;
  };
}

/**
 * /admin (User Management and System Settings) and `/` for the super admin.
 * The system status (the services the app runs on) lives here until the
 * admin feature's settings screen takes it over.
 */
export function AdminRoute() {
  return (
    <RequireRole allow={isSuperAdmin} deniedTitle="Access Denied" deniedMessage="Super admin access required to view this page.">
      <FeaturePlaceholder title="System Administration" description="Users, listings, invitations and statistics for the super administrator.">
        <SystemStatusOverview />
      </FeaturePlaceholder>
    </RequireRole>
  );
}
