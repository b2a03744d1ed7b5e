import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { paths } from '@/config/paths';

/** The frame of screens outside the sidebar layout (sign-in, onboarding, account selection). */
export function PublicPageFrame({ children, width = 'max-w-2xl' }: { children: ReactNode; width?: string }) {
  return (
    <div className="bg-muted/30 flex min-h-svh flex-col">
      <header className="bg-background border-b">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center px-4 sm:px-6">
          <Link to={paths.home.getHref()} className="focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]" aria-label="ListingDesk home">
            <BrandMark />
          </Link>
        </div>
      </header>
      <main className={`mx-auto flex w-full ${width} flex-1 flex-col px-4 py-10 sm:px-6`}>{children}</main>
    </div>
  );
}
