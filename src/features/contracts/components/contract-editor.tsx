import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { START_DATE_LABELS, type ContractFormValues } from '@/features/contracts/api/contract-input';
import { useContractForms } from '@/features/contracts/api/get-contract-forms';
import { useContractPreview } from '@/features/contracts/api/preview-contract-deadlines';
import { useContractDraft } from '@/features/contracts/hooks/use-contract-draft';
import { ContractFormFields } from '@/features/contracts/components/contract-form-fields';
import { DeadlinePreview } from '@/features/contracts/components/deadline-preview';

/**
 * The contract form beside a live preview of its key dates, for recording
 * a contract and for amending one. `onSubmit` gets values that parse.
 */
export function ContractEditor({
  title,
  description,
  initialValues,
  formLocked = false,
  zone,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  title: string;
  description: string;
  initialValues: ContractFormValues;
  formLocked?: boolean;
  /** The contract's own zone when amending; else the chosen form's. */
  zone?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ContractFormValues) => void;
  onCancel: () => void;
}) {
  const forms = useContractForms();
  const draft = useContractDraft(initialValues);
  const preview = useContractPreview(draft.debouncedPreviewInput);
  const previewZone = zone ?? forms.data?.find((form) => form.key === draft.values.form)?.time_zone;
  const waitingFor = draft.previewInput
    ? null
    : draft.values.effective_date === ''
      ? `Enter the ${START_DATE_LABELS[draft.values.form].toLowerCase()} to see the key dates.`
      : 'Correct the marked fields to see the key dates.';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trySubmit()) onSubmit(draft.values);
  };

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h3>{title}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={title}>
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <ContractFormFields values={draft.values} errors={draft.errors} onChange={draft.change} forms={forms.data} formLocked={formLocked} />
            <div className="lg:sticky lg:top-4">
              <DeadlinePreview preview={preview} zone={previewZone} waitingFor={waitingFor} />
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
