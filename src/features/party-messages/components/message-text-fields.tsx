import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { MergeFieldPicker } from '@/features/party-messages/components/merge-field-picker';
import { useMergeFieldInsertion } from '@/features/party-messages/hooks/use-merge-field-insertion';

/** Subject and body with merge fields: "Insert field" puts `{{field}}` at the cursor of whichever was focused last. */
export function MessageTextFields({
  idPrefix,
  subject,
  body,
  onSubject,
  onBody,
  errors,
  readOnly,
}: {
  idPrefix: string;
  subject: string;
  body: string;
  onSubject: (text: string) => void;
  onBody: (text: string) => void;
  errors: { subject?: string; body?: string };
  readOnly?: boolean;
}) {
  const insertion = useMergeFieldInsertion({ subject, body, setSubject: onSubject, setBody: onBody });
  return (
    <div className="flex flex-col gap-4">
      <FormField id={`${idPrefix}-subject`} label="Subject" error={errors.subject}>
        <Input
          id={`${idPrefix}-subject`}
          {...insertion.subjectProps}
          value={subject}
          disabled={readOnly}
          aria-invalid={!!errors.subject}
          aria-describedby={errors.subject ? `${idPrefix}-subject-error` : undefined}
          onChange={(event) => onSubject(event.target.value)}
        />
      </FormField>
      <FormField id={`${idPrefix}-body`} label="Message" error={errors.body}>
        <Textarea
          id={`${idPrefix}-body`}
          {...insertion.bodyProps}
          rows={10}
          value={body}
          disabled={readOnly}
          aria-invalid={!!errors.body}
          aria-describedby={errors.body ? `${idPrefix}-body-error` : undefined}
          onChange={(event) => onBody(event.target.value)}
        />
      </FormField>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-2">
          <MergeFieldPicker onPick={insertion.insert} />
          <p className="text-muted-foreground text-xs">Fields are filled in for each listing when the message is written, and again just before it goes.</p>
        </div>
      )}
    </div>
  );
}
