import { z } from 'zod';
import { PARTY_ROLES } from '@/lib/party-roles';
import { templateConditionsSchema } from '@/lib/template-conditions';

/** listing_events kinds (and checklist_item_done) a template may follow: message_templates.trigger_event. */
export const TRIGGER_EVENTS = ['status_changed', 'contract_recorded', 'contract_amended', 'contract_terminated', 'contract_closed', 'document_approved', 'deadline_done', 'checklist_item_done'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
export const TRIGGER_EVENT_LABELS: Record<TriggerEvent, string> = {
  status_changed: 'Status changes',
  contract_recorded: 'Contract recorded',
  contract_amended: 'Contract amended',
  contract_terminated: 'Contract terminated',
  contract_closed: 'Contract closed',
  document_approved: 'Document approved',
  deadline_done: 'Key date done',
  checklist_item_done: 'Checklist item done',
};

export const OFFSET_UNITS = ['calendar', 'business'] as const;
export const OFFSET_UNIT_LABELS: Record<(typeof OFFSET_UNITS)[number], string> = { calendar: 'calendar days', business: 'business days' };

const keyDateTrigger = z.object({
  kind: z.literal('key_date'),
  deadlineKey: z.string().regex(/^[a-z0-9_]{1,60}$/, 'Choose a key date'),
  /** Negative: before the key date. */
  offsetDays: z.number({ message: 'Whole days' }).int('Whole days').min(-60, 'At most 60 days before').max(60, 'At most 60 days after'),
  offsetUnit: z.enum(OFFSET_UNITS),
  sendTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time like 09:00'),
  weekends: z.boolean(),
});
const eventTrigger = z.object({
  kind: z.literal('event'),
  event: z.enum(TRIGGER_EVENTS, { message: 'Choose an event' }),
  /** status_changed only: the status it must change to; null = any. */
  status: z.string().nullable(),
});
const manualTrigger = z.object({ kind: z.literal('manual') });
export const triggerSchema = z.discriminatedUnion('kind', [keyDateTrigger, eventTrigger, manualTrigger]);
export type TriggerDraft = z.infer<typeof triggerSchema>;

const roleList = z.array(z.enum(PARTY_ROLES));

export const messageTemplateDraftSchema = z.object({
  name: z.string().trim().min(1, 'A template needs a name').max(200, 'At most 200 characters'),
  subject: z.string().trim().min(1, 'A message needs a subject').max(300, 'At most 300 characters'),
  body: z.string().trim().min(1, 'A message needs a text').max(20_000, 'At most 20,000 characters'),
  toRoles: roleList.min(1, 'Choose at least one role to send to'),
  ccRoles: roleList,
  conditions: templateConditionsSchema,
  trigger: triggerSchema,
  autoSend: z.boolean(),
});
export type MessageTemplateDraft = z.infer<typeof messageTemplateDraftSchema>;

export const EMPTY_MESSAGE_TEMPLATE: MessageTemplateDraft = {
  name: '',
  subject: '',
  body: '',
  toRoles: [],
  ccRoles: [],
  conditions: {},
  trigger: { kind: 'manual' },
  autoSend: false,
};

export const DEFAULT_KEY_DATE_TRIGGER: TriggerDraft = { kind: 'key_date', deadlineKey: '', offsetDays: -1, offsetUnit: 'calendar', sendTime: '09:00', weekends: false };
export const DEFAULT_EVENT_TRIGGER: TriggerDraft = { kind: 'event', event: 'status_changed', status: null };

/** The message_templates columns of a draft: the trigger's columns other kinds leave null (the database checks they agree). */
export function messageTemplateColumns(draft: MessageTemplateDraft) {
  const { trigger } = draft;
  return {
    name: draft.name,
    subject: draft.subject,
    body: draft.body,
    to_roles: draft.toRoles,
    cc_roles: draft.ccRoles,
    conditions: draft.conditions,
    auto_send: draft.autoSend,
    trigger_kind: trigger.kind,
    trigger_deadline_key: trigger.kind === 'key_date' ? trigger.deadlineKey : null,
    trigger_offset_days: trigger.kind === 'key_date' ? trigger.offsetDays : null,
    trigger_offset_unit: trigger.kind === 'key_date' ? trigger.offsetUnit : null,
    trigger_send_time: trigger.kind === 'key_date' ? trigger.sendTime : null,
    trigger_weekends: trigger.kind === 'key_date' ? trigger.weekends : false,
    trigger_event: trigger.kind === 'event' ? trigger.event : null,
    trigger_status: trigger.kind === 'event' && trigger.event === 'status_changed' ? trigger.status : null,
  };
}

export interface MessageTemplateRow {
  name: string;
  subject: string;
  body: string;
  to_roles: string[];
  cc_roles: string[];
  conditions: unknown;
  auto_send: boolean;
  trigger_kind: string;
  trigger_deadline_key: string | null;
  trigger_offset_days: number | null;
  trigger_offset_unit: string | null;
  trigger_send_time: string | null;
  trigger_weekends: boolean | null;
  trigger_event: string | null;
  trigger_status: string | null;
}

/** A stored trigger as a draft; an unknown value falls back to a valid choice so the editor always shows something. */
export function triggerFromRow(row: MessageTemplateRow): TriggerDraft {
  if (row.trigger_kind === 'key_date') {
    return {
      kind: 'key_date',
      deadlineKey: row.trigger_deadline_key ?? '',
      offsetDays: row.trigger_offset_days ?? 0,
      offsetUnit: row.trigger_offset_unit === 'business' ? 'business' : 'calendar',
      sendTime: (row.trigger_send_time ?? '09:00').slice(0, 5),
      weekends: row.trigger_weekends ?? false,
    };
  }
  if (row.trigger_kind === 'event') {
    return { kind: 'event', event: z.enum(TRIGGER_EVENTS).catch('status_changed').parse(row.trigger_event), status: row.trigger_status };
  }
  return { kind: 'manual' };
}

/** A stored template as a draft (roles the app does not know are dropped rather than break the form). */
export function messageTemplateDraftFromRow(row: MessageTemplateRow): MessageTemplateDraft {
  const roles = (values: string[]) => roleList.catch([]).parse(values.filter((role) => (PARTY_ROLES as readonly string[]).includes(role)));
  return {
    name: row.name,
    subject: row.subject,
    body: row.body,
    toRoles: roles(row.to_roles),
    ccRoles: roles(row.cc_roles),
    conditions: templateConditionsSchema.catch({}).parse(row.conditions),
    trigger: triggerFromRow(row),
    autoSend: row.auto_send,
  };
}

/** "1 day before Option period at 9:00 AM", "When the status changes to Under contract", "By hand": a trigger in words. */
export function describeTrigger(trigger: TriggerDraft, keyLabel: (key: string) => string, statusLabel: (key: string) => string): string {
  if (trigger.kind === 'manual') return 'By hand, from the listing';
  if (trigger.kind === 'event') {
    if (trigger.event === 'status_changed') return trigger.status ? `When the status changes to ${statusLabel(trigger.status)}` : 'When the status changes';
    return `When: ${TRIGGER_EVENT_LABELS[trigger.event].toLowerCase()}`;
  }
  const days = Math.abs(trigger.offsetDays);
  const [hour, minute] = trigger.sendTime.split(':').map(Number);
  const time = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  const when = days === 0 ? 'On' : `${days} ${trigger.offsetUnit === 'business' ? 'business ' : ''}day${days === 1 ? '' : 's'} ${trigger.offsetDays < 0 ? 'before' : 'after'}`;
  return `${when} ${keyLabel(trigger.deadlineKey)} at ${time}${trigger.weekends ? ', weekends too' : ''}`;
}
