import { z } from 'zod';

/**
 * Where a message feed lives: a listing's thread, or a team's general feed
 * (the team named by its coordinator's id, as messages.team_tc_id).
 */
export const feedScopeSchema = z.union([z.object({ listingId: z.uuid() }), z.object({ teamId: z.uuid() })]);
export type FeedScope = z.infer<typeof feedScopeSchema>;

export const isTeamScope = (scope: FeedScope): scope is { teamId: string } => 'teamId' in scope;

/** The scoping columns a new message sends (the database checks them and derives team_tc_id anyway). */
export function scopeColumns(scope: FeedScope) {
  return isTeamScope(scope) ? { is_general: true, team_tc_id: scope.teamId } : { listing_id: scope.listingId };
}
