import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';

/** Signed-in screens; signed out, `/` is the landing page and everything else asks to sign in. */
export function ShellLayoutRoute() {
  const { session } = useSession();
  const { pathname } = useLocation();
  if (!session) return pathname === paths.home.path ? <p>ListingDesk</p> : <Navigate to={paths.login.getHref()} replace />;
  return (
    <main className="p-6">
      <Outlet />
    </main>
  );
}
