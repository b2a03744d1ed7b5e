import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import type { Tables } from '@/lib/database.types';
import { createTaskInputSchema, TASK_PRIORITIES, useCreateTask, type TaskPriority } from '@/features/tasks/api/create-task';

const PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };

/** Priority and due date: only the dashboard's 'Create Task' asks for them (spec part 2 §2). */
function PlanningFields({ priority, onPriority, dueDate, onDueDate }: { priority: TaskPriority; onPriority: (p: TaskPriority) => void; dueDate: string; onDueDate: (d: string) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="task-priority" label="Priority">
        <OptionSelect id="task-priority" value={priority} options={TASK_PRIORITIES} labels={PRIORITY_LABELS} onChange={onPriority} />
      </FormField>
      <FormField id="task-due-date" label="Due date (optional)">
        <Input id="task-due-date" type="date" value={dueDate} onChange={(event) => onDueDate(event.target.value)} />
      </FormField>
    </div>
  );
}

/**
 * A coordinator's new task for the listing's agent, status pending. On the
 * listing detail ('Add New Task') it is high priority (spec part 1 §9); with
 * `planning` (the dashboard's 'Create Task', spec part 2 §2) the coordinator
 * picks the priority (default medium) and an optional due date.
 */
export function AddTaskDialog({ listing, userId, planning = false }: { listing: Pick<Tables<'listings'>, 'id' | 'agent_id'>; userId: string; planning?: boolean }) {
  const label = planning ? 'Create Task' : 'Add New Task';
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('medium');
  const [dueDate, setDueDate] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const createTask = useCreateTask();

  const reset = () => {
    setTitle('');
    setDescription('');
    setPriority('medium');
    setDueDate('');
    setTitleError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!listing.agent_id) {
      toast({ title: 'Failed to create task', description: 'No agent assigned to create task for', variant: 'destructive' });
      return;
    }
    const planned = planning ? { priority, dueDate: dueDate || null } : {};
    const parsed = createTaskInputSchema.safeParse({ listingId: listing.id, createdById: userId, assignedToId: listing.agent_id, title, description, ...planned });
    if (!parsed.success) {
      setTitleError(parsed.error.issues.find((i) => i.path[0] === 'title')?.message ?? parsed.error.issues[0]?.message ?? 'Required');
      return;
    }
    createTask.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        reset();
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
            <DialogDescription>
              {planning ? "The listing's agent is asked to provide this." : "The listing's agent is asked to provide this. New tasks are high priority."}
            </DialogDescription>
          </DialogHeader>
          <FormField id="task-title" label="Title" error={titleError}>
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
          </FormField>
          <div className="flex flex-col gap-2">
            <Label htmlFor="task-description">Description (optional)</Label>
            <Textarea id="task-description" value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          {planning && <PlanningFields priority={priority} onPriority={setPriority} dueDate={dueDate} onDueDate={setDueDate} />}
          <FormDialogFooter onCancel={() => setOpen(false)} submitLabel="Create Task" pending={createTask.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
