import { useState } from 'react';
import type { Viewer } from '@/lib/permissions';
import { useAdminInvitations } from '@/features/admin/api/get-admin-invitations';
import { useAdminListings } from '@/features/admin/api/get-admin-listings';
import { useAdminUsers } from '@/features/admin/api/get-admin-users';
import { AdminInvitationsList } from '@/features/admin/components/admin-invitations-list';
import { AdminListingsList } from '@/features/admin/components/admin-listings-list';
import { AdminPager } from '@/features/admin/components/admin-pager';
import { AdminUsersList } from '@/features/admin/components/admin-users-list';

/** The page of a tab's list, back to the first whenever the search changes. */
function usePage(search: string) {
  const [state, setState] = useState({ search, page: 0 });
  const page = state.search === search ? state.page : 0;
  return [page, (next: number) => setState({ search, page: next })] as const;
}

function ErrorText({ error }: { error: Error | null }) {
  return error ? <p className="text-destructive text-sm">{error.message}</p> : null;
}

/** Each tab mounts (and so queries) only while shown: the first screen asks for one page of users. */
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

export function ListingsTab({ search, onDelete, deleting }: { search: string; onDelete: (listingId: string) => void; deleting: boolean }) {
  const [page, setPage] = usePage(search);
  const listings = useAdminListings({ search, page });
  return (
    <>
      <ErrorText error={listings.error} />
      <AdminListingsList rows={listings.data?.rows} loading={listings.isPending} fetching={listings.isPlaceholderData} onDelete={onDelete} deleting={deleting} />
      <AdminPager label="Listings" page={page} total={listings.data?.total ?? 0} onPage={setPage} />
    </>
  );
}

export function InvitationsTab({ viewer, search }: { viewer: Viewer; search: string }) {
  const [page, setPage] = usePage(search);
  const invitations = useAdminInvitations({ search, page });
  return (
    <>
      <ErrorText error={invitations.error} />
      <AdminInvitationsList viewer={viewer} rows={invitations.data?.rows} loading={invitations.isPending} fetching={invitations.isPlaceholderData} />
      <AdminPager label="Invitations" page={page} total={invitations.data?.total ?? 0} onPage={setPage} />
    </>
  );
}
