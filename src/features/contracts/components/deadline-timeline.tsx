import type { Contract } from '@/features/contracts/api/get-contracts';
import { CustomDeadlineDialog } from '@/features/contracts/components/custom-deadline-dialog';
import { DeadlineRow } from '@/features/contracts/components/deadline-row';

/** A contract's key dates by due date (the database orders them), with countdowns; editable while the contract is active. */
export function DeadlineTimeline({ contract, now, editable }: { contract: Contract; now: Date; editable: boolean }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`timeline-${contract.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={`timeline-${contract.id}`} className="font-semibold">
            Key dates
          </h3>
          <p className="text-muted-foreground text-xs">Times are {contract.time_zone} time, where the property is.</p>
        </div>
        {editable && <CustomDeadlineDialog listingId={contract.listing_id} contractId={contract.id} zone={contract.time_zone} />}
      </div>
      {contract.deadlines.length === 0 ? (
        <p className="text-muted-foreground py-6 text-center text-sm">No key dates yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Key dates">
          {contract.deadlines.map((deadline) => (
            <DeadlineRow key={deadline.id} deadline={deadline} zone={contract.time_zone} now={now} contractActive={contract.status === 'active'} editable={editable} />
          ))}
        </ol>
      )}
    </section>
  );
}
