import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { complianceKeys } from '@/features/compliance/api/query-keys';

/** Every template the caller reads (RLS: global ones and a coordinator's own; all for a super admin), global first, then by name. */
export async function getChecklistTemplates() {
  return throwIfError(
    await supabase
      .from('checklist_templates')
      .select('id, name, owner_tc_id, is_active, conditions, updated_at, items:checklist_template_items(count)')
      .order('owner_tc_id', { ascending: true, nullsFirst: true })
      .order('name')
      .order('id'),
  ).map(({ items, ...template }) => ({ ...template, itemCount: items[0]?.count ?? 0 }));
}
export type ChecklistTemplate = Awaited<ReturnType<typeof getChecklistTemplates>>[number];

export function checklistTemplatesQueryOptions() {
  return queryOptions({ queryKey: complianceKeys.templates, queryFn: getChecklistTemplates });
}

export function useChecklistTemplates() {
  return useQuery(checklistTemplatesQueryOptions());
}

/** A template's items in their order. */
export async function getTemplateItems(templateId: string) {
  return throwIfError(
    await supabase
      .from('checklist_template_items')
      .select('id, kind, position, title, description, priority, assignee, anchor, offset_days, offset_unit, document_type, required_for, needs_approval')
      .eq('template_id', z.uuid().parse(templateId))
      .order('position')
      .order('id'),
  );
}

export function useTemplateItems(templateId: string | null) {
  return useQuery({ queryKey: complianceKeys.templateItems(templateId ?? ''), queryFn: () => getTemplateItems(templateId ?? ''), enabled: !!templateId });
}

/** preview_template_matches(): the caller's listings the template would apply to (first 100). */
export async function previewTemplateMatches(templateId: string) {
  return throwIfError(await supabase.rpc('preview_template_matches', { template_id: z.uuid().parse(templateId) }));
}

export function useTemplateMatches(templateId: string | null) {
  return useQuery({ queryKey: complianceKeys.templateMatches(templateId ?? ''), queryFn: () => previewTemplateMatches(templateId ?? ''), enabled: !!templateId });
}
