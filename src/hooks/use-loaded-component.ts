import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** The query that loads a component's code once per page; prefetch it with queryClient.prefetchQuery to warm it. */
export function loadedComponentQuery<Props extends object>(key: string, load: () => Promise<ComponentType<Props>>) {
  return queryOptions({ queryKey: ['loaded-component', key], queryFn: load, gcTime: Infinity });
}

/**
 * A component whose code is fetched on demand: undefined while it loads, so
 * the caller keeps its own placeholder up, then the component.
 *
 * React.lazy inside Suspense would do the same with a fallback, but React
 * reveals a boundary no sooner than 300 ms after it last showed a fallback
 * (so boundaries resolving close together appear at once): a cold load of `/`
 * showed the role's dashboard about 0.27 s after its code was in, an agent's
 * workspace or a listing's contract as late on first opening, and a dialog
 * 0.34 s after the click even with its code already fetched. Loaded outside
 * Suspense, it renders as soon as the code is there. The query cache keeps it
 * for the page's life (coming back renders at once), and a failed load reaches
 * the error boundary, as React.lazy's would.
 */
export function useLoadedComponent<Props extends object>(key: string | undefined, load: (() => Promise<ComponentType<Props>>) | undefined): ComponentType<Props> | undefined {
  // Nothing to load yet: skipToken, so this caller's query can never run (nor fail into the error boundary).
  const { data } = useQuery({
    queryKey: ['loaded-component', key ?? null],
    queryFn: key !== undefined && load !== undefined ? load : skipToken,
    gcTime: Infinity,
    throwOnError: true,
  });
  return data;
}
