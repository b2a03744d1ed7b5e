import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/**
 * Ends this browser's session (other devices stay signed in). supabase-js
 * forgets the stored session even when the server already dropped it
 * (401/403/404); only a network failure leaves it, which we report.
 */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw new ApiError(error.status ?? 0, error.message, { code: error.code, cause: error });
}
