import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * A component whose code is fetched on demand: undefined while it loads, so
 * the caller keeps its own placeholder up, then the component.
 *
 * React.lazy inside Suspense would do the same with a fallback, but React
 * reveals a boundary no sooner than 300 ms after it last showed a fallback
 * (so boundaries resolving close together appear at once): a cold load of `/`
 * showed the role's dashboard about 0.27 s after its code was in, and a
 * listing's contract or an agent's workspace as late on first opening. Loaded
 * outside Suspense, it renders as soon as the code arrives. The query cache
 * keeps it for the page's life (coming back renders at once), and a failed
 * load reaches the error boundary, as React.lazy's would.
 */
export function useLoadedComponent<Props extends object>(key: string | undefined, load: (() => Promise<ComponentType<Props>>) | undefined): ComponentType<Props> | undefined {
  const { data } = useQuery({
    queryKey: ['loaded-component', key],
    queryFn: () => load!(),
    enabled: key !== undefined && load !== undefined,
    gcTime: Infinity,
    throwOnError: true,
  });
  return data;
}
