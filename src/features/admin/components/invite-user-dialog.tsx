import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import type { LazyDialogState } from '@/components/lazy-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { roleLabel } from '@/lib/role-label';
import { INVITATION_ROLES, sendInvitationInputSchema, useSendInvitation } from '@/features/admin/api/send-invitation';

type InvitationRole = (typeof INVITATION_ROLES)[number];

/**
 * 'Send Invitation' → 'Invite New User' (spec part 2 §2): e-mail and role
 * (Transaction Coordinator or Agent); the submit is disabled until both are
 * filled and reads 'Sending...' while the invitations function works.
 * Opened by the console's button through LazyDialog.
 */
export function InviteUserDialog({ open, onOpenChange, onCloseAutoFocus }: LazyDialogState) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitationRole | ''>('');
  const [error, setError] = useState<string | null>(null);
  const reset = () => {
    setEmail('');
    setRole('');
    setError(null);
  };
  const send = useSendInvitation({
    onSent: () => {
      onOpenChange(false);
      reset();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendInvitationInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setError(null);
    send.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Invite New User</DialogTitle>
          <DialogDescription>They receive an e-mail with a link to set up their account.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField id="invite-email" label="Email" error={error}>
            <Input
              id="invite-email"
              type="email"
              value={email}
              maxLength={255}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="name@example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'invite-email-error' : undefined}
              autoFocus
            />
          </FormField>
          <FormField id="invite-role" label="Role">
            <Select value={role} onValueChange={(next) => setRole(next as InvitationRole)}>
              <SelectTrigger id="invite-role" className="w-full">
                <SelectValue placeholder="Select a role" />
              </SelectTrigger>
              <SelectContent>
                {INVITATION_ROLES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {roleLabel(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormDialogFooter onCancel={() => onOpenChange(false)} submitLabel={send.isPending ? 'Sending...' : 'Send Invitation'} pending={send.isPending} disabled={!email.trim() || !role} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
