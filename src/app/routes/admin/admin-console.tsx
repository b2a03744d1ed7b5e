import { useQueryClient } from '@tanstack/react-query';
import { Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLoadedComponent } from '@/hooks/use-loaded-component';
import { useAdminStats } from '@/features/admin/api/get-admin-stats';
import { adminKeys } from '@/features/admin/api/query-keys';
import { AdminStatsCards } from '@/features/admin/components/admin-stats-cards';
import { useDeleteListing } from '@/features/listings/api/delete-listing';
import { UsersTab } from '@/app/routes/admin/admin-list-tabs';

// Only the Users tab is on the first screen; the dialog and the other tabs load when first used, and show as soon
// as their code is in (useLoadedComponent: not React.lazy, whose reveal waits 300 ms).
const loadInviteUserDialog = () => import('@/features/admin/components/invite-user-dialog').then((m) => m.InviteUserDialog);
const loadOtherTabs = () => import('@/app/routes/admin/admin-other-tabs');
const loadListingsTab = () => loadOtherTabs().then((m) => m.ListingsTab);
const loadInvitationsTab = () => loadOtherTabs().then((m) => m.InvitationsTab);
const loadSettingsTab = () => loadOtherTabs().then((m) => m.SettingsTab);
const loadIntakeAccuracyCard = () => import('@/features/contract-intake/components/intake-accuracy-card').then((m) => m.IntakeAccuracyCard);
const tabLoading = <Skeleton className="h-32 w-full" />;

const TABS = ['users', 'listings', 'invitations', 'stats', 'settings'] as const;
type AdminTab = (typeof TABS)[number];

/** The console: search box (filters the current tab in the database), the tabs with their counts, Send Invitation. */
export function AdminConsole() {
  const { data: viewer } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = TABS.includes(requested as AdminTab) ? (requested as AdminTab) : 'users';
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const stats = useAdminStats();
  const queryClient = useQueryClient();
  const deleteListing = useDeleteListing({ onDeleted: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
  const ListingsTab = useLoadedComponent(tab === 'listings' ? 'admin-listings-tab' : undefined, loadListingsTab);
  const InvitationsTab = useLoadedComponent(tab === 'invitations' ? 'admin-invitations-tab' : undefined, loadInvitationsTab);
  const SettingsTab = useLoadedComponent(tab === 'settings' ? 'admin-settings-tab' : undefined, loadSettingsTab);
  const IntakeAccuracyCard = useLoadedComponent(tab === 'stats' ? 'intake-accuracy-card' : undefined, loadIntakeAccuracyCard);
  if (!viewer) return null;

  const count = (value: number | undefined) => (value === undefined ? '' : ` (${value.toLocaleString()})`);
  const searchable = tab === 'users' || tab === 'listings' || tab === 'invitations';

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">System Administration</h1>
          <p className="text-muted-foreground text-sm">Users, listings, invitations and system settings.</p>
        </div>
        <LazyDialog
          name="invite-user-dialog"
          load={loadInviteUserDialog}
          trigger={
            <Button>
              <UserPlus aria-hidden /> Send Invitation
            </Button>
          }
        >
          {(InviteUserDialog, dialog) => <InviteUserDialog {...dialog} />}
        </LazyDialog>
      </header>
      {stats.isError && <p className="text-destructive text-sm">{stats.error.message}</p>}
      <Tabs value={tab} onValueChange={(next) => setSearchParams(next === 'users' ? {} : { tab: next }, { replace: true })}>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <TabsList className="h-auto flex-wrap justify-start">
            <TabsTrigger value="users">Users{count(stats.data?.total_users)}</TabsTrigger>
            <TabsTrigger value="listings">Listings{count(stats.data?.total_listings)}</TabsTrigger>
            <TabsTrigger value="invitations">Invitations{count(stats.data?.total_invitations)}</TabsTrigger>
            <TabsTrigger value="stats">System Stats</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
          </TabsList>
          {searchable && (
            <div className="relative w-full lg:w-72">
              <Search className="text-muted-foreground absolute top-2.5 left-2.5 size-4" aria-hidden />
              <Input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder={`Search ${tab}...`} aria-label={`Search ${tab}`} className="pl-8" />
            </div>
          )}
        </div>
        <TabsContent value="users" className="mt-4">
          <UsersTab viewer={viewer} search={search} />
        </TabsContent>
        <TabsContent value="listings" className="mt-4">
          {/* Each tab's component, loaded once and kept by the query cache: the same one on every render. */}
          {/* eslint-disable-next-line react-hooks/static-components */}
          {ListingsTab ? <ListingsTab search={search} onDelete={(listingId) => deleteListing.mutate({ listingId })} deleting={deleteListing.isPending} /> : tabLoading}
        </TabsContent>
        <TabsContent value="invitations" className="mt-4">
          {/* eslint-disable-next-line react-hooks/static-components */}
          {InvitationsTab ? <InvitationsTab viewer={viewer} search={search} /> : tabLoading}
        </TabsContent>
        <TabsContent value="stats" className="mt-4">
          <AdminStatsCards stats={stats.data} />
          <div className="mt-6">
            {/* eslint-disable-next-line react-hooks/static-components */}
            {IntakeAccuracyCard ? <IntakeAccuracyCard /> : tabLoading}
          </div>
        </TabsContent>
        <TabsContent value="settings" className="mt-4 flex flex-col gap-6">
          {/* eslint-disable-next-line react-hooks/static-components */}
          {SettingsTab ? <SettingsTab /> : tabLoading}
        </TabsContent>
      </Tabs>
    </div>
  );
}
