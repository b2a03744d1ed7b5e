import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary, AppLoading } from '@/app/routes/app-fallbacks';
import { paths } from '@/config/paths';

/**
 * Routes load their code on demand. A route module may export
 * `clientLoader(queryClient)` to start its queries while its code downloads,
 * using the same query options its components read.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      HydrateFallback: AppLoading,
      ErrorBoundary: AppErrorBoundary,
      children: [
        {
          path: paths.home.path,
          lazy: async () => {
            const { HomeRoute, clientLoader } = await import('@/app/routes/home');
            return { Component: HomeRoute, loader: clientLoader(queryClient) };
          },
        },
        {
          path: '*',
          lazy: async () => {
            const { NotFoundRoute } = await import('@/app/routes/not-found');
            return { Component: NotFoundRoute };
          },
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createAppRouter(queryClient), [queryClient]);
  return <RouterProvider router={router} />;
}
