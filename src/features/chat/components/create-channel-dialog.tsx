import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useCreateChannel } from '@/features/chat/api/create-channel';

/** The plus button: a channel by name (blank ignored, at most 100 characters); opens the new channel. */
export function CreateChannelDialog({ userId, onCreated }: { userId: string; onCreated: (channelId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const createChannel = useCreateChannel();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    createChannel.mutate(
      { createdById: userId, name },
      {
        onSuccess: ({ id }) => {
          toast({ title: 'Channel created successfully!' });
          setOpen(false);
          setName('');
          onCreated(id);
        },
        onError: (error) => toastFailure('Failed to create channel.', error),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7" aria-label="Create channel">
          <Plus className="size-4" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Channel</DialogTitle>
          <DialogDescription>A channel for coordinators you invite.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <FormField id="channel-name" label="Channel name">
            <Input id="channel-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="e.g. closings" autoFocus />
          </FormField>
          <FormDialogFooter onCancel={() => setOpen(false)} submitLabel="Create Channel" pending={createChannel.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
