import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { supabase } from '@/lib/supabase';
import { handleUnauthorized } from '@/lib/handle-unauthorized';
import { createQueryClient } from '@/lib/query-client';
import { signOutWasRequested } from '@/lib/sign-out';

/**
 * Cached data belongs to one sign-in: when someone signs in, drop whatever
 * an earlier sign-in left, so no screen shows the previous person's rows.
 * (Not on sign-out: clearing then would cancel the very query whose failure
 * reports it; the sign-out route and the 401 redirect reset the app anyway.)
 * A sign-out this tab did not ask for (revoked session, refused refresh,
 * another tab) is reported like any 401.
 */
function SessionCacheSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let userId: string | null | undefined;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const next = session?.user.id ?? null;
      if (next && userId !== undefined && next !== userId) queryClient.clear();
      if (event === 'SIGNED_OUT' && userId && !signOutWasRequested()) handleUnauthorized();
      userId = next;
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCacheSync />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
