import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { isUnauthorized, throwIfError } from '@/lib/api-error';
import { BUCKETS } from '@/lib/storage-buckets';
import { objectPathFor, uploadThenRecord } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';
import { FINANCING_TYPES, FORM_LABELS, type ContractFormKey } from '@/features/contract-intake/lib/facts';
import type { ContractColumns } from '@/features/contract-intake/lib/review-state';

const factValue = z.union([z.string(), z.number(), z.boolean()]).nullable();

export const saveIntakeInputSchema = z.object({
  listingId: z.uuid(),
  intakeId: z.uuid(),
  file: z.instanceof(File),
  storedDocumentId: z.uuid().nullable(),
  contract: z
    .object({ form: z.enum(Object.keys(FORM_LABELS) as [ContractFormKey, ...ContractFormKey[]]), effective_date: z.iso.date(), financing_type: z.enum(FINANCING_TYPES).nullable() })
    .catchall(factValue),
  facts: z.record(z.string(), factValue),
  amendContractId: z.uuid().nullable(),
});
export type SaveIntakeInput = { listingId: string; intakeId: string; file: File; storedDocumentId: string | null; contract: ContractColumns; facts: Record<string, string | number | boolean | null>; amendContractId: string | null };

/**
 * Stores the contract PDF in the listing's documents, then saves the
 * contract (or the amendment), the document row and the intake's outcomes
 * in one database transaction (create_contract_from_intake). A refused save
 * removes the uploaded file again, so nothing is left half-saved. A contract
 * read from one of the listing's documents is already stored: nothing is
 * uploaded or filed again.
 */
export async function saveIntake(input: SaveIntakeInput) {
  const { listingId, intakeId, file, storedDocumentId, contract, facts, amendContractId } = saveIntakeInputSchema.parse(input);
  const record = async (document: Record<string, string | number> | null) =>
    throwIfError(
      await supabase.rpc('create_contract_from_intake', {
        intake_id: intakeId,
        contract,
        facts,
        ...(document ? { document } : {}),
        ...(amendContractId ? { amend_contract_id: amendContractId } : {}),
      }),
    );
  if (storedDocumentId) return record(null);
  const path = objectPathFor(`listings/${listingId}`, file.name);
  return uploadThenRecord({ bucket: BUCKETS.listingDocuments, path, file, contentType: 'application/pdf' }, () =>
    record({ file_name: file.name, file_url: path, file_type: 'application/pdf', file_size: file.size }),
  );
}

export function useSaveIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntake,
    onSuccess: (_saved, { listingId, amendContractId }) => {
      // The Contract tab and the Documents tab read under the listing's key.
      void queryClient.invalidateQueries({ queryKey: ['listings', listingId] });
      toast({
        title: amendContractId ? 'Contract amended' : 'Contract created',
        description: 'The key dates are on the timeline; the PDF is in the listing documents.',
      });
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast({ title: 'Could not save the contract', description: error.message, variant: 'destructive' });
    },
  });
}
