import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { profileKeys } from '@/features/profile/api/query-keys';

/** The active account's own MLS password, decrypted by get_mls_password() (null when none is stored). */
async function getMlsPassword(): Promise<string | null> {
  return throwIfError(await supabase.rpc('get_mls_password')) ?? null;
}

/**
 * Fetched only while its owner reveals it, and never kept: no cache time, no
 * retries, no refetch on focus. Once hidden, the answer leaves the cache.
 */
export function mlsPasswordQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: profileKeys.mlsPasswordSecret(accountId),
    queryFn: getMlsPassword,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useRevealedMlsPassword(accountId: string, revealed: boolean) {
  return useQuery({ ...mlsPasswordQueryOptions(accountId), enabled: revealed });
}
