import { Copy, Eye, Pencil, Power, Search } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { useChecklistTemplates, ChecklistTemplate } from '@/features/compliance/api/get-checklist-templates';
import { useCopyChecklistTemplate, useSetTemplateActive } from '@/features/compliance/api/save-checklist-template';
import { describeConditions, templateConditionsSchema } from '@/lib/template-conditions';

/** Conditions as stored (jsonb), read leniently: an unknown shape shows as "Every listing" rather than breaking the list. */
const conditionsOf = (template: ChecklistTemplate) => templateConditionsSchema.catch({}).parse(template.conditions);

/**
 * The templates the person reads: global ones (the super admin's) and a
 * coordinator's own. Edit where they may (`canEdit`), otherwise View; Copy any;
 * Deactivate / Activate their own; Preview which listings match.
 */
export function TemplateList({
  templates,
  canEdit,
  onOpen,
  onPreview,
}: {
  templates: ReturnType<typeof useChecklistTemplates>;
  canEdit: (template: ChecklistTemplate) => boolean;
  onOpen: (templateId: string) => void;
  onPreview: (templateId: string) => void;
}) {
  const copy = useCopyChecklistTemplate({ onCopied: onOpen });
  const setActive = useSetTemplateActive();
  if (templates.isPending) return <Skeleton className="h-40 w-full" />;
  if (templates.isError) return <p className="text-destructive text-sm">Could not load templates: {templates.error.message}</p>;
  if (templates.data.length === 0) return <p className="text-muted-foreground rounded-xl border border-dashed py-12 text-center text-sm">No templates yet.</p>;

  return (
    <ul className="flex flex-col gap-3" aria-label="Checklist templates">
      {templates.data.map((template) => {
        const editable = canEdit(template);
        return (
          <li key={template.id} className="flex flex-col gap-2 rounded-xl border p-4" data-testid="template-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{template.name}</span>
              <Badge variant="secondary">{template.owner_tc_id ? 'Own' : 'Global'}</Badge>
              {!template.is_active && <Badge variant="outline">Inactive</Badge>}
            </div>
            <p className="text-muted-foreground text-sm">
              {describeConditions(conditionsOf(template))} · {template.itemCount} item{template.itemCount === 1 ? '' : 's'}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => onOpen(template.id)} aria-label={`${editable ? 'Edit' : 'View'} ${template.name}`}>
                {editable ? <Pencil /> : <Eye />}
                {editable ? 'Edit' : 'View'}
              </Button>
              <Button size="sm" variant="outline" disabled={copy.isPending} onClick={() => copy.mutate({ templateId: template.id, newName: `${template.name} (copy)`.slice(0, 200) })} aria-label={`Copy ${template.name}`}>
                <Copy />
                Copy
              </Button>
              {editable && (
                <Button size="sm" variant="outline" disabled={setActive.isPending} onClick={() => setActive.mutate({ templateId: template.id, isActive: !template.is_active })} aria-label={`${template.is_active ? 'Deactivate' : 'Activate'} ${template.name}`}>
                  <Power />
                  {template.is_active ? 'Deactivate' : 'Activate'}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => onPreview(template.id)} aria-label={`Preview matches of ${template.name}`}>
                <Search />
                Preview matches
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
