import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { partyMessageKeys } from '@/features/party-messages/api/query-keys';

export const MESSAGE_TEMPLATE_COLUMNS =
  'id, owner_tc_id, name, subject, body, to_roles, cc_roles, conditions, trigger_kind, trigger_deadline_key, trigger_offset_days, trigger_offset_unit, trigger_send_time, trigger_weekends, trigger_event, trigger_status, auto_send, is_active, updated_at' as const;

/** Every message template the caller reads (RLS: global ones and a coordinator's own; all for a super admin), global first, then by name. */
export async function getMessageTemplates() {
  return throwIfError(
    await supabase
      .from('message_templates')
      .select(MESSAGE_TEMPLATE_COLUMNS)
      .order('owner_tc_id', { ascending: true, nullsFirst: true })
      .order('name')
      .order('id'),
  );
}
export type MessageTemplate = Awaited<ReturnType<typeof getMessageTemplates>>[number];

export function messageTemplatesQueryOptions() {
  return queryOptions({ queryKey: partyMessageKeys.templates, queryFn: getMessageTemplates });
}

export function useMessageTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...messageTemplatesQueryOptions(), enabled });
}

const mergeFieldsSchema = z.array(z.object({ field: z.string(), label: z.string() }));

/** public.message_merge_fields(): every merge field with a fixed name and its label, in the picker's order. */
export async function getMessageMergeFields(): Promise<z.infer<typeof mergeFieldsSchema>> {
  return mergeFieldsSchema.parse(throwIfError(await supabase.rpc('message_merge_fields')));
}

/** Change only with a migration: read once per session. */
export function useMessageMergeFields() {
  return useQuery({ queryKey: partyMessageKeys.mergeFields, queryFn: getMessageMergeFields, staleTime: Infinity });
}

/** The key dates of every contract form (deadline_rules, readable by every user), each key once with its first label. */
export async function getDeadlineKeys(): Promise<{ key: string; label: string }[]> {
  const rows = throwIfError(await supabase.from('deadline_rules').select('key, label, position').order('position').order('key'));
  const seen = new Map<string, string>();
  for (const row of rows) if (!seen.has(row.key)) seen.set(row.key, row.label);
  return [...seen].map(([key, label]) => ({ key, label }));
}

export function useDeadlineKeys() {
  return useQuery({ queryKey: partyMessageKeys.deadlineKeys, queryFn: getDeadlineKeys, staleTime: Infinity });
}
