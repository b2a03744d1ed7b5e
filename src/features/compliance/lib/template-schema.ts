import { z } from 'zod';
import { STATUS_KEY_PATTERN } from '@/lib/status-key';
import { templateConditionsSchema } from '@/lib/template-conditions';

export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const ASSIGNEES = ['agent', 'coordinator'] as const;
export const ASSIGNEE_LABELS: Record<(typeof ASSIGNEES)[number], string> = { agent: 'Agent (requirement)', coordinator: 'Coordinator (to-do)' };
export const OFFSET_UNITS = ['calendar', 'business'] as const;
/** How the editor words the stage a document is required for; the stages are the listing_statuses rows with is_stage. */
const REQUIRED_FOR_WORDS: Record<string, string> = { live: 'To go live', under_contract: 'To go under contract', closed: 'To close' };
export function requiredForLabel(stage: string, label: string): string {
  return REQUIRED_FOR_WORDS[stage] ?? `To reach ${label}`;
}

/** Anchors a task's due date follows; `deadline:<key>` names any key date of the contract. */
export const FIXED_ANCHORS = ['listing_created', 'listing_live', 'effective_date', 'closing_date'] as const;
export const ANCHOR_LABELS: Record<string, string> = {
  listing_created: 'Listing created',
  listing_live: 'Listing goes live',
  effective_date: "Contract's effective date",
  closing_date: 'Closing date',
};
export const anchorSchema = z.union([z.enum(FIXED_ANCHORS), z.templateLiteral(['deadline:', z.string().regex(/^[a-z0-9_]{1,60}$/)])], {
  message: 'Choose what the due date follows',
});

const taskItemSchema = z.object({
  id: z.uuid().optional(),
  kind: z.literal('task'),
  title: z.string().trim().min(1, 'A task needs a title').max(200),
  description: z.string().trim().max(2000),
  priority: z.enum(PRIORITIES),
  assignee: z.enum(ASSIGNEES),
  anchor: anchorSchema,
  offsetDays: z.number().int('Whole days').min(-365).max(365),
  offsetUnit: z.enum(OFFSET_UNITS),
});

const documentItemSchema = z.object({
  id: z.uuid().optional(),
  kind: z.literal('document'),
  documentType: z.string().regex(/^[a-z0-9_]{1,60}$/, 'Choose a document type'),
  // A stage of public.listing_statuses; save_checklist_template() refuses any other, naming the stages (400).
  requiredFor: z.string().regex(STATUS_KEY_PATTERN, 'Choose a stage'),
  needsApproval: z.boolean(),
});

export const templateItemSchema = z.discriminatedUnion('kind', [taskItemSchema, documentItemSchema]);
export type TemplateItemDraft = z.infer<typeof templateItemSchema>;

export const templateDraftSchema = z.object({
  name: z.string().trim().min(1, 'A template needs a name').max(200, 'At most 200 characters'),
  conditions: templateConditionsSchema,
  items: z.array(templateItemSchema),
});
export type TemplateDraft = z.infer<typeof templateDraftSchema>;

/** A stored item as a draft; unknown values fall back to the first choice so the editor always shows something valid. */
export function itemDraftFromRow(row: {
  id: string;
  kind: string;
  title: string | null;
  description: string | null;
  priority: string | null;
  assignee: string | null;
  anchor: string | null;
  offset_days: number | null;
  offset_unit: string | null;
  document_type: string | null;
  required_for: string | null;
  needs_approval: boolean;
}): TemplateItemDraft {
  if (row.kind === 'document') {
    return {
      id: row.id,
      kind: 'document',
      documentType: row.document_type ?? '',
      requiredFor: row.required_for ?? 'live',
      needsApproval: row.needs_approval,
    };
  }
  return {
    id: row.id,
    kind: 'task',
    title: row.title ?? '',
    description: row.description ?? '',
    priority: (PRIORITIES as readonly string[]).includes(row.priority ?? '') ? (row.priority as (typeof PRIORITIES)[number]) : 'medium',
    assignee: row.assignee === 'coordinator' ? 'coordinator' : 'agent',
    anchor: anchorSchema.catch('listing_created').parse(row.anchor),
    offsetDays: row.offset_days ?? 0,
    offsetUnit: row.offset_unit === 'business' ? 'business' : 'calendar',
  };
}

/**
 * A draft as an item of save_checklist_template(): its checklist_template_items
 * columns, with the stored item's id when it has one (kept in place) and none
 * when new. The position is the item's place in the list.
 */
export function itemColumns(item: TemplateItemDraft) {
  const id = item.id ? { id: item.id } : {};
  return item.kind === 'task'
    ? {
        ...id,
        kind: 'task',
        title: item.title,
        description: item.description || null,
        priority: item.priority,
        assignee: item.assignee,
        anchor: item.anchor,
        offset_days: item.offsetDays,
        offset_unit: item.offsetUnit,
        document_type: null,
        required_for: null,
      }
    : {
        ...id,
        kind: 'document',
        title: null,
        description: null,
        assignee: null,
        anchor: null,
        document_type: item.documentType,
        required_for: item.requiredFor,
        needs_approval: item.needsApproval,
      };
}

/** "3 business days before Closing date": how the editor and list describe a task's due rule. */
export function describeDue(anchor: string, offsetDays: number, unit: string): string {
  const anchorLabel = ANCHOR_LABELS[anchor] ?? (anchor.startsWith('deadline:') ? `key date ${anchor.slice('deadline:'.length).replaceAll('_', ' ')}` : anchor);
  if (offsetDays === 0) return `On ${anchorLabel.charAt(0).toLowerCase()}${anchorLabel.slice(1)}`;
  const days = Math.abs(offsetDays);
  return `${days} ${unit === 'business' ? 'business ' : ''}day${days === 1 ? '' : 's'} ${offsetDays < 0 ? 'before' : 'after'} ${anchorLabel.charAt(0).toLowerCase()}${anchorLabel.slice(1)}`;
}

/** Moves the item at `from` to `to` (reorder by buttons or keys). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
