import { isTeamScope, type FeedScope } from '@/features/messages/api/feed-scope';

/** Query keys of the messages table: a listing's thread under the listing, a team's feed under the team. */
export const messageKeys = {
  byListing: (listingId: string) => ['listings', listingId, 'messages'] as const,
  byTeam: (teamId: string) => ['teams', teamId, 'messages'] as const,
  feed: (scope: FeedScope) => (isTeamScope(scope) ? messageKeys.byTeam(scope.teamId) : messageKeys.byListing(scope.listingId)),
};
