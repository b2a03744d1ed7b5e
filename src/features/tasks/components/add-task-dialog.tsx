import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import type { Tables } from '@/lib/database.types';
import { createTaskInputSchema, useCreateTask } from '@/features/tasks/api/create-task';

/** The coordinator's 'Add New Task': assigned to the listing's agent, priority high, status pending. */
export function AddTaskDialog({ listing, userId }: { listing: Tables<'listings'>; userId: string }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const createTask = useCreateTask();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!listing.agent_id) {
      toast({ title: 'Failed to create task', description: 'No agent assigned to create task for', variant: 'destructive' });
      return;
    }
    const parsed = createTaskInputSchema.safeParse({ listingId: listing.id, createdById: userId, assignedToId: listing.agent_id, title, description });
    if (!parsed.success) {
      setTitleError(parsed.error.issues.find((i) => i.path[0] === 'title')?.message ?? 'Required');
      return;
    }
    createTask.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        setTitle('');
        setDescription('');
        setTitleError(null);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus />
          Add New Task
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Add New Task</DialogTitle>
            <DialogDescription>The listing's agent is asked to provide this. New tasks are high priority.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="task-title">Title</Label>
            <Input
              id="task-title"
              value={title}
              maxLength={255}
              aria-invalid={titleError !== null}
              onChange={(event) => {
                setTitle(event.target.value);
                setTitleError(null);
              }}
            />
            {titleError && <p className="text-destructive text-sm">{titleError}</p>}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="task-description">Description (optional)</Label>
            <Textarea id="task-description" value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createTask.isPending}>
              Create Task
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
