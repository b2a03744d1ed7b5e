import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useListingStatuses } from '@/lib/listing-status';
import { useDocumentTypeLabels } from '@/features/compliance/api/get-document-type-labels';
import {
  ANCHOR_LABELS,
  ASSIGNEE_LABELS,
  ASSIGNEES,
  FIXED_ANCHORS,
  OFFSET_UNITS,
  PRIORITIES,
  requiredForLabel,
  type TemplateItemDraft,
} from '@/features/compliance/lib/template-schema';

const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' } as const;
const UNIT_LABELS = { calendar: 'Calendar days', business: 'Business days' } as const;
/** Key dates of the TREC contract offered as anchors (any deadline:<key> is accepted by the database). */
const KEY_DATE_ANCHORS = ['deadline:earnest_money', 'deadline:option_fee', 'deadline:option_period_end', 'deadline:title_commitment', 'deadline:survey', 'deadline:financing_approval'] as const;

type TaskDraft = Extract<TemplateItemDraft, { kind: 'task' }>;
type DocumentDraft = Extract<TemplateItemDraft, { kind: 'document' }>;

/** One template item in the editor: its fields, move up / down and remove. `error` is the item's first validation message. */
export function TemplateItemEditor({
  item,
  index,
  count,
  error,
  readOnly,
  onChange,
  onMove,
  onRemove,
}: {
  item: TemplateItemDraft;
  index: number;
  count: number;
  error?: string;
  readOnly: boolean;
  onChange: (item: TemplateItemDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const id = `template-item-${index}`;
  const name = item.kind === 'task' ? item.title || `Task ${index + 1}` : `Document ${index + 1}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" data-testid="template-item">
      <div className="flex items-center justify-between gap-2">
        <span className="text-muted-foreground text-xs font-medium uppercase">
          {index + 1}. {item.kind === 'task' ? 'Task' : 'Required document'}
        </span>
        {!readOnly && (
          <div className="flex gap-1">
            <Button type="button" size="icon-sm" variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <ArrowUp />
            </Button>
            <Button type="button" size="icon-sm" variant="ghost" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <ArrowDown />
            </Button>
            <Button type="button" size="icon-sm" variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
              <Trash2 />
            </Button>
          </div>
        )}
      </div>
      <fieldset disabled={readOnly} className="contents">
        {item.kind === 'task' ? <TaskFields id={id} item={item} onChange={onChange} /> : <DocumentFields id={id} item={item} onChange={onChange} />}
      </fieldset>
      {error && <p className="text-destructive text-sm">{error}</p>}
    </li>
  );
}

function TaskFields({ id, item, onChange }: { id: string; item: TaskDraft; onChange: (item: TaskDraft) => void }) {
  const set = <K extends keyof TaskDraft>(key: K, value: TaskDraft[K]) => onChange({ ...item, [key]: value });
  const anchors = [...FIXED_ANCHORS, ...KEY_DATE_ANCHORS, ...((FIXED_ANCHORS as readonly string[]).includes(item.anchor) || (KEY_DATE_ANCHORS as readonly string[]).includes(item.anchor) ? [] : [item.anchor])];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} value={item.title} onChange={(event) => set('title', event.target.value)} />
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} rows={2} value={item.description} onChange={(event) => set('description', event.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-assignee`}>Assignee</Label>
        <OptionSelect id={`${id}-assignee`} value={item.assignee} options={ASSIGNEES} labels={ASSIGNEE_LABELS} onChange={(value) => set('assignee', value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-priority`}>Priority</Label>
        <OptionSelect id={`${id}-priority`} value={item.priority} options={PRIORITIES} labels={PRIORITY_LABELS} onChange={(value) => set('priority', value)} />
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={`${id}-anchor`}>Due relative to</Label>
        <Select value={item.anchor} onValueChange={(value) => set('anchor', value as TaskDraft['anchor'])}>
          <SelectTrigger id={`${id}-anchor`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {anchors.map((anchor) => (
              <SelectItem key={anchor} value={anchor}>
                {ANCHOR_LABELS[anchor] ?? `Key date: ${anchor.slice('deadline:'.length).replaceAll('_', ' ')}`}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-offset`}>Offset (days; negative = before)</Label>
          <Input
            id={`${id}-offset`}
            type="number"
            inputMode="numeric"
            value={Number.isFinite(item.offsetDays) ? item.offsetDays : ''}
            onChange={(event) => set('offsetDays', event.target.value === '' ? 0 : Number(event.target.value))}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-unit`}>Counted in</Label>
          <OptionSelect id={`${id}-unit`} value={item.offsetUnit} options={OFFSET_UNITS} labels={UNIT_LABELS} onChange={(value) => set('offsetUnit', value)} />
        </div>
      </div>
    </div>
  );
}

function DocumentFields({ id, item, onChange }: { id: string; item: DocumentDraft; onChange: (item: DocumentDraft) => void }) {
  const types = useDocumentTypeLabels();
  const stages = useListingStatuses().filter((status) => status.is_stage);
  const stageLabels = Object.fromEntries(stages.map((stage) => [stage.key, requiredForLabel(stage.key, stage.label)]));
  const set = <K extends keyof DocumentDraft>(key: K, value: DocumentDraft[K]) => onChange({ ...item, [key]: value });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-type`}>Document type</Label>
        <Select value={item.documentType || undefined} onValueChange={(value) => set('documentType', value)}>
          <SelectTrigger id={`${id}-type`} className="w-full">
            <SelectValue placeholder="Choose a type" />
          </SelectTrigger>
          <SelectContent>
            {types.data?.map((type) => (
              <SelectItem key={type.key} value={type.key}>
                {type.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-stage`}>Required</Label>
        <OptionSelect id={`${id}-stage`} value={item.requiredFor} options={stages.map((stage) => stage.key)} labels={stageLabels} onChange={(value) => set('requiredFor', value)} />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-approval`} checked={item.needsApproval} onCheckedChange={(checked) => set('needsApproval', checked === true)} />
        <Label htmlFor={`${id}-approval`} className="font-normal">
          Needs the coordinator's approval
        </Label>
      </div>
    </div>
  );
}
