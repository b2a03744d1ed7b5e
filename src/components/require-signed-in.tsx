import { Loader2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { isUnauthorized } from '@/lib/api-error';

/** Spec part 1 §9: a logged-out visitor is sent to sign in after 500 ms. */
export const LOGIN_REDIRECT_MS = 500;

/**
 * Spinner while authentication loads; for a signed-out visitor the spec's
 * 'Unauthorized' toast and a redirect to /api/login after 500 ms; otherwise
 * the page with the current user.
 */
export function RequireSignedIn({ children, message }: { children: (user: CurrentUser) => ReactNode; message?: string }) {
  const session = useSession();
  const currentUser = useCurrentUser();
  const loading = session.isLoading || (!!session.session && currentUser.isPending);
  const signedOut =
    !loading && (!session.session || (currentUser.isSuccess && currentUser.data === null) || (currentUser.isError && isUnauthorized(currentUser.error)));

  useEffect(() => {
    if (!signedOut) return;
    toast({ title: 'Unauthorized', description: message ?? 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => window.location.assign(paths.login.getHref()), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedOut, message]);

  if (loading) {
    return (
      <div className="grid min-h-64 place-items-center" role="status" aria-label="Loading">
        <Loader2 className="text-muted-foreground size-8 animate-spin" />
      </div>
    );
  }
  if (currentUser.isError && !signedOut) return <p className="text-destructive p-6 text-sm">Could not load your account: {currentUser.error.message}</p>;
  if (signedOut || !currentUser.data) return null;
  return <>{children(currentUser.data)}</>;
}
