import { z } from 'zod';


/** One entry of listing_compliance().missing. */
export const missingDocumentSchema = z.object({
  document_type: z.string(),
  label: z.string(),
  state: z.enum(['missing', 'submitted', 'returned']),
});
export type MissingDocument = z.infer<typeof missingDocumentSchema>;

/**
 * One row of listing_compliance(): a stage (a status of public.listing_statuses
 * that is a compliance stage; the rows come in the stages' order), its counts
 * and what is still missing or not approved.
 */
export const stageComplianceSchema = z.object({
  stage: z.string(),
  required: z.number(),
  approved: z.number(),
  missing: z.array(missingDocumentSchema),
});
export type StageCompliance = z.infer<typeof stageComplianceSchema>;

const STATE_WORDS: Record<MissingDocument['state'], string> = { missing: 'missing', submitted: 'waiting for review', returned: 'returned' };

/** "Seller's Disclosure (returned)": the words the status selector and panel show for an entry. */
export function describeMissing(entry: MissingDocument): string {
  return `${entry.label} (${STATE_WORDS[entry.state]})`;
}

/**
 * What blocks a move to `status` (from `from`, the listing's current status,
 * when given), as the database's gate sees it: the missing or unapproved
 * documents of that stage and every earlier one, in the order of
 * listing_compliance()'s rows. Empty for a status without a gate (not a stage:
 * incomplete, ready), for a move back to an earlier stage (never gated), or
 * when all is approved.
 */
export function blockersFor(stages: readonly StageCompliance[], status: string, from?: string): MissingDocument[] {
  const order = stages.map((row) => row.stage);
  const index = order.indexOf(status);
  if (index < 0) return [];
  if (from !== undefined && order.indexOf(from) >= index) return [];
  return stages.slice(0, index + 1).flatMap((row) => row.missing);
}
