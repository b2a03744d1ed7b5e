import { useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/** System Stats: accepted-as-proposed rate per reading source of saved contract intakes (super admin only). */
export function useIntakeAccuracy() {
  return useQuery({
    queryKey: ['admin', 'intake-accuracy'],
    queryFn: async () => throwIfError(await supabase.rpc('intake_accuracy')),
  });
}
