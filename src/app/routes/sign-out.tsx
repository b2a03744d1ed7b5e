import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AppLoading } from '@/app/routes/app-fallbacks';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/sign-out';

/** /api/logout: ends the session, forgets cached data and returns to the landing page. */
export function SignOutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    void signOut().finally(() => {
      if (cancelled) return;
      queryClient.clear();
      void navigate(paths.home.getHref(), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return <AppLoading />;
}
