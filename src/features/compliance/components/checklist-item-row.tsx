import { FileCheck2, ListTodo, Trash2, TriangleAlert, UserRound } from 'lucide-react';
import { format, parseISO } from 'date-fns';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { useStatusLabel } from '@/lib/listing-status';
import type { ChecklistItem } from '@/features/compliance/api/get-checklist-items';
import { useRemoveChecklistItem, useSetChecklistItemDone } from '@/features/compliance/api/change-checklist-item';
import { WaiveItemDialog } from '@/features/compliance/components/waive-item-dialog';

const DOCUMENT_STATES: Record<string, { label: string; className: string }> = {
  approved: { label: 'Approved', className: 'border-green-200 bg-green-100 text-green-800' },
  submitted: { label: 'Waiting for review', className: 'border-amber-200 bg-amber-100 text-amber-900' },
  returned: { label: 'Returned', className: 'border-red-200 bg-red-100 text-red-800' },
  missing: { label: 'Missing', className: 'border-slate-300 bg-slate-100 text-slate-800' },
};

/**
 * One applied item: a required document (its stage and where it stands:
 * missing, waiting for review, returned, approved; or waived, with who and
 * why; marked when its template no longer matches the listing), the agent's
 * requirement task, or the coordinator's to-do (a done toggle). Managers
 * waive a required document with a reason and remove task items.
 */
export function ChecklistItemRow({ item, typeLabel, documentState, canManage }: { item: ChecklistItem; typeLabel: string | undefined; documentState?: string; canManage: boolean }) {
  const setDone = useSetChecklistItemDone();
  const remove = useRemoveChecklistItem();
  const statusLabel = useStatusLabel();
  const title = item.kind === 'document' ? (typeLabel ?? item.document_type ?? 'Document') : (item.title ?? 'Task');
  const done = item.status === 'done';
  const isTodo = item.kind === 'task' && item.assignee === 'coordinator';
  const waived = item.kind === 'document' && item.waived_at !== null;
  const unmatched = item.kind === 'document' && !waived && item.unmatched_at !== null;

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3" data-testid="checklist-item">
      {isTodo && canManage ? (
        <Checkbox
          checked={done}
          disabled={setDone.isPending}
          aria-label={`${title} done`}
          onCheckedChange={(checked) => setDone.mutate({ listingId: item.listing_id, itemId: item.id, done: checked === true })}
        />
      ) : item.kind === 'document' ? (
        <FileCheck2 aria-hidden className="text-muted-foreground size-4" />
      ) : (
        <ListTodo aria-hidden className="text-muted-foreground size-4" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={done ? 'text-muted-foreground text-sm line-through' : 'text-sm font-medium'}>{title}</span>
        <span className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-xs">
          {item.kind === 'document' ? (
            <>
              Required to go {statusLabel(item.required_for ?? '')}
              {item.needs_approval ? ' · approval needed' : ''}
            </>
          ) : (
            <>
              <UserRound aria-hidden className="size-3" />
              {item.assignee === 'coordinator' ? 'Coordinator to-do' : 'Agent requirement'}
              {item.due_date && <> · due {format(parseISO(item.due_date), 'MMM d, yyyy')}</>}
            </>
          )}
        </span>
        {waived && (
          <p className="text-muted-foreground text-xs break-words" data-testid="waived-note">
            Waived by {item.waived_by_name ?? 'a coordinator'}: {item.waived_reason}
          </p>
        )}
        {unmatched && (
          <p className="flex items-start gap-1 text-xs break-words text-amber-900" data-testid="unmatched-note">
            <TriangleAlert aria-hidden className="mt-px size-3 shrink-0" />
            No template matches this listing any more since its details changed; still required until waived.
          </p>
        )}
      </div>
      {item.kind === 'task' && done && <Badge variant="secondary">Done</Badge>}
      {waived && <Badge variant="secondary">Waived</Badge>}
      {unmatched && (
        <Badge variant="outline" className="border-amber-200 bg-amber-50 text-amber-900">
          No longer matches
        </Badge>
      )}
      {!waived && documentState && DOCUMENT_STATES[documentState] && (
        <Badge variant="outline" className={DOCUMENT_STATES[documentState].className}>
          {DOCUMENT_STATES[documentState].label}
        </Badge>
      )}
      {canManage && item.kind === 'document' && !waived && <WaiveItemDialog listingId={item.listing_id} itemId={item.id} title={title} />}
      {canManage && item.kind === 'task' && (
        <ConfirmAction
          title="Remove item"
          question={`Remove "${title}" from this listing's checklist?`}
          onConfirm={() => remove.mutate({ listingId: item.listing_id, itemId: item.id })}
          trigger={
            <Button size="icon-sm" variant="ghost" aria-label={`Remove ${title}`} disabled={remove.isPending}>
              <Trash2 />
            </Button>
          }
        />
      )}
    </li>
  );
}
