import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

/**
 * The title and content of these notifications that are in this inbox, to
 * announce them: a live change names its row, never its columns, and a super
 * admin hears every inbox's changes but is announced only their own.
 */
export async function getNewNotifications(userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return throwIfError(
    await supabase
      .from('notifications')
      .select('id, title, content')
      .eq('user_id', userId)
      .in('id', [...ids])
      .order('created_at')
      .order('id'),
  );
}
