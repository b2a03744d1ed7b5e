import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export interface AuthSessionState {
  signedIn: boolean;
  email?: string;
  expiresAt?: Date;
}

/** The browser's stored auth session; supabase-js refreshes it from the auth service when it has expired. */
export async function getAuthSession(): Promise<AuthSessionState> {
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  const session = data.session;
  if (!session) return { signedIn: false };
  return {
    signedIn: true,
    email: session.user.email,
    expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : undefined,
  };
}

export function authSessionQueryOptions() {
  return queryOptions({
    queryKey: ['system-status', 'auth-session'],
    queryFn: getAuthSession,
  });
}

export function useAuthSession() {
  return useQuery(authSessionQueryOptions());
}
