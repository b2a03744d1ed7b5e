import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** inbound_email_domain(): the domain of listing forwarding addresses set in System Settings; null means the app's own host. */
export async function getInboundEmailDomain(): Promise<string | null> {
  return throwIfError(await supabase.rpc('inbound_email_domain'));
}

export function inboundEmailDomainQueryOptions() {
  // A deployment setting: read once per session; the settings screen changes it rarely.
  return queryOptions({ queryKey: ['settings', 'inbound-email-domain'] as const, queryFn: getInboundEmailDomain, staleTime: Infinity });
}

export function useInboundEmailDomain() {
  return useQuery(inboundEmailDomainQueryOptions());
}
