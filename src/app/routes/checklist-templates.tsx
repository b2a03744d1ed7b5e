import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useSearchParamSetter } from '@/hooks/use-search-param-setter';
import { isSuperAdmin } from '@/lib/permissions';
import { useChecklistTemplates } from '@/features/compliance/api/get-checklist-templates';
import { TemplateEditorLoader } from '@/features/compliance/components/template-editor-loader';
import { TemplateList } from '@/features/compliance/components/template-list';
import { TemplateMatches } from '@/features/compliance/components/template-matches';

/** ?edit=<id|new>&preview=<id>: what is open, kept in the address so it survives a reload. */
const editParam = z.union([z.literal('new'), z.uuid()]).nullable().catch(null);
const previewParam = z.uuid().nullable().catch(null);

function ChecklistTemplatesScreen({ user }: { user: CurrentUser }) {
  const [searchParams] = useSearchParams();
  const editing = editParam.parse(searchParams.get('edit'));
  const previewing = previewParam.parse(searchParams.get('preview'));
  const templates = useChecklistTemplates();
  // RLS: a super admin writes every template, a coordinator only their own.
  const canEdit = (template: { owner_tc_id: string | null }) => isSuperAdmin(user) || template.owner_tc_id === user.id;
  const open = useSearchParamSetter();
  const previewName = templates.data?.find((t) => t.id === previewing)?.name;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Checklist Templates</h1>
          <p className="text-muted-foreground">
            {isSuperAdmin(user)
              ? 'Global templates apply to every coordinator’s listings that match them.'
              : 'Your own templates, and the global ones (copy a global template to change it). Matching templates apply to your listings automatically.'}
          </p>
        </div>
        <Button onClick={() => open('edit', 'new')}>
          <Plus />
          New template
        </Button>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <TemplateList templates={templates} canEdit={canEdit} onOpen={(id) => open('edit', id)} onPreview={(id) => open('preview', id)} />
        <div className="flex flex-col gap-6">
          {editing && (
            <Card>
              <CardHeader>
                <CardTitle>{editing === 'new' ? 'New Template' : 'Template'}</CardTitle>
              </CardHeader>
              <CardContent>
                <TemplateEditorLoader
                  key={editing}
                  templateId={editing === 'new' ? null : editing}
                  canEdit={canEdit}
                  onSaved={(id) => open('edit', id)}
                  onCancel={() => open('edit', null)}
                />
              </CardContent>
            </Card>
          )}
          {previewing && (
            <Card>
              <CardHeader>
                <CardTitle>Listings matching {previewName ?? 'the template'}</CardTitle>
              </CardHeader>
              <CardContent>
                <TemplateMatches templateId={previewing} listingHref={(listingId) => paths.listing.getHref(listingId, 'compliance')} />
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

/** /checklist-templates for coordinators and the super admin (issue 41): create, copy, edit, reorder, deactivate, preview matches. */
export function ChecklistTemplatesRoute() {
  const { data: user } = useCurrentUser();
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      {user ? <ChecklistTemplatesScreen user={user} /> : <Skeleton className="h-40 w-full" />}
    </RequireRole>
  );
}
