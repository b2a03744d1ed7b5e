import { Button } from '@/components/ui/button';
import { ADMIN_PAGE_SIZE } from '@/features/admin/api/admin-page';

/** 'Showing 26–50 of 5,000' with Previous / Next: the lists are pages of a database search, never the whole table. */
export function AdminPager({ page, total, onPage, label }: { page: number; total: number; onPage: (page: number) => void; label: string }) {
  if (total === 0) return null;
  const first = page * ADMIN_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * ADMIN_PAGE_SIZE);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Showing {first.toLocaleString()}–{last.toLocaleString()} of {total.toLocaleString()}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
