import type { QueryClient } from '@tanstack/react-query';
import { RequireRole } from '@/components/require-role';
import { adminConsole } from '@/lib/permissions';
import { adminStatsQueryOptions } from '@/features/admin/api/get-admin-stats';
import { adminUsersQueryOptions } from '@/features/admin/api/get-admin-users';
import { AdminConsole } from '@/app/routes/admin/admin-console';

/** Starts the first screen's two requests (counts, first page of users) while the route's code loads. */
export function clientLoader(queryClient: QueryClient) {
  return () => {
    void queryClient.prefetchQuery(adminStatsQueryOptions());
    void queryClient.prefetchQuery(adminUsersQueryOptions({ search: '', page: 0 }));
    return null;
  };
}

/**
 * /admin ('System Administration', spec part 2 §2) and `/` for the super
 * admin: users, listings, invitations, stats and System Settings. The access
 * check mirrors private.is_super_admin(); every request is refused by the
 * database to anyone else anyway.
 */
export function AdminRoute() {
  return (
    <RequireRole allow={adminConsole.use} deniedTitle="Access Denied" deniedMessage="Super admin access required to view this page.">
      <AdminConsole />
    </RequireRole>
  );
}
