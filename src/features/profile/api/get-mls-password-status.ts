import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { profileKeys } from '@/features/profile/api/query-keys';

/**
 * Whether the active account has an MLS password stored. mls_password_is_set()
 * answers a boolean for the caller's own account only, so the profile can say
 * "set / not set" without ever receiving the secret.
 */
async function getMlsPasswordStatus(): Promise<boolean> {
  return throwIfError(await supabase.rpc('mls_password_is_set')) === true;
}

/** `accountId` keys the answer to the active account, so switching accounts never shows another's status. */
export function mlsPasswordStatusQueryOptions(accountId: string) {
  return queryOptions({ queryKey: profileKeys.mlsPasswordStatus(accountId), queryFn: getMlsPasswordStatus });
}

export function useMlsPasswordStatus(accountId: string) {
  return useQuery(mlsPasswordStatusQueryOptions(accountId));
}
