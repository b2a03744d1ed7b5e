import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { MAX_DOCUMENT_BYTES } from '@/lib/storage-buckets';
import { supabase } from '@/lib/supabase';

const citationSchema = z.object({ page: z.number().int(), text: z.string(), field: z.string().optional() });
const factValueSchema = z.union([z.string(), z.number(), z.boolean()]);
const sourceSchema = z.enum(['form_field', 'text', 'ocr', 'ai']);

export const readingSchema = z.object({
  intakeId: z.uuid(),
  form: z.enum(['trec-20-18', 'car-rpa', 'generic']),
  pages: z.number().int(),
  fields: z.array(
    z
      .object({
        key: z.string(),
        // null: the contract gives different values for the fact (a flagged fact), listed as candidates for the person to pick.
        value: factValueSchema.nullable(),
        confidence: z.number(),
        source: sourceSchema,
        citation: citationSchema.nullable(),
        candidates: z.array(z.object({ value: factValueSchema, source: sourceSchema, citation: citationSchema })).optional(),
      })
      .refine((fact) => fact.value !== null || (fact.candidates ?? []).length >= 2, 'A fact without a value lists the values the contract gives'),
  ),
  paths: z.array(z.string()),
  scannedPages: z.array(z.number().int()),
  warning: z.string().optional(),
});
export type ContractReading = z.infer<typeof readingSchema>;

export const readContractInputSchema = z.object({
  listingId: z.uuid(),
  file: z
    .instanceof(File)
    .refine((file) => file.size <= MAX_DOCUMENT_BYTES, 'The PDF is larger than 25 MB; at most 25 MB can be read.')
    .refine((file) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf'), 'Choose a PDF file.'),
  ocrPages: z.array(z.object({ page: z.number().int(), text: z.string() })),
});
export type ReadContractInput = z.infer<typeof readContractInputSchema>;

/**
 * Sends the contract to the contract-intake function, which reads its form
 * fields and text layer, takes the browser's OCR of scanned pages, asks a
 * model for what is still missing when AI is set up, and logs the reading.
 */
export async function readContract(input: ReadContractInput): Promise<ContractReading> {
  const { listingId, file, ocrPages } = readContractInputSchema.parse(input);
  const body = new FormData();
  body.set('listingId', listingId);
  body.set('file', file);
  if (ocrPages.length > 0) body.set('ocrPages', JSON.stringify(ocrPages.map(({ page, text }) => ({ page, text }))));
  return readingSchema.parse(await throwIfFunctionError(await supabase.functions.invoke<unknown>('contract-intake', { body })));
}
