import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';

/** Shown while the first route's code loads. */
export function AppLoading() {
  return (
    <div className="grid min-h-svh place-items-center" role="status" aria-label="Loading ListingDesk">
      <BrandMark className="animate-pulse" />
    </div>
  );
}

/** Last line of defence for errors thrown while rendering or loading a route. */
export function AppErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <div className="mx-auto flex min-h-svh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <BrandMark />
      <h1 className="text-xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground text-left text-sm break-words whitespace-pre-line">{message}</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </div>
  );
}
