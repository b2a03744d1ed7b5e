import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { listingKeys } from '@/features/listings/api/query-keys';

/** Spec part 1 §9: smart reminders refresh every 60 s. */
export const SMART_REMINDERS_REFRESH_MS = 60_000;

const smartRemindersSchema = z.object({ reminders: z.array(z.string()) });

/** Reminders for a listing from the smart-reminders Edge Function (coordinators and super admins only). */
export async function getSmartReminders(listingId: string): Promise<string[]> {
  const data = await throwIfFunctionError(await supabase.functions.invoke('smart-reminders', { body: { listingId } }));
  return smartRemindersSchema.parse(data).reminders;
}

export function smartRemindersQueryOptions(listingId: string) {
  return queryOptions({
    queryKey: listingKeys.smartReminders(listingId),
    queryFn: () => getSmartReminders(listingId),
    refetchInterval: SMART_REMINDERS_REFRESH_MS,
  });
}

export function useSmartReminders(listingId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...smartRemindersQueryOptions(listingId), enabled });
}

/** Refetches a listing's reminders: the listing screen calls it when the tasks or documents they are computed from change. */
export function useRefreshSmartReminders(listingId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: listingKeys.smartReminders(listingId) }), [queryClient, listingId]);
}
