import type { QueryClient } from '@tanstack/react-query';
import { BrandMark } from '@/components/brand-mark';
import { authSessionQueryOptions } from '@/features/system-status/api/get-auth-session';
import { healthQueryOptions } from '@/features/system-status/api/get-health';
import { restApiInfoQueryOptions } from '@/features/system-status/api/get-rest-api-info';
import { SystemStatusOverview } from '@/features/system-status/components/system-status-overview';

/** Starts the page's queries without awaiting them, so the skeletons show instead of a blank wait. */
export function clientLoader(queryClient: QueryClient) {
  return () => {
    void queryClient.prefetchQuery(healthQueryOptions());
    void queryClient.prefetchQuery(restApiInfoQueryOptions());
    void queryClient.prefetchQuery(authSessionQueryOptions());
    return null;
  };
}

export function HomeRoute() {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4 sm:px-6">
          <BrandMark />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex max-w-2xl flex-col gap-3">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Welcome to ListingDesk</h1>
          <p className="text-muted-foreground text-base text-pretty">
            One place for agents and transaction coordinators to move listings from incomplete to under contract. The workspace is being set up;
            meanwhile this page checks the services it runs on.
          </p>
        </div>
        <SystemStatusOverview />
      </main>
      <footer className="border-t">
        <p className="text-muted-foreground mx-auto w-full max-w-5xl px-4 py-6 text-xs sm:px-6">ListingDesk · local development build</p>
      </footer>
    </div>
  );
}
