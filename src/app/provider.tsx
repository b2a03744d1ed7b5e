import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { supabase } from '@/lib/supabase';
import { createQueryClient } from '@/lib/query-client';

/**
 * Cached data belongs to one sign-in: when the person signs out or another
 * person signs in (e.g. in another tab), drop everything so no screen shows
 * the previous person's rows. Token refreshes keep the cache.
 */
function SessionCacheSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let userId: string | null | undefined;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const next = session?.user.id ?? null;
      if (event !== 'INITIAL_SESSION' && userId !== undefined && next !== userId) queryClient.clear();
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
