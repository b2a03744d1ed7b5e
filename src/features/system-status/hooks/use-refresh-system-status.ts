import { useIsFetching, useQueryClient } from '@tanstack/react-query';

/** Every query of this feature shares the ['system-status'] key prefix, so one call re-runs them all. */
const SYSTEM_STATUS_KEY = ['system-status'] as const;

export function useRefreshSystemStatus() {
  const queryClient = useQueryClient();
  const isRefreshing = useIsFetching({ queryKey: SYSTEM_STATUS_KEY }) > 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: SYSTEM_STATUS_KEY });
  return { refresh, isRefreshing };
}
