import { Loader2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useSession } from '@/hooks/use-session';
import { isUnauthorized } from '@/lib/api-error';
import { handleUnauthorized } from '@/lib/handle-unauthorized';

/**
 * Spinner while authentication loads; for a signed-out visitor the spec's
 * 'Unauthorized' toast and a redirect to /api/login after 500 ms (the same
 * handleUnauthorized() as the shell's, so every route reads the same);
 * otherwise the page with the current user.
 */
export function RequireSignedIn({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const session = useSession();
  const currentUser = useCurrentUser();
  const loading = session.isLoading || (!!session.session && currentUser.isPending);
  const signedOut =
    !loading && (!session.session || (currentUser.isSuccess && currentUser.data === null) || (currentUser.isError && isUnauthorized(currentUser.error)));

  useEffect(() => {
    if (signedOut) handleUnauthorized();
  }, [signedOut]);

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
