import { z } from 'zod';

/** The stages a required document is required for, in order. */
export const COMPLIANCE_STAGES = ['live', 'under_contract', 'closed'] as const;
export type ComplianceStage = (typeof COMPLIANCE_STAGES)[number];
export const STAGE_LABELS: Record<ComplianceStage, string> = { live: 'Live', under_contract: 'Under Contract', closed: 'Closed' };

/** One entry of listing_compliance().missing. */
export const missingDocumentSchema = z.object({
  document_type: z.string(),
  label: z.string(),
  state: z.enum(['missing', 'submitted', 'returned']),
});
export type MissingDocument = z.infer<typeof missingDocumentSchema>;

/** One row of listing_compliance(): a stage, its counts and what is still missing or not approved. */
export const stageComplianceSchema = z.object({
  stage: z.enum(COMPLIANCE_STAGES),
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
 * documents of that stage and every earlier one. Empty for a status without
 * a gate (incomplete, ready), for a move back to an earlier stage (never
 * gated), or when all is approved.
 */
export function blockersFor(stages: readonly StageCompliance[], status: string, from?: string): MissingDocument[] {
  const index = (COMPLIANCE_STAGES as readonly string[]).indexOf(status);
  if (index < 0) return [];
  if (from !== undefined && (COMPLIANCE_STAGES as readonly string[]).indexOf(from) >= index) return [];
  const gated = new Set<string>(COMPLIANCE_STAGES.slice(0, index + 1));
  return stages.filter((row) => gated.has(row.stage)).flatMap((row) => row.missing);
}
