import { useState } from 'react';
import type { Viewer } from '@/lib/permissions';
import { useAdminUsers } from '@/features/admin/api/get-admin-users';
import { AdminPager } from '@/features/admin/components/admin-pager';
import { AdminUsersList } from '@/features/admin/components/admin-users-list';

/** The page of a tab's list, back to the first whenever the search changes. */
export function usePage(search: string) {
  const [state, setState] = useState({ search, page: 0 });
  const page = state.search === search ? state.page : 0;
  return [page, (next: number) => setState({ search, page: next })] as const;
}

export function ErrorText({ error }: { error: Error | null }) {
  return error ? <p className="text-destructive text-sm">{error.message}</p> : null;
}

/**
 * Each tab mounts (and so queries) only while shown: the first screen asks for
 * one page of users. The other tabs' code loads when they are opened (admin-other-tabs.tsx).
 */
export function UsersTab({ viewer, search }: { viewer: Viewer; search: string }) {
  const [page, setPage] = usePage(search);
  const users = useAdminUsers({ search, page });
  return (
    <>
      <ErrorText error={users.error} />
      <AdminUsersList viewer={viewer} rows={users.data?.rows} loading={users.isPending} fetching={users.isPlaceholderData} />
      <AdminPager label="Users" page={page} total={users.data?.total ?? 0} onPage={setPage} />
    </>
  );
}
