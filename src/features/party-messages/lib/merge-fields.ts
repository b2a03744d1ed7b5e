import { isPartyRole, partyRoleLabel } from '@/lib/party-roles';

export interface MergeField {
  field: string;
  label: string;
}

export interface MergeFieldGroup {
  label: string;
  fields: MergeField[];
}

const GROUP_OF_PREFIX: Record<string, string> = {
  listing: 'Listing and contract',
  contract: 'Listing and contract',
  date: 'Key dates',
  coordinator: 'You, the agent, the portal',
  agent: 'You, the agent, the portal',
  portal: 'You, the agent, the portal',
};

/**
 * The picker's groups, in the order public.message_merge_fields() lists the
 * fields: one per party role, then the listing and contract, the key dates,
 * the coordinator, agent and portal.
 */
export function mergeFieldGroups(fields: readonly MergeField[]): MergeFieldGroup[] {
  const groups = new Map<string, MergeField[]>();
  for (const field of fields) {
    const prefix = field.field.split('.')[0];
    const label = isPartyRole(prefix) ? partyRoleLabel(prefix) : (GROUP_OF_PREFIX[prefix] ?? 'Other');
    groups.set(label, [...(groups.get(label) ?? []), field]);
  }
  return [...groups].map(([label, grouped]) => ({ label, fields: grouped }));
}

/** `text` with `{{field}}` put in place of the selection [start, end), and where the cursor goes after it. */
export function insertField(text: string, field: string, start: number, end: number): { text: string; cursor: number } {
  const token = `{{${field}}}`;
  return { text: `${text.slice(0, start)}${token}${text.slice(end)}`, cursor: start + token.length };
}
