/** Query keys of the activity_log table: one account's activity, by page size. */
export const activityKeys = {
  all: ['activity'] as const,
  byUser: (userId: string) => ['activity', 'user', userId] as const,
  byUserPage: (userId: string, limit: number) => ['activity', 'user', userId, limit] as const,
};
