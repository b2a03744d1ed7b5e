import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { contractFactsSchema, contractFieldErrors, previewFacts, type ContractFormValues } from '@/features/contracts/api/contract-input';
import type { PreviewInput } from '@/features/contracts/api/preview-contract-deadlines';

/** How long typing pauses before the key dates are previewed again. */
const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The contract form's state: the values, their parse, the messages to show
 * (a field's mistake as soon as it holds text, an empty required field once
 * saving was tried), and the preview input, debounced, for as long as the
 * values parse.
 */
export function useContractDraft(initial: ContractFormValues) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const parsed = useMemo(() => contractFactsSchema.safeParse(values), [values]);
  const errors = useMemo(() => {
    const all = contractFieldErrors(values);
    return Object.fromEntries(Object.entries(all).filter(([name]) => submitted || values[name as keyof ContractFormValues] !== '')) as typeof all;
  }, [values, submitted]);
  // Memoised on the parse, so an unrelated re-render does not restart the debounce with an equal but new object.
  const previewInput = useMemo<PreviewInput | null>(() => (parsed.success ? { form: parsed.data.form, facts: previewFacts(parsed.data) } : null), [parsed]);
  const debouncedPreviewInput = useDebouncedValue(previewInput, PREVIEW_DEBOUNCE_MS);

  return {
    values,
    errors,
    parsed,
    previewInput,
    debouncedPreviewInput,
    change: (patch: Partial<ContractFormValues>) => setValues((current) => ({ ...current, ...patch })),
    /** Marks the form as submitted (every message shows) and says whether it may be saved. */
    trySubmit: () => {
      setSubmitted(true);
      return parsed.success;
    },
  };
}
