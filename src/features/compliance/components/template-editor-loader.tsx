import { Skeleton } from '@/components/ui/skeleton';
import { useChecklistTemplates, useTemplateItems } from '@/features/compliance/api/get-checklist-templates';
import { TemplateEditor } from '@/features/compliance/components/template-editor';
import { templateConditionsSchema } from '@/lib/template-conditions';
import { itemDraftFromRow, type TemplateDraft } from '@/features/compliance/lib/template-schema';

const EMPTY_DRAFT: TemplateDraft = { name: '', conditions: {}, items: [] };

/** The editor for a stored template (its row and items loaded first), or for a new one (`templateId` null). */
export function TemplateEditorLoader({
  templateId,
  canEdit,
  onSaved,
  onCancel,
}: {
  templateId: string | null;
  canEdit: (template: { owner_tc_id: string | null }) => boolean;
  onSaved: (templateId: string) => void;
  onCancel: () => void;
}) {
  const templates = useChecklistTemplates();
  const items = useTemplateItems(templateId);
  if (!templateId) return <TemplateEditor key="new" initial={EMPTY_DRAFT} readOnly={false} onSaved={onSaved} onCancel={onCancel} />;
  const template = templates.data?.find((t) => t.id === templateId);
  if (templates.isPending || items.isPending) return <Skeleton className="h-64 w-full" />;
  if (!template || !items.data) return <p className="text-destructive text-sm">This template could not be loaded.</p>;
  const initial: TemplateDraft = {
    name: template.name,
    conditions: templateConditionsSchema.catch({}).parse(template.conditions),
    items: items.data.map(itemDraftFromRow),
  };
  return (
    <TemplateEditor
      key={`${template.id}:${template.updated_at}`}
      templateId={template.id}
      initial={initial}
      readOnly={!canEdit(template)}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
