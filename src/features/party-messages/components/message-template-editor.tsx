import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { TemplateConditionsFields } from '@/components/template-conditions-fields';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { TemplateEditorActions } from '@/components/template-editor-actions';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSaveMessageTemplate } from '@/features/party-messages/api/save-message-template';
import { MessageTextFields } from '@/features/party-messages/components/message-text-fields';
import { RoleCheckboxes } from '@/features/party-messages/components/role-checkboxes';
import { TriggerFields } from '@/features/party-messages/components/trigger-fields';
import { messageTemplateDraftSchema, type MessageTemplateDraft } from '@/features/party-messages/lib/message-template-schema';
import { placeRefusal } from '@/features/party-messages/lib/refusal';

/** zod's first message per field: name, subject, body, toRoles, trigger (its key date), conditions. */
function fieldErrors(draft: MessageTemplateDraft): Record<string, string> | null {
  const parsed = messageTemplateDraftSchema.safeParse(draft);
  if (parsed.success) return null;
  const found: Record<string, string> = {};
  for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

/**
 * Creates or edits a message template: name, subject and body with merge
 * fields, recipients by role, when it is written (trigger), which listings
 * (conditions) and whether it goes by itself. Checked with zod first; the
 * database's refusal (400: an unknown merge field) shows next to the text.
 * Read-only for a coordinator looking at a global template.
 */
export function MessageTemplateEditor({
  templateId,
  initial,
  readOnly,
  onSaved,
  onCancel,
}: {
  templateId?: string;
  initial: MessageTemplateDraft;
  readOnly: boolean;
  onSaved: (templateId: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMessageTemplate({
    onSaved,
    onRefused: (error) => {
      const placed = placeRefusal(error, draft.subject);
      if (placed) setErrors({ [placed.field]: placed.message });
      return !!placed;
    },
  });
  const change = (next: Partial<MessageTemplateDraft>) => setDraft((current) => ({ ...current, ...next }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(draft);
    setErrors(found ?? {});
    if (!found) save.mutate({ templateId, draft });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={templateId ? 'Edit message template' : 'New message template'}>
      {errors.form && (
        <p role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      )}
      <fieldset disabled={readOnly} className="flex flex-col gap-5">
        <FormField id="message-template-name" label="Name" error={errors.name}>
          <Input id="message-template-name" value={draft.name} aria-invalid={!!errors.name} onChange={(event) => change({ name: event.target.value })} />
        </FormField>
        <MessageTextFields
          idPrefix="message-template"
          subject={draft.subject}
          body={draft.body}
          onSubject={(subject) => change({ subject })}
          onBody={(body) => change({ body })}
          errors={{ subject: errors.subject, body: errors.body }}
          readOnly={readOnly}
        />
        <RoleCheckboxes legend="To" idPrefix="message-template-to" value={draft.toRoles} onChange={(toRoles) => change({ toRoles })} error={errors.toRoles} />
        <RoleCheckboxes legend="Cc" idPrefix="message-template-cc" value={draft.ccRoles} onChange={(ccRoles) => change({ ccRoles })} />
        <section className="flex flex-col gap-3" aria-labelledby="message-template-trigger">
          <h3 id="message-template-trigger" className="font-semibold">
            When it is written
          </h3>
          <TriggerFields value={draft.trigger} onChange={(trigger) => change({ trigger })} keyError={errors.trigger} />
        </section>
        <section className="flex flex-col gap-3" aria-labelledby="message-template-conditions">
          <h3 id="message-template-conditions" className="font-semibold">
            Applies to
          </h3>
          <TemplateConditionsFields value={draft.conditions} onChange={(conditions) => change({ conditions })} statesError={errors.conditions} />
        </section>
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <Checkbox id="message-template-auto" checked={draft.autoSend} onCheckedChange={(checked) => change({ autoSend: checked === true })} />
            <Label htmlFor="message-template-auto">Send by itself, without my approval</Label>
          </div>
          {draft.autoSend && (
            <Alert variant="destructive">
              <TriangleAlert />
              <AlertTitle>Messages from this template go out without review</AlertTitle>
              <AlertDescription>
                Each one is sent at its time as written then. A message missing a field (no lender yet) is still held for you, and a changed one is shown in the Outbox, but nobody
                reads it before it goes.
              </AlertDescription>
            </Alert>
          )}
        </div>
      </fieldset>
      <TemplateEditorActions readOnly={readOnly} pending={save.isPending} onCancel={onCancel} />
    </form>
  );
}
