import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <main className="mx-auto flex min-h-svh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <BrandMark />
      <h1 className="text-xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-muted-foreground text-sm">There is nothing at this address.</p>
      <Button asChild>
        <Link to={paths.home.getHref()}>Go to the home page</Link>
      </Button>
    </main>
  );
}
