import { CalendarCog, Check, CircleSlash, Ellipsis, RotateCcw, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useDeleteCustomDeadline } from '@/features/contracts/api/delete-custom-deadline';
import type { ContractDeadline } from '@/features/contracts/api/get-contracts';
import { useRecomputeDeadline } from '@/features/contracts/api/recompute-deadline';
import { useSetDeadlineStatus } from '@/features/contracts/api/set-deadline-status';
import { ChangeDateDialog } from '@/features/contracts/components/change-date-dialog';

/**
 * What the people on the listing do with a deadline of the active contract:
 * mark it done (the common case, one click), or from 'More' waive it, change
 * its date, return a hand-changed date to the computed one; reopen a done or
 * waived one; delete one they added.
 */
export function DeadlineActions({ deadline, zone }: { deadline: ContractDeadline; zone: string }) {
  const setStatus = useSetDeadlineStatus();
  const recompute = useRecomputeDeadline();
  const deleteDeadline = useDeleteCustomDeadline();
  const [changingDate, setChangingDate] = useState(false);
  const ids = { listingId: deadline.listing_id, deadlineId: deadline.id };
  const busy = setStatus.isPending || recompute.isPending || deleteDeadline.isPending;

  if (deadline.status !== 'open') {
    return (
      <Button size="sm" variant="outline" className="w-fit shrink-0" disabled={busy} onClick={() => setStatus.mutate({ ...ids, status: 'open' })}>
        <Undo2 />
        Reopen
      </Button>
    );
  }

  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <Button size="sm" disabled={busy} onClick={() => setStatus.mutate({ ...ids, status: 'done' })}>
        <Check />
        Mark done
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" disabled={busy}>
            <Ellipsis />
            More
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => setStatus.mutate({ ...ids, status: 'waived' })}>
            <CircleSlash />
            Waive
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setChangingDate(true)}>
            <CalendarCog />
            Change date
          </DropdownMenuItem>
          {deadline.due_at_override && !deadline.is_custom && (
            <DropdownMenuItem onSelect={() => recompute.mutate(ids)}>
              <RotateCcw />
              Back to computed date
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {deadline.is_custom && (
        <ConfirmAction
          title="Delete deadline"
          question={`Delete "${deadline.label}"? It is removed from the timeline for everyone on the listing.`}
          onConfirm={() => deleteDeadline.mutate(ids)}
          trigger={
            <Button size="sm" variant="ghost" disabled={busy} aria-label={`Delete ${deadline.label}`}>
              <Trash2 />
            </Button>
          }
        />
      )}
      {changingDate && <ChangeDateDialog deadline={deadline} zone={zone} open={changingDate} onOpenChange={setChangingDate} />}
    </div>
  );
}
