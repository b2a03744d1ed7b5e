import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useSearchParamSetter } from '@/hooks/use-search-param-setter';
import { isSuperAdmin } from '@/lib/permissions';
import { useMessageTemplates } from '@/features/party-messages/api/get-message-templates';
import { MessageTemplateEditor } from '@/features/party-messages/components/message-template-editor';
import { MessageTemplateList } from '@/features/party-messages/components/message-template-list';
import { EMPTY_MESSAGE_TEMPLATE, messageTemplateDraftFromRow } from '@/features/party-messages/lib/message-template-schema';

/** ?edit=<id|new>: what is open, kept in the address so it survives a reload. */
const editParam = z.union([z.literal('new'), z.uuid()]).nullable().catch(null);

function MessageTemplatesScreen({ user }: { user: CurrentUser }) {
  const [searchParams] = useSearchParams();
  const editing = editParam.parse(searchParams.get('edit'));
  const templates = useMessageTemplates();
  // RLS: a super admin writes every template, a coordinator only their own.
  const canEdit = (template: { owner_tc_id: string | null }) => isSuperAdmin(user) || template.owner_tc_id === user.id;
  const open = useSearchParamSetter();
  const template = editing && editing !== 'new' ? templates.data?.find((t) => t.id === editing) : undefined;
  const editorCard = useRef<HTMLDivElement>(null);
  // On a phone the editor opens below the list: bring it into view rather than leave it off screen.
  useEffect(() => {
    const card = editorCard.current;
    if (editing && card && card.getBoundingClientRect().top > window.innerHeight) card.scrollIntoView({ block: 'start' });
  }, [editing]);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Message Templates</h1>
          <p className="text-muted-foreground">
            {isSuperAdmin(user)
              ? 'Global templates write messages for every coordinator’s listings that match them.'
              : 'Messages to the people on your deals: your own templates and the global ones. Each message waits in your Outbox for approval unless its template sends by itself.'}
          </p>
        </div>
        <Button onClick={() => open('edit', 'new')}>
          <Plus />
          New template
        </Button>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <MessageTemplateList templates={templates} canEdit={canEdit} onOpen={(id) => open('edit', id)} />
        {editing && (
          <Card ref={editorCard} className="self-start">
            <CardHeader>
              <CardTitle>{editing === 'new' ? 'New Template' : 'Template'}</CardTitle>
            </CardHeader>
            <CardContent>
              {editing === 'new' ? (
                <MessageTemplateEditor key="new" initial={EMPTY_MESSAGE_TEMPLATE} readOnly={false} onSaved={(id) => open('edit', id)} onCancel={() => open('edit', null)} />
              ) : template ? (
                <MessageTemplateEditor
                  key={`${template.id}:${template.updated_at}`}
                  templateId={template.id}
                  initial={messageTemplateDraftFromRow(template)}
                  readOnly={!canEdit(template)}
                  onSaved={(id) => open('edit', id)}
                  onCancel={() => open('edit', null)}
                />
              ) : templates.isPending ? (
                <Skeleton className="h-64 w-full" />
              ) : (
                <p className="text-destructive text-sm">This template could not be loaded.</p>
              )}
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}

/** /message-templates for coordinators and the super admin (issue 55): messages to a deal's parties, their triggers and recipients. */
export function MessageTemplatesRoute() {
  const { data: user } = useCurrentUser();
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      {user ? <MessageTemplatesScreen user={user} /> : <Skeleton className="h-40 w-full" />}
    </RequireRole>
  );
}
