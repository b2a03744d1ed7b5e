import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAmendContract } from '@/features/contracts/api/amend-contract';
import { contractFactsSchema, previewFacts, valuesFromContract, type ContractFormValues } from '@/features/contracts/api/contract-input';
import type { Contract } from '@/features/contracts/api/get-contracts';
import { useContractPreview } from '@/features/contracts/api/preview-contract-deadlines';
import { amendmentReview, changesNoDate } from '@/features/contracts/lib/amendment-review';
import { AmendmentReviewList } from '@/features/contracts/components/amendment-review-list';
import { ContractEditor } from '@/features/contracts/components/contract-editor';

/** The second step of an amendment: every date old → new, computed from the amended facts, and only then 'Save amendment'. */
function AmendmentReviewStep({ contract, values, onBack, onSaved }: { contract: Contract; values: ContractFormValues; onBack: () => void; onSaved: () => void }) {
  const amend = useAmendContract();
  const input = useMemo(() => {
    const parsed = contractFactsSchema.parse(values);
    return { form: parsed.form, facts: previewFacts(parsed) };
  }, [values]);
  const preview = useContractPreview(input);
  const rows = preview.data ? amendmentReview(contract.deadlines, preview.data) : null;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h3>Review the amendment</h3>
        </CardTitle>
        <CardDescription>Every date of the contract before and after saving. Dates changed by hand and settled ones stay as they are.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {preview.isError ? (
          <p className="text-destructive text-sm" role="alert">
            {preview.error.message}
          </p>
        ) : !rows ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            {changesNoDate(rows) && <p className="text-muted-foreground text-sm">No date changes; only the other facts are saved.</p>}
            <AmendmentReviewList rows={rows} zone={contract.time_zone} />
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onBack}>
            Back to editing
          </Button>
          <Button
            type="button"
            disabled={!rows || amend.isPending}
            onClick={() => amend.mutate({ listingId: contract.listing_id, contractId: contract.id, values }, { onSuccess: onSaved })}
          >
            Save amendment
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Amending an active contract: change the facts (preview beside them), review every date old → new, save. */
export function AmendContractPanel({ contract, onDone }: { contract: Contract; onDone: () => void }) {
  const [values, setValues] = useState(() => valuesFromContract(contract));
  const [reviewing, setReviewing] = useState(false);

  if (reviewing) return <AmendmentReviewStep contract={contract} values={values} onBack={() => setReviewing(false)} onSaved={onDone} />;
  return (
    <ContractEditor
      title="Amend the contract"
      description="Change the facts as the amendment reads; the next step shows every date before and after."
      initialValues={values}
      formLocked
      zone={contract.time_zone}
      submitLabel="Review changes"
      pending={false}
      onSubmit={(amended) => {
        setValues(amended);
        setReviewing(true);
      }}
      onCancel={onDone}
    />
  );
}
