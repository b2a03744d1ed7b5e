import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { UserAvatar, personName } from '@/components/user-avatar';
import { toast } from '@/hooks/use-toast';
import { useChangeMemberRole } from '@/features/chat/api/change-member-role';
import { CHANNEL_ROLES, useChannelMembers, type ChannelMember, type ChannelRole } from '@/features/chat/api/get-channel-members';
import type { Channel } from '@/features/chat/api/get-channels';
import { useCoordinators } from '@/features/chat/api/get-coordinators';
import { useInviteMember } from '@/features/chat/api/invite-member';

const ROLE_LABELS: Record<ChannelRole, string> = { member: 'Member', admin: 'Admin' };

function MemberRow({ member, channel, canManage }: { member: ChannelMember; channel: Channel; canManage: boolean }) {
  const changeRole = useChangeMemberRole();
  const isCreator = member.tc_id === channel.created_by_id;
  return (
    <li className="flex items-center gap-3 py-1.5">
      <UserAvatar person={member.tc} className="size-7" />
      <span className="min-w-0 flex-1 text-sm break-words">
        {personName(member.tc)}
        {isCreator && <span className="text-muted-foreground"> (creator)</span>}
      </span>
      {canManage && !isCreator ? (
        <div className="w-28">
          <Label htmlFor={`role-${member.id}`} className="sr-only">
            Role of {personName(member.tc)}
          </Label>
          <OptionSelect
            id={`role-${member.id}`}
            value={member.role as ChannelRole}
            options={CHANNEL_ROLES}
            labels={ROLE_LABELS}
            onChange={(role) => changeRole.mutate({ memberId: member.id, channelId: channel.id, role })}
          />
        </div>
      ) : (
        <span className="text-sm text-muted-foreground">{ROLE_LABELS[member.role as ChannelRole] ?? member.role}</span>
      )}
    </li>
  );
}

/**
 * 'Invite TC' (spec part 2 §2): a coordinator (not oneself, not already a
 * member) as Member or Admin, and the current member list with roles, which
 * the channel's creator and admins may change. Only they see the form.
 */
export function InviteMemberDialog({ channel, userId, canManage }: { channel: Channel; userId: string; canManage: boolean }) {
  const [open, setOpen] = useState(false);
  const [tcId, setTcId] = useState('');
  const [role, setRole] = useState<ChannelRole>('member');
  const members = useChannelMembers(channel.id);
  const coordinators = useCoordinators(open && canManage);
  const invite = useInviteMember();
  const memberIds = new Set(members.data?.map((m) => m.tc_id));
  const candidates = (coordinators.data ?? []).filter((c) => c.id !== userId && !memberIds.has(c.id));
  // Only once both lists are in: while they load, an empty list means nothing yet.
  const nobodyLeft = coordinators.isSuccess && members.isSuccess && candidates.length === 0;
  const chosen = candidates.some((c) => c.id === tcId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    invite.mutate(
      { channelId: channel.id, tcId, role },
      {
        onSuccess: () => {
          toast({ title: 'TC invited to the channel' });
          setTcId('');
          setRole('member');
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <UserPlus className="size-4" aria-hidden />
          Invite TC
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite TC</DialogTitle>
          <DialogDescription>Members of #{channel.name} read and post in it.</DialogDescription>
        </DialogHeader>
        {canManage ? (
          <form onSubmit={submit} className="grid gap-4">
            <FormField id="invite-tc" label="Transaction Coordinator">
              <Select value={tcId} onValueChange={setTcId} disabled={nobodyLeft}>
                <SelectTrigger id="invite-tc" className="w-full" aria-describedby={nobodyLeft ? 'invite-tc-nobody' : undefined}>
                  <SelectValue placeholder={nobodyLeft ? 'No coordinator to invite' : 'Select a TC'} />
                </SelectTrigger>
                <SelectContent>
                  {candidates.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {personName(c)} ({c.email})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {nobodyLeft && (
                <p id="invite-tc-nobody" role="status" className="text-sm text-muted-foreground">
                  Every coordinator is already a member
                </p>
              )}
            </FormField>
            <FormField id="invite-role" label="Role">
              <OptionSelect id="invite-role" value={role} options={CHANNEL_ROLES} labels={ROLE_LABELS} onChange={setRole} />
            </FormField>
            <FormDialogFooter onCancel={() => setOpen(false)} submitLabel="Invite" pending={invite.isPending} disabled={!chosen} />
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">Only the channel creator and admins invite coordinators.</p>
        )}
        <section aria-label="Current members">
          <h3 className="pb-1 text-sm font-semibold">Current members ({members.data?.length ?? 0})</h3>
          <ul className="max-h-60 divide-y overflow-y-auto">
            {members.data?.map((m) => <MemberRow key={m.id} member={m} channel={channel} canManage={canManage} />)}
          </ul>
        </section>
      </DialogContent>
    </Dialog>
  );
}
