import { Trash2 } from 'lucide-react';
import { ConfirmAction } from '@/components/confirm-action';
import { EmailAddress } from '@/components/email-address';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { personName, UserAvatar } from '@/components/user-avatar';
import { adminConsole, type Viewer } from '@/lib/permissions';
import { roleLabel } from '@/lib/role-label';
import type { AdminUser } from '@/features/admin/api/get-admin-users';
import { useDeleteUser } from '@/features/admin/api/delete-user';
import { AdminList } from '@/features/admin/components/admin-list';

/** Users tab: avatar, name, e-mail, assigned coordinator, role badge, Delete behind a confirmation. */
export function AdminUsersList({ viewer, rows, loading, fetching }: { viewer: Viewer; rows: AdminUser[] | undefined; loading: boolean; fetching: boolean }) {
  const deleteUser = useDeleteUser();
  return (
    <AdminList
      rows={rows}
      loading={loading}
      fetching={fetching}
      label="Users"
      empty="No users found."
      renderRow={(user) => (
        <>
          <UserAvatar person={user} className="size-9" />
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-medium break-words">{personName(user)}</p>
            <EmailAddress email={user.email} className="text-muted-foreground block text-sm" />
          </div>
          <p className="text-muted-foreground basis-40 text-sm">{user.role === 'agent' && (user.coordinator ? `Coordinator: ${personName(user.coordinator)}` : 'No coordinator')}</p>
          <Badge variant={user.role === 'super_admin' ? 'default' : 'secondary'}>{roleLabel(user.role)}</Badge>
          {adminConsole.deleteUser(viewer, user) && (
            <ConfirmAction
              title="Delete user"
              question={`Delete ${personName(user)}? Their notifications and private notes go with them; listings, documents, messages and tasks stay without an owner.`}
              onConfirm={() => deleteUser.mutate({ accountId: user.id })}
              trigger={
                <Button variant="ghost" size="sm" className="text-destructive ml-auto" disabled={deleteUser.isPending} aria-label={`Delete ${personName(user)}`}>
                  <Trash2 aria-hidden /> Delete
                </Button>
              }
            />
          )}
        </>
      )}
    />
  );
}
