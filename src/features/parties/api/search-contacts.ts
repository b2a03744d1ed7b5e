import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { partyKeys } from '@/features/parties/api/query-keys';

export const contactSearchSchema = z.string().trim().max(200);

/** The caller's contact book(s), best match first (public.search_contacts: name, company, e-mail, phone). */
export async function searchContacts(query: string, maxRows = 8) {
  const text = contactSearchSchema.parse(query);
  return throwIfError(await supabase.rpc('search_contacts', { query: text, max_rows: maxRows }));
}

export type FoundContact = Awaited<ReturnType<typeof searchContacts>>[number];

/** Searches as the person types: one query per pause (250 ms), the last answer kept on screen meanwhile. */
export function useContactSearch(query: string) {
  const debounced = useDebouncedValue(query.trim());
  return useQuery({
    queryKey: partyKeys.contactSearch(debounced),
    queryFn: () => searchContacts(debounced),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  });
}
