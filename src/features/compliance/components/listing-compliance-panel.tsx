import { Skeleton } from '@/components/ui/skeleton';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import { useChecklistItems } from '@/features/compliance/api/get-checklist-items';
import { useDocumentTypeLabels } from '@/features/compliance/api/get-document-type-labels';
import { useListingCompliance } from '@/features/compliance/api/get-listing-compliance';
import { ApplyTemplateDialog } from '@/features/compliance/components/apply-template-dialog';
import { ChecklistItemRow } from '@/features/compliance/components/checklist-item-row';
import { ComplianceProgress } from '@/features/compliance/components/compliance-progress';

/**
 * A listing's compliance: required documents approved per stage, then the
 * applied checklist (required documents, the agent's requirement tasks, the
 * coordinator's to-dos). The coordinator and super admin apply templates by
 * hand, tick to-dos, remove task items and waive required documents with a
 * reason (shown as "Waived by <name>: <reason>").
 */
export function ListingCompliancePanel({ listingId, user }: { listingId: string; user: CurrentUser }) {
  const compliance = useListingCompliance(listingId);
  const items = useChecklistItems(listingId);
  const labels = useDocumentTypeLabels();
  const canManage = can.manageChecklist(user);
  const labelOf = (key: string | null) => labels.data?.find((type) => type.key === key)?.label;
  // A required document not in any stage's missing list is approved (or present, when no approval is needed).
  const missingState = new Map(compliance.data?.flatMap((stage) => stage.missing.map((entry) => [entry.document_type, entry.state] as const)));
  const documentState = (key: string | null) => (compliance.data ? (missingState.get(key ?? '') ?? 'approved') : undefined);

  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-3" aria-labelledby="compliance-progress-heading">
        <h2 id="compliance-progress-heading" className="text-lg font-semibold">
          Compliance
        </h2>
        {compliance.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : compliance.isError ? (
          <p className="text-destructive text-sm">Could not load compliance: {compliance.error.message}</p>
        ) : (
          <ComplianceProgress stages={compliance.data} />
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="checklist-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="checklist-heading" className="font-semibold">
            Checklist
          </h3>
          {canManage && <ApplyTemplateDialog listingId={listingId} />}
        </div>
        {items.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : items.isError ? (
          <p className="text-destructive text-sm">Could not load the checklist: {items.error.message}</p>
        ) : items.data.length === 0 ? (
          <p className="text-muted-foreground py-4 text-center text-sm">No checklist items: no template matches this listing yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Checklist items">
            {items.data.map((item) => (
              <ChecklistItemRow
                key={item.id}
                item={item}
                typeLabel={labelOf(item.document_type)}
                documentState={item.kind === 'document' ? documentState(item.document_type) : undefined}
                canManage={canManage}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
