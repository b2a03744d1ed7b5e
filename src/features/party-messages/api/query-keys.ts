/**
 * Query keys of message templates and party messages (issue 55). The Outbox
 * under ['party-messages'] (its counts and each tab's pages); a listing's
 * messages under the listing (['listings', id, 'party-messages']) so any
 * write to the listing refreshes them; templates under ['message-templates'].
 */
export const partyMessageKeys = {
  all: ['party-messages'] as const,
  counts: ['party-messages', 'counts'] as const,
  tab: (status: string) => ['party-messages', 'tab', status] as const,
  listing: (listingId: string) => ['listings', listingId, 'party-messages'] as const,
  templates: ['message-templates'] as const,
  mergeFields: ['message-templates', 'merge-fields'] as const,
  deadlineKeys: ['message-templates', 'deadline-keys'] as const,
};
