import { Eye, Pencil, Power } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useStatusLabel } from '@/lib/listing-status';
import { partyRoleLabel } from '@/lib/party-roles';
import { describeConditions, templateConditionsSchema } from '@/lib/template-conditions';
import { useDeadlineKeys, type MessageTemplate, type useMessageTemplates } from '@/features/party-messages/api/get-message-templates';
import { useSetMessageTemplateActive } from '@/features/party-messages/api/save-message-template';
import { describeTrigger, triggerFromRow } from '@/features/party-messages/lib/message-template-schema';

/**
 * The message templates the person reads: global ones and a coordinator's
 * own, each with when it is written, to whom, for which listings; Edit (or
 * View) and Deactivate / Activate where they may.
 */
export function MessageTemplateList({ templates, canEdit, onOpen }: { templates: ReturnType<typeof useMessageTemplates>; canEdit: (template: MessageTemplate) => boolean; onOpen: (templateId: string) => void }) {
  const setActive = useSetMessageTemplateActive();
  const deadlineKeys = useDeadlineKeys();
  const statusLabel = useStatusLabel();
  const keyLabel = (key: string) => deadlineKeys.data?.find((row) => row.key === key)?.label ?? key.replaceAll('_', ' ');
  if (templates.isPending) return <Skeleton className="h-40 w-full" />;
  if (templates.isError) return <p className="text-destructive text-sm">Could not load templates: {templates.error.message}</p>;
  if (templates.data.length === 0) return <p className="text-muted-foreground rounded-xl border border-dashed py-12 text-center text-sm">No message templates yet.</p>;

  return (
    <ul className="flex flex-col gap-3" aria-label="Message templates">
      {templates.data.map((template) => {
        const editable = canEdit(template);
        const recipients = [template.to_roles.map((role) => partyRoleLabel(role)).join(', '), template.cc_roles.length ? `cc ${template.cc_roles.map((role) => partyRoleLabel(role)).join(', ')}` : ''];
        return (
          <li key={template.id} className="flex flex-col gap-2 rounded-xl border p-4" data-testid="message-template-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{template.name}</span>
              <Badge variant="secondary">{template.owner_tc_id ? 'Own' : 'Global'}</Badge>
              {template.auto_send && <Badge>Sends by itself</Badge>}
              {!template.is_active && <Badge variant="outline">Inactive</Badge>}
            </div>
            <p className="text-sm">{template.subject}</p>
            <p className="text-muted-foreground text-sm">
              {describeTrigger(triggerFromRow(template), keyLabel, statusLabel)} · to {recipients.filter(Boolean).join(' · ')} · {describeConditions(templateConditionsSchema.catch({}).parse(template.conditions))}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => onOpen(template.id)} aria-label={`${editable ? 'Edit' : 'View'} ${template.name}`}>
                {editable ? <Pencil /> : <Eye />}
                {editable ? 'Edit' : 'View'}
              </Button>
              {editable && (
                <Button size="sm" variant="outline" disabled={setActive.isPending} onClick={() => setActive.mutate({ templateId: template.id, isActive: !template.is_active })} aria-label={`${template.is_active ? 'Deactivate' : 'Activate'} ${template.name}`}>
                  <Power />
                  {template.is_active ? 'Deactivate' : 'Activate'}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
