import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** 'Showing 21–40 of 200', Previous / Next and the page number; links, so every page has an address. */
export function ListingPager({
  page,
  pageSize,
  total,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="flex flex-col items-center justify-between gap-3 sm:flex-row" aria-label="Pages">
      <p className="text-muted-foreground text-sm" data-testid="listing-range">
        Showing {first}–{last} of {total}
      </p>
      <div className="flex items-center gap-2">
        <PageLink label="Previous" to={page > 1 ? hrefFor(page - 1) : null} icon="previous" />
        <span className="text-sm tabular-nums" aria-current="page">
          Page {page} of {pages}
        </span>
        <PageLink label="Next" to={page < pages ? hrefFor(page + 1) : null} icon="next" />
      </div>
    </nav>
  );
}

function PageLink({ label, to, icon }: { label: string; to: string | null; icon: 'previous' | 'next' }) {
  const content = (
    <>
      {icon === 'previous' && <ChevronLeft />}
      {label}
      {icon === 'next' && <ChevronRight />}
    </>
  );
  if (!to) {
    return (
      <Button size="sm" variant="outline" disabled>
        {content}
      </Button>
    );
  }
  return (
    <Button size="sm" variant="outline" asChild>
      <Link to={to}>{content}</Link>
    </Button>
  );
}
