import { ChevronRight } from 'lucide-react';
import { formatTimestamp } from '@/lib/format-timestamp';
import { FORM_PICKER_LABELS } from '@/features/contracts/api/contract-input';
import type { ContractForm } from '@/features/contracts/api/get-contract-forms';
import type { Contract } from '@/features/contracts/api/get-contracts';
import { asFormKey, ContractFacts } from '@/features/contracts/components/contract-facts';
import { DeadlineTimeline } from '@/features/contracts/components/deadline-timeline';

function outcome(contract: Contract): string {
  if (contract.status === 'closed') return `Closed ${contract.closed_at ? formatTimestamp(contract.closed_at) : ''}`.trim();
  return `Terminated ${contract.terminated_at ? formatTimestamp(contract.terminated_at) : ''}`.trim();
}

/** Closed and terminated contracts of the listing, newest first, each opened on demand (read-only: their deadlines no longer change). */
export function EarlierContracts({ contracts, forms, now }: { contracts: Contract[]; forms: ContractForm[] | undefined; now: Date }) {
  if (contracts.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="earlier-contracts-heading">
      <h3 id="earlier-contracts-heading" className="font-semibold">
        Earlier contracts
      </h3>
      <ul className="flex flex-col gap-2">
        {contracts.map((contract) => (
          <li key={contract.id} data-testid="earlier-contract" data-status={contract.status}>
            <details className="group bg-card rounded-lg border">
              <summary className="hover:bg-accent flex cursor-pointer list-none items-start gap-2 rounded-lg p-4 [&::-webkit-details-marker]:hidden">
                <ChevronRight aria-hidden className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-90" />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium">
                    {FORM_PICKER_LABELS[asFormKey(contract.form)]} contract · {outcome(contract)}
                  </span>
                  {contract.termination_reason && <span className="text-muted-foreground text-sm break-words">Reason: {contract.termination_reason}</span>}
                </span>
              </summary>
              <div className="flex flex-col gap-6 border-t p-4">
                <ContractFacts contract={contract} formInfo={forms?.find((form) => form.key === contract.form)} />
                <DeadlineTimeline contract={contract} now={now} editable={false} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
