import { format } from 'date-fns';
import { Send, Trash2 } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { EmailAddress } from '@/components/email-address';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { adminConsole, type Viewer } from '@/lib/permissions';
import { roleLabel } from '@/lib/role-label';
import { cn } from '@/lib/utils';
import { invitationState, type AdminInvitation } from '@/features/admin/api/get-admin-invitations';
import { useDeleteInvitation } from '@/features/admin/api/delete-invitation';
import { useResendInvitation } from '@/features/admin/api/resend-invitation';
import { AdminList } from '@/features/admin/components/admin-list';

const STATE_LABELS = { used: 'Used', pending: 'Pending', expired: 'Expired' } as const;
const STATE_COLOURS = {
  used: 'border-green-200 bg-green-100 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200',
  pending: 'border-yellow-200 bg-yellow-100 text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  expired: 'border-gray-200 bg-gray-100 text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300',
} as const;

/** Invitations tab: e-mail, role badge, Used / Pending / Expired, sent date, Resend (pending only) and Delete. */
export function AdminInvitationsList({ viewer, rows, loading, fetching }: { viewer: Viewer; rows: AdminInvitation[] | undefined; loading: boolean; fetching: boolean }) {
  const deleteInvitation = useDeleteInvitation();
  const resend = useResendInvitation();
  return (
    <AdminList
      rows={rows}
      loading={loading}
      fetching={fetching}
      label="Invitations"
      empty="No invitations found."
      renderRow={(invitation) => {
        const state = invitationState(invitation);
        return (
          <>
            <EmailAddress email={invitation.email} className="min-w-0 flex-1 basis-56 font-medium" />
            <Badge variant="secondary">{roleLabel(invitation.role)}</Badge>
            <Badge variant="outline" className={cn(STATE_COLOURS[state])} data-testid="invitation-state">
              {STATE_LABELS[state]}
            </Badge>
            <p className="text-muted-foreground text-sm">Sent {format(new Date(invitation.created_at), 'MMM d, yyyy')}</p>
            <div className="ml-auto flex gap-1">
              {adminConsole.resendInvitation(viewer, invitation) && (
                <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate({ invitationId: invitation.id })} aria-label={`Resend invitation to ${invitation.email}`}>
                  <Send aria-hidden /> Resend
                </Button>
              )}
              <ConfirmAction
                title="Delete invitation"
                question={`Delete the invitation for ${invitation.email}? Its link stops working.`}
                onConfirm={() => deleteInvitation.mutate({ invitationId: invitation.id })}
                trigger={
                  <Button variant="ghost" size="sm" className="text-destructive" disabled={deleteInvitation.isPending} aria-label={`Delete invitation for ${invitation.email}`}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                }
              />
            </div>
          </>
        );
      }}
    />
  );
}
