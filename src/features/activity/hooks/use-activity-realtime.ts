import { useTableRealtime } from '@/hooks/use-table-realtime';
import { activityKeys } from '@/features/activity/api/query-keys';

/** New activity of one account (activity_log is append-only, written by triggers) refetches activityKeys.byUser. */
export function useActivityRealtime({ userId }: { userId: string }, options: { enabled?: boolean } = {}) {
  useTableRealtime({ table: 'activity_log', column: 'user_id', value: userId, queryKey: activityKeys.byUser(userId), ...options });
}
