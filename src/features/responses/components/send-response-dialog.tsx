import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import type { Tables } from '@/lib/database.types';
import { RESPONSE_TYPES, sendResponseInputSchema, useSendResponse, type ResponseType } from '@/features/responses/api/send-response';

export const RESPONSE_TYPE_LABELS: Record<ResponseType, string> = { note: 'Note', document: 'Document', photo: 'Photo', task: 'Task' };

/** 'Send Response' to the agent of a listing: response type and a required message (spec part 2 §2). */
export function SendResponseDialog({ listing, userId }: { listing: Pick<Tables<'listings'>, 'id' | 'agent_id' | 'address'>; userId: string }) {
  const [open, setOpen] = useState(false);
  const [responseType, setResponseType] = useState<ResponseType>('note');
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendResponse();

  const editContent = (value: string) => {
    setContent(value);
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendResponseInputSchema.safeParse({ listingId: listing.id, tcId: userId, agentId: listing.agent_id, responseType, content });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Required');
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        setContent('');
        setResponseType('note');
        setProblem(null);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Send />
          Send Response
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Send Response</DialogTitle>
            <DialogDescription className="break-words">To the agent of {listing.address}</DialogDescription>
          </DialogHeader>
          <FormField id="response-type" label="Response type">
            <OptionSelect id="response-type" value={responseType} options={RESPONSE_TYPES} labels={RESPONSE_TYPE_LABELS} onChange={setResponseType} />
          </FormField>
          <FormField id="response-message" label="Message" error={problem}>
            <Textarea
              id="response-message"
              value={content}
              maxLength={10000}
              aria-invalid={problem !== null}
              onChange={(event) => editContent(event.target.value)}
            />
          </FormField>
          <FormDialogFooter onCancel={() => setOpen(false)} submitLabel="Send Response" pending={send.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
