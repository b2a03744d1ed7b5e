/**
 * Query keys of the admin console. Every list is one page of one search, so
 * a page is keyed by its parameters; deleting or inviting invalidates the
 * whole family (counts and lists move together).
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  users: ['admin', 'users'] as const,
  listings: ['admin', 'listings'] as const,
  invitations: ['admin', 'invitations'] as const,
  settings: ['admin', 'settings'] as const,
};
