import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import type { DeadlineListRow } from '@/features/contracts/api/get-deadline-pages';
import { countdownText, deadlineState } from '@/features/contracts/lib/countdown';
import { formatZonedDateTime } from '@/features/contracts/lib/zoned-time';
import { DEADLINE_STATE_STYLES, DeadlineStateIcon } from '@/features/contracts/components/deadline-state-badge';

const agentName = (row: DeadlineListRow) => {
  const agent = row.contract?.listing?.agent;
  return agent ? [agent.first_name, agent.last_name].filter(Boolean).join(' ') : null;
};

/** One deadline in a list across listings: what is due, where, for whom, when; one click opens the listing's Contract tab. */
export function DeadlineListItem({ row, now, showAgent = true }: { row: DeadlineListRow; now: Date; /** Off on the agent's own card, where every row is theirs. */ showAgent?: boolean }) {
  const zone = row.contract?.time_zone ?? 'America/Chicago';
  const state = deadlineState(row, now, zone);
  const agent = showAgent ? agentName(row) : null;
  return (
    <li data-testid="deadline-item" data-state={state} data-key={row.key}>
      <Link
        to={paths.listing.getHref(row.listing_id, 'contract')}
        className={cn('hover:bg-accent focus-visible:ring-ring/50 flex items-start gap-3 rounded-lg border p-3 outline-none focus-visible:ring-[3px]', DEADLINE_STATE_STYLES[state].row)}
      >
        <DeadlineStateIcon state={state} className="mt-0.5" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-medium">{row.label}</span>
          <span className="text-sm break-words">{row.contract?.listing?.address ?? 'Listing'}</span>
          <span className="text-foreground/75 text-xs">
            {row.due_at && <time dateTime={row.due_at}>{formatZonedDateTime(new Date(row.due_at), zone)}</time>}
            {agent && ` · ${agent}`}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-1 text-sm font-medium" data-testid="countdown">
          {countdownText(row, now, zone)}
          <ChevronRight aria-hidden className="size-4" />
        </span>
      </Link>
    </li>
  );
}
