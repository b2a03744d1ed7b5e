import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

export interface AccountOption {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: string;
  createdAt: string;
}

/** The accounts of the signed-in person (one sign-in, possibly several accounts), oldest first. */
async function getAccounts(): Promise<AccountOption[]> {
  const { data } = await supabase.auth.getSession();
  const authUserId = data.session?.user.id;
  if (!authUserId) throw new ApiError(401, 'Unauthorized');
  const rows = throwIfError(
    await supabase.from('users').select('id, first_name, last_name, email, role, created_at').eq('auth_user_id', authUserId).order('created_at'),
  );
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
  }));
}

export const accountsQueryKey = ['accounts'] as const;

export function accountsQueryOptions() {
  return queryOptions({ queryKey: accountsQueryKey, queryFn: getAccounts });
}

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}
