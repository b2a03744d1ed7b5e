import { queryOptions, useQuery } from '@tanstack/react-query';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { noteKeys } from '@/features/notes/api/query-keys';

const NOTE_COLUMNS = 'id, listing_id, user_id, content, is_voice, is_email, voice_url, duration, created_at, updated_at, user:users!notes_user_id_fkey(first_name, last_name, role, profile_image_url)';

/** Notes of a listing, newest first, with their author (null once the author's account is deleted). */
export async function getNotes(listingId: string) {
  return throwIfError(await supabase.from('notes').select(NOTE_COLUMNS).eq('listing_id', listingId).order('created_at', { ascending: false }));
}

export type Note = Awaited<ReturnType<typeof getNotes>>[number];

export function notesQueryOptions(listingId: string) {
  return queryOptions({ queryKey: noteKeys.byListing(listingId), queryFn: () => getNotes(listingId) });
}

export function useNotes(listingId: string) {
  return useQuery(notesQueryOptions(listingId));
}
