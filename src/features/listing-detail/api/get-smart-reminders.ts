import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfFunctionError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** Spec part 1 §9: smart reminders refresh every 60 s. */
export const SMART_REMINDERS_REFRESH_MS = 60_000;

const smartRemindersSchema = z.object({ reminders: z.array(z.string()) });

export const smartRemindersQueryKey = (listingId: string) => ['listings', listingId, 'smart-reminders'] as const;

/** Reminders for a listing from the smart-reminders Edge Function (coordinators and super admins only). */
export async function getSmartReminders(listingId: string): Promise<string[]> {
  const data = await throwIfFunctionError(await supabase.functions.invoke('smart-reminders', { body: { listingId } }));
  return smartRemindersSchema.parse(data).reminders;
}

export function smartRemindersQueryOptions(listingId: string) {
  return queryOptions({
    queryKey: smartRemindersQueryKey(listingId),
    queryFn: () => getSmartReminders(listingId),
    refetchInterval: SMART_REMINDERS_REFRESH_MS,
  });
}

export function useSmartReminders(listingId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...smartRemindersQueryOptions(listingId), enabled });
}
