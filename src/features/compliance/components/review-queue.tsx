import { formatDistanceToNowStrict } from 'date-fns';
import { Check, Undo2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { useReviewQueue, ReviewQueueRow } from '@/features/compliance/api/get-review-queue';
import { useReviewDocument } from '@/features/compliance/api/review-document';
import { DocumentPreview } from '@/features/compliance/components/document-preview';
import { ReturnDocumentDialog } from '@/features/compliance/components/return-document-dialog';

/** Keys typed into a field or pressed with a modifier are not decisions. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return event.ctrlKey || event.metaKey || event.altKey || !!target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]');
}

/**
 * The review queue: documents oldest first (listing, type, agent, age), the
 * selected one shown beside its decision. Approve or Return by click or by
 * key (A / R; ↑ / ↓ move between documents). A decided document leaves the
 * list and the next one is selected.
 */
export function ReviewQueue({ pages, canDecide, listingHref }: { pages: ReturnType<typeof useReviewQueue>; canDecide: boolean; listingHref: (listingId: string) => string }) {
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [lastIndex, setLastIndex] = useState(0);
  const [returning, setReturning] = useState(false);
  const review = useReviewDocument({ onReviewed: () => setReturning(false) });
  // The selected row, or (after it left the list) the one now in its place.
  const selectedIndex = Math.max(0, rows.findIndex((row) => row.document_id === selectedId));
  const index = selectedId && rows.some((row) => row.document_id === selectedId) ? selectedIndex : Math.min(lastIndex, rows.length - 1);
  const selected: ReviewQueueRow | undefined = rows[index];

  const select = (at: number) => {
    const row = rows[at];
    if (!row) return;
    setSelectedId(row.document_id);
    setLastIndex(at);
  };
  const approve = () => selected && canDecide && !review.isPending && review.mutate({ documentId: selected.document_id, listingId: selected.listing_id, decision: 'approve' });

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (isTyping(event) || !selected) return;
    const key = event.key.toLowerCase();
    if (key === 'a' && canDecide) {
      event.preventDefault();
      setLastIndex(index);
      approve();
    } else if (key === 'r' && canDecide) {
      event.preventDefault();
      setLastIndex(index);
      setReturning(true);
    } else if (key === 'arrowdown' || key === 'j') {
      event.preventDefault();
      select(Math.min(index + 1, rows.length - 1));
    } else if (key === 'arrowup' || key === 'k') {
      event.preventDefault();
      select(Math.max(index - 1, 0));
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (pages.isPending) return <Skeleton className="h-64 w-full" />;
  if (pages.isError) return <p className="text-destructive text-sm">Could not load the review queue: {pages.error.message}</p>;
  if (rows.length === 0) return <p className="text-muted-foreground rounded-xl border border-dashed py-12 text-center text-sm">No documents here. Nothing is waiting.</p>;

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-2">
        <ul className="flex flex-col gap-2" aria-label="Documents to review">
          {rows.map((row, at) => (
            <li key={row.document_id}>
              <button
                type="button"
                aria-current={at === index}
                onClick={() => select(at)}
                data-testid="queue-row"
                className={cn(
                  'focus-visible:ring-ring/50 flex w-full flex-col gap-0.5 rounded-lg border p-3 text-left text-sm outline-none focus-visible:ring-[3px]',
                  at === index ? 'border-primary ring-primary ring-1' : 'hover:bg-muted/50',
                )}
              >
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{row.type_label}</span>
                  <span className="text-muted-foreground text-xs">{row.submitted_at ? formatDistanceToNowStrict(new Date(row.submitted_at), { addSuffix: true }) : ''}</span>
                </span>
                <span className="break-words">{row.address}</span>
                <span className="text-muted-foreground text-xs">
                  {row.agent_name} · {row.file_name}
                  {row.version && row.version > 1 ? ` · version ${row.version}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {pages.hasNextPage && (
          <Button variant="ghost" size="sm" className="self-center" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            Show more
          </Button>
        )}
      </div>
      {selected && (
        <section className="flex min-w-0 flex-col gap-3 rounded-xl border p-4" aria-label="Selected document">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-0.5">
              <h2 className="text-lg font-semibold">{selected.type_label}</h2>
              <Link to={listingHref(selected.listing_id)} className="text-sm break-words underline-offset-4 hover:underline">
                {selected.address}
              </Link>
              <span className="text-muted-foreground text-xs">
                {selected.agent_name} · {selected.file_name}
              </span>
              {selected.review_state === 'returned' && selected.review_reason && <p className="text-destructive text-sm">Returned: {selected.review_reason}</p>}
            </div>
            {canDecide && selected.review_state === 'submitted' && (
              <div className="flex gap-2">
                <Button onClick={approve} disabled={review.isPending} aria-keyshortcuts="A">
                  <Check />
                  Approve <kbd className="bg-primary-foreground/20 rounded px-1 text-xs">A</kbd>
                </Button>
                <Button variant="outline" onClick={() => setReturning(true)} disabled={review.isPending} aria-keyshortcuts="R">
                  <Undo2 />
                  Return <kbd className="bg-muted rounded px-1 text-xs">R</kbd>
                </Button>
              </div>
            )}
          </div>
          <DocumentPreview key={selected.document_id} fileUrl={selected.file_url ?? ''} fileName={selected.file_name ?? ''} />
          <ReturnDocumentDialog
            open={returning}
            onOpenChange={setReturning}
            documentId={selected.document_id}
            listingId={selected.listing_id}
            documentName={selected.file_name ?? 'the document'}
            pending={review.isPending}
            onReturn={(reason) => review.mutate({ documentId: selected.document_id, listingId: selected.listing_id, decision: 'return', reason })}
          />
        </section>
      )}
    </div>
  );
}
