import { FilePlus2, ListPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TemplateEditorActions } from '@/components/template-editor-actions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSaveChecklistTemplate } from '@/features/compliance/api/save-checklist-template';
import { TemplateConditionsFields } from '@/components/template-conditions-fields';
import { TemplateItemEditor } from '@/features/compliance/components/template-item-editor';
import { moveItem, templateDraftSchema, type TemplateDraft, type TemplateItemDraft } from '@/features/compliance/lib/template-schema';

const NEW_TASK: TemplateItemDraft = { kind: 'task', title: '', description: '', priority: 'medium', assignee: 'agent', anchor: 'listing_created', offsetDays: 3, offsetUnit: 'calendar' };
const NEW_DOCUMENT: TemplateItemDraft = { kind: 'document', documentType: '', requiredFor: 'live', needsApproval: true };

/**
 * Creates or edits a template: name, conditions, items (add, change, reorder,
 * remove). Read-only for a coordinator looking at a global template (they copy
 * it instead). Validated with zod before saving; each item shows its message.
 */
export function TemplateEditor({
  templateId,
  initial,
  readOnly,
  onSaved,
  onCancel,
}: {
  templateId?: string;
  initial: TemplateDraft;
  readOnly: boolean;
  onSaved: (templateId: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveChecklistTemplate({ onSaved });
  const setItems = (items: TemplateItemDraft[]) => setDraft((current) => ({ ...current, items }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = templateDraftSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'items' ? `items.${String(issue.path[1])}` : String(issue.path[0]);
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ templateId, draft: parsed.data });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={templateId ? 'Edit template' : 'New template'}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="template-name">Name</Label>
        <Input id="template-name" value={draft.name} disabled={readOnly} aria-invalid={!!errors.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
        {errors.name && <p className="text-destructive text-sm">{errors.name}</p>}
      </div>
      <fieldset disabled={readOnly} className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold">Applies to</legend>
        <TemplateConditionsFields value={draft.conditions} onChange={(conditions) => setDraft({ ...draft, conditions })} statesError={errors.conditions} />
      </fieldset>
      <section className="flex flex-col gap-3" aria-labelledby="template-items-heading">
        <h3 id="template-items-heading" className="font-semibold">
          Items
        </h3>
        {draft.items.length === 0 && <p className="text-muted-foreground text-sm">No items yet.</p>}
        <ol className="flex flex-col gap-3">
          {draft.items.map((item, index) => (
            <TemplateItemEditor
              key={item.id ?? `new-${index}`}
              item={item}
              index={index}
              count={draft.items.length}
              error={errors[`items.${index}`]}
              readOnly={readOnly}
              onChange={(next) => setItems(draft.items.map((current, at) => (at === index ? next : current)))}
              onMove={(to) => setItems(moveItem(draft.items, index, to))}
              onRemove={() => setItems(draft.items.filter((_, at) => at !== index))}
            />
          ))}
        </ol>
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setItems([...draft.items, NEW_TASK])}>
              <ListPlus />
              Add task
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setItems([...draft.items, NEW_DOCUMENT])}>
              <FilePlus2 />
              Add required document
            </Button>
          </div>
        )}
      </section>
      <TemplateEditorActions readOnly={readOnly} pending={save.isPending} onCancel={onCancel} />
    </form>
  );
}
