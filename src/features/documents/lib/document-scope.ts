import { z } from 'zod';
import { BUCKETS } from '@/lib/storage-buckets';
import { documentKeys } from '@/features/documents/api/query-keys';

/**
 * Where a document belongs: a listing (bucket listing-documents, rows with
 * listing_id) or a team's general library (bucket team-documents, rows with
 * is_general and team_tc_id = the team's coordinator).
 */
export const documentScopeSchema = z.union([z.object({ listingId: z.uuid() }), z.object({ teamId: z.uuid() })]);
export type DocumentScope = z.infer<typeof documentScopeSchema>;

export const isTeamScope = (scope: DocumentScope): scope is { teamId: string } => 'teamId' in scope;

/** The bucket holding the scope's files (the migration create_storage_buckets). */
export function scopeBucket(scope: DocumentScope): string {
  return isTeamScope(scope) ? BUCKETS.teamDocuments : BUCKETS.listingDocuments;
}

/** The object folder of the scope: storage policies derive access from it (listings/<id>/… or teams/<coordinator_id>/…). */
export function scopeFolder(scope: DocumentScope): string {
  return isTeamScope(scope) ? `teams/${scope.teamId}` : `listings/${scope.listingId}`;
}

/** The query key every list of the scope's documents sits under. */
export function scopeQueryKey(scope: DocumentScope) {
  return isTeamScope(scope) ? documentKeys.byTeam(scope.teamId) : documentKeys.byListing(scope.listingId);
}

/** The scope of a stored document row (documents_scope_check: general rows have a team, the others a listing). */
export function documentScopeOf(document: { is_general: boolean; listing_id: string | null; team_tc_id: string | null }): DocumentScope {
  return document.is_general ? { teamId: document.team_tc_id ?? '' } : { listingId: document.listing_id ?? '' };
}

/** The bucket of a stored document row. */
export function documentBucket(document: { is_general: boolean }): string {
  return document.is_general ? BUCKETS.teamDocuments : BUCKETS.listingDocuments;
}
