/**
 * Query keys of the documents table: a listing's documents sit under the
 * listing, as ['listings', id, 'documents']; a team's general documents under
 * the team, as ['teams', coordinator_id, 'documents'] (each page size below it).
 */
export const documentKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'documents'] as const,
  byTeam: (teamId: string) => ['teams', teamId, 'documents'] as const,
  /** The document types: migration data, read once. */
  types: ['document-types'] as const,
};
