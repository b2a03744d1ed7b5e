import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { settingsKeys } from '@/lib/settings-query-keys';
import { supabase } from '@/lib/supabase';

/** inbound_email_domain(): the domain of listing forwarding addresses set in System Settings; null means the app's own host. */
export async function getInboundEmailDomain(): Promise<string | null> {
  return throwIfError(await supabase.rpc('inbound_email_domain'));
}

export function inboundEmailDomainQueryOptions() {
  // A deployment setting: read once per session; saving System Settings invalidates it.
  return queryOptions({ queryKey: settingsKeys.inboundEmailDomain, queryFn: getInboundEmailDomain, staleTime: Infinity });
}

export function useInboundEmailDomain() {
  return useQuery(inboundEmailDomainQueryOptions());
}
