import type { Viewer } from '@/lib/permissions';
import { useAdminInvitations } from '@/features/admin/api/get-admin-invitations';
import { useAdminListings } from '@/features/admin/api/get-admin-listings';
import { AdminInvitationsList } from '@/features/admin/components/admin-invitations-list';
import { AdminListingsList } from '@/features/admin/components/admin-listings-list';
import { AdminPager } from '@/features/admin/components/admin-pager';
import { SystemSettingsPanel } from '@/features/admin/components/system-settings-panel';
import { SystemStatusOverview } from '@/features/system-status/components/system-status-overview';
import { ErrorText, usePage } from '@/app/routes/admin/admin-list-tabs';

// The console's tabs besides Users and System Stats: loaded when one is first opened, not with the first screen.

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

export function SettingsTab() {
  return (
    <>
      <SystemSettingsPanel />
      <SystemStatusOverview />
    </>
  );
}
