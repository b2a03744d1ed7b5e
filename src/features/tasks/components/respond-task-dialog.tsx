import { MessageSquareReply } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { Task } from '@/features/tasks/api/get-tasks';
import { useMarkTaskRead } from '@/features/tasks/api/mark-task-read';
import { useRespondToTask } from '@/features/tasks/api/respond-to-task';

/** The agent's 'Provide Response'. Opening it on an unread task marks the task read (spec part 1 §4). */
export function RespondTaskDialog({ task }: { task: Task }) {
  const [open, setOpen] = useState(false);
  const [response, setResponse] = useState(task.agent_response ?? '');
  const respond = useRespondToTask();
  const markRead = useMarkTaskRead();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setResponse(task.agent_response ?? '');
      if (!task.is_read_by_agent) markRead.mutate({ listingId: task.listing_id, taskId: task.id });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!response.trim()) return;
    respond.mutate({ listingId: task.listing_id, taskId: task.id, response: response.trim() }, { onSuccess: () => setOpen(false) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <MessageSquareReply />
          Provide Response
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Provide Response</DialogTitle>
            <DialogDescription>{task.title}</DialogDescription>
          </DialogHeader>
          {task.description && <p className="text-muted-foreground text-sm whitespace-pre-wrap">{task.description}</p>}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`response-${task.id}`}>Your response</Label>
            <Textarea id={`response-${task.id}`} value={response} onChange={(event) => setResponse(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!response.trim() || respond.isPending}>
              Submit Response
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
