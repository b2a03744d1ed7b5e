import { useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** The listing's active contract, which a reading may amend ("Apply to contract"); null when there is none. */
export function useActiveContract(listingId: string) {
  return useQuery({
    queryKey: ['listings', listingId, 'contracts', 'active'],
    queryFn: async () => throwIfError(await supabase.from('contracts').select('*').eq('listing_id', listingId).eq('status', 'active').maybeSingle()),
  });
}
