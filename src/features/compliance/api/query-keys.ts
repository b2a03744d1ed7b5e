/**
 * Query keys of checklists, compliance and reviews. A listing's checklist and
 * compliance sit under the listing (['listings', id, …]) so any write to the
 * listing refreshes them; the review queue and returned documents under
 * ['compliance-queue']; templates under ['checklist-templates'].
 */
export const complianceKeys = {
  listingCompliance: (listingId: string) => ['listings', listingId, 'compliance'] as const,
  checklist: (listingId: string) => ['listings', listingId, 'checklist'] as const,
  /** One page of dashboard cards' progress; under ['listings'] so listing changes refresh it. */
  summary: (listingIds: readonly string[]) => ['listings', 'compliance-summary', listingIds] as const,
  queue: ['compliance-queue'] as const,
  queuePages: (filters: Record<string, string | null>) => ['compliance-queue', 'pages', filters] as const,
  returnedForAgent: (agentId: string) => ['compliance-queue', 'returned', agentId] as const,
  templates: ['checklist-templates'] as const,
  templateItems: (templateId: string) => ['checklist-templates', templateId, 'items'] as const,
  templateMatches: (templateId: string) => ['checklist-templates', templateId, 'matches'] as const,
};
