import { useEffect } from 'react';
import { Menu } from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { AppLoading } from '@/app/routes/app-fallbacks';
import { BrandMark } from '@/components/brand-mark';
import { LazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useLoadedComponent } from '@/hooks/use-loaded-component';
import { useSession } from '@/hooks/use-session';
import { isUnauthorized } from '@/lib/api-error';
import { handleUnauthorized } from '@/lib/handle-unauthorized';
import { cn } from '@/lib/utils';
import { AccountSetup } from '@/features/auth/components/account-setup';
import { AppSidebar } from '@/features/navigation/components/app-sidebar';
import { useNotificationAlerts } from '@/features/notifications/hooks/use-notification-alerts';
import { useSidebarCollapsed } from '@/features/navigation/hooks/use-sidebar-collapsed';
import { RoleSwitcherButton } from '@/features/role-switcher/components/role-switcher-button';

// Signed-in visitors never download the landing page. Only the role-switching account has the menu; the phone
// drawer loads when its button is first used. Each shows as soon as its code is in (useLoadedComponent: not
// React.lazy, whose reveal waits 300 ms).
const loadLandingPage = () => import('@/features/landing/components/landing-page').then((m) => m.LandingPage);
const loadRoleSwitcher = () => import('@/features/role-switcher/components/role-switcher').then((m) => m.RoleSwitcher);
const loadNavigationDrawer = () => import('@/app/routes/shell-layout/navigation-drawer').then((m) => m.NavigationDrawer);

/**
 * `/` and every signed-in screen. Signed out, `/` is the landing page and any
 * other screen goes to sign-in. Signed in: the collapsible sidebar (64 px /
 * 256 px, remembered) on wide screens, a drawer on phones.
 */
export function ShellLayoutRoute() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const LandingPage = useLoadedComponent(!session && pathname === paths.home.path ? 'landing-page' : undefined, loadLandingPage);
  if (!session) {
    if (pathname !== paths.home.path) return <SignedOutRedirect />;
    // The landing page's component, loaded once and kept by the query cache: the same one on every render.
    // eslint-disable-next-line react-hooks/static-components
    return LandingPage ? <LandingPage /> : <AppLoading />;
  }
  return <SignedInShell />;
}

/** Spec part 1 §2/§8: a signed-out visitor is told so, then sent to sign in after 500 ms. */
function SignedOutRedirect() {
  useEffect(() => handleUnauthorized(), []);
  return <ShellSkeleton />;
}

function SignedInShell() {
  const { data: user, isPending, error } = useCurrentUser();
  if (isPending || (error && isUnauthorized(error))) return <ShellSkeleton />;
  if (error) throw error;
  if (!user) return <AccountSetup />;
  return <SidebarLayout user={user} />;
}

function roleSwitcherFor(user: CurrentUser, collapsed: boolean) {
  if (!user.canSwitchRole) return undefined;
  return <RoleSwitcherSlot user={user} collapsed={collapsed} />;
}

/** The role switcher's menu once its code is in; until then its button, disabled. */
function RoleSwitcherSlot({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  const RoleSwitcher = useLoadedComponent('role-switcher', loadRoleSwitcher);
  if (!RoleSwitcher) return <RoleSwitcherButton collapsed={collapsed} disabled />;
  // The menu's component, loaded once and kept by the query cache: the same one on every render.
  // eslint-disable-next-line react-hooks/static-components
  return <RoleSwitcher currentRole={user.role} collapsed={collapsed} />;
}

function SidebarLayout({ user }: { user: CurrentUser }) {
  const { collapsed, toggle } = useSidebarCollapsed();
  // Unread notifications on the sidebar's Notifications item, live; new ones are announced with a toast.
  const unread = useNotificationAlerts(user.id);
  const badges = { [paths.notifications.getHref()]: unread };
  return (
    <>
      <a
        href="#main-content"
        className="bg-background focus-visible:ring-ring/50 sr-only z-50 rounded-md px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:ring-[3px]"
      >
        Skip to content
      </a>
      <div className="flex min-h-svh">
        <aside
          aria-label="Sidebar"
          className={cn('sticky top-0 hidden h-svh shrink-0 border-r transition-[width] duration-200 md:block', collapsed ? 'w-16' : 'w-64')}
        >
          <AppSidebar user={user} collapsed={collapsed} onToggleCollapsed={toggle} extra={roleSwitcherFor(user, collapsed)} badges={badges} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="bg-background/90 sticky top-0 z-20 flex h-14 items-center gap-3 border-b px-4 backdrop-blur md:hidden">
            <LazyDialog
              name="navigation-drawer"
              load={loadNavigationDrawer}
              trigger={
                <Button
                  variant="ghost"
                  size="icon"
                  className="relative"
                  aria-label={unread > 0 ? `Open navigation, ${unread} unread notifications` : 'Open navigation'}
                  data-testid="drawer-trigger"
                >
                  <Menu aria-hidden />
                  {unread > 0 && <span aria-hidden className="bg-destructive ring-background absolute top-1.5 right-1.5 size-2.5 rounded-full ring-2" />}
                </Button>
              }
            >
              {(NavigationDrawer, drawer) => (
                <NavigationDrawer {...drawer}>
                  <AppSidebar user={user} collapsed={false} onNavigate={() => drawer.onOpenChange(false)} extra={roleSwitcherFor(user, false)} badges={badges} />
                </NavigationDrawer>
              )}
            </LazyDialog>
            <BrandMark />
          </header>
          <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 md:px-8 md:py-8">
            <Outlet />
          </main>
        </div>
      </div>
    </>
  );
}

function ShellSkeleton() {
  return (
    <div className="flex min-h-svh" aria-busy="true" aria-label="Loading ListingDesk">
      <div className="bg-sidebar hidden w-64 border-r md:block" />
      <div className="flex flex-1 flex-col gap-4 p-8">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}
