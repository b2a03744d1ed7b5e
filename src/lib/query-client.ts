import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '@/lib/api-error';
import { handleUnauthorized } from '@/lib/handle-unauthorized';

function onError(error: unknown) {
  if (isUnauthorized(error)) handleUnauthorized();
}

/**
 * Spec part 1 §7: no retries, no refetch on window focus, cached data never
 * goes stale. Data changes reach the app through explicit invalidation, and
 * polling or realtime only where a screen asks for it. Every query and
 * mutation failure passes through one 401 check.
 */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
