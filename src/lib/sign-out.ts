import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

let requested = false;

/**
 * True once this tab asked to sign out. A SIGNED_OUT event without it means
 * the session ended on its own (revoked, refresh refused, signed out in
 * another tab), which the app reports as "You are logged out".
 */
export function signOutWasRequested(): boolean {
  return requested;
}

/**
 * Ends this browser's session (other devices stay signed in). supabase-js
 * forgets the stored session even when the server already dropped it
 * (401/403/404); only a network failure leaves it, which we report.
 */
export async function signOut(): Promise<void> {
  requested = true;
  // SIGNED_OUT is emitted while this call runs, so the flag only needs to live that long.
  const { error } = await supabase.auth.signOut({ scope: 'local' }).finally(() => {
    requested = false;
  });
  if (error) throw new ApiError(error.status ?? 0, error.message, { code: error.code, cause: error });
}
