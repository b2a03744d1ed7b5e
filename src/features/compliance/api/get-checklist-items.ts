import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { complianceKeys } from '@/features/compliance/api/query-keys';

/** A listing's applied checklist items (tasks, to-dos, required documents with their waiver or unmatched mark), by due date then creation. */
export async function getChecklistItems(listingId: string) {
  return throwIfError(
    await supabase
      .from('listing_checklist_items')
      .select('id, listing_id, template_id, kind, title, assignee, task_id, due_date, status, document_type, required_for, needs_approval, waived_at, waived_by_name, waived_reason, unmatched_at, created_at')
      .eq('listing_id', z.uuid().parse(listingId))
      .order('due_date', { ascending: true, nullsFirst: false })
      .order('created_at')
      .order('id'),
  );
}
export type ChecklistItem = Awaited<ReturnType<typeof getChecklistItems>>[number];

export function checklistItemsQueryOptions(listingId: string) {
  return queryOptions({ queryKey: complianceKeys.checklist(listingId), queryFn: () => getChecklistItems(listingId) });
}

export function useChecklistItems(listingId: string) {
  return useQuery(checklistItemsQueryOptions(listingId));
}
