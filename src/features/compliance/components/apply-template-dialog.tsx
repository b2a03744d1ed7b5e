import { ListPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { applyChecklistTemplateInputSchema, useApplyChecklistTemplate } from '@/features/compliance/api/apply-checklist-template';
import { useChecklistTemplates } from '@/features/compliance/api/get-checklist-templates';

/** 'Apply template': any active template the coordinator reads, matching the listing or not. */
export function ApplyTemplateDialog({ listingId }: { listingId: string }) {
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string>();
  const templates = useChecklistTemplates();
  const apply = useApplyChecklistTemplate({ onApplied: () => setOpen(false) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = applyChecklistTemplateInputSchema.safeParse({ listingId, templateId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    apply.mutate(parsed.data);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setTemplateId('');
        setError(undefined);
      }}
      trigger={
        <Button size="sm" variant="outline">
          <ListPlus />
          Apply template
        </Button>
      }
      title="Apply Template"
      description="Adds the template's items to this listing; items already here are not added twice."
      submitLabel="Apply"
      pending={apply.isPending}
      onSubmit={submit}
    >
      <FormField id="apply-template" label="Template" error={error}>
        <Select value={templateId} onValueChange={setTemplateId}>
          <SelectTrigger id="apply-template" className="w-full" aria-invalid={!!error}>
            <SelectValue placeholder={templates.isPending ? 'Loading…' : 'Choose a template'} />
          </SelectTrigger>
          <SelectContent>
            {templates.data
              ?.filter((template) => template.is_active)
              .map((template) => (
                <SelectItem key={template.id} value={template.id}>
                  {template.name}
                </SelectItem>
              ))}
          </SelectContent>
        </Select>
      </FormField>
    </FormDialog>
  );
}
