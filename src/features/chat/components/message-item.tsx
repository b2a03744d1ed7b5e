import { MessageSquareReply, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { UserAvatar, personName } from '@/components/user-avatar';
import { formatTimestamp } from '@/lib/format-timestamp';
import { chat, type Viewer } from '@/lib/permissions';
import { useDeleteTeamMessage } from '@/features/chat/api/delete-message';
import { useEditTeamMessage } from '@/features/chat/api/edit-message';
import type { ChatMessage } from '@/features/chat/api/get-messages';
import { replyCount } from '@/features/chat/api/message-columns';
import { usePinTeamMessage } from '@/features/chat/api/pin-message';

function IconAction({ label, onClick, children }: { label: string; onClick?: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
}

function EditForm({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const [content, setContent] = useState(message.content);
  const edit = useEditTeamMessage();
  const save = () => {
    if (!content.trim()) return;
    edit.mutate({ messageId: message.id, content }, { onSuccess: onDone });
  };
  return (
    <div className="mt-1 grid gap-2">
      <Textarea aria-label="Edit message" value={content} onChange={(e) => setContent(e.target.value)} rows={2} />
      <div className="flex gap-2">
        <Button size="sm" onClick={save} disabled={edit.isPending}>
          Save
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * One chat message: sender, time, text; reply count and Reply (top-level
 * messages), Pin/Unpin for channel managers, Edit/Delete for the sender.
 */
export function MessageItem({ message, viewer, canPin, onReply }: { message: ChatMessage; viewer: Viewer; canPin: boolean; onReply?: () => void }) {
  const [editing, setEditing] = useState(false);
  const pin = usePinTeamMessage();
  const remove = useDeleteTeamMessage();
  const replies = replyCount(message.replies);

  return (
    <article className="group grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 rounded-md px-2 py-2 hover:bg-muted/50 sm:grid-cols-[auto_minmax(0,1fr)_auto]" aria-label={`Message from ${personName(message.sender)}`}>
      <UserAvatar person={message.sender} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-semibold">{personName(message.sender)}</span>
          <time className="text-xs text-muted-foreground" dateTime={message.created_at}>
            {formatTimestamp(message.created_at)}
          </time>
          {message.edited_at && <span className="text-xs text-muted-foreground">(edited)</span>}
          {message.is_pinned && (
            <Badge variant="secondary" className="h-5 gap-1 px-1.5">
              <Pin className="size-3" aria-hidden /> Pinned
            </Badge>
          )}
        </div>
        {editing ? <EditForm message={message} onDone={() => setEditing(false)} /> : <p className="whitespace-pre-wrap break-words text-sm">{message.content}</p>}
        {onReply && (
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onReply}>
            {replies > 0 ? `${replies} ${replies === 1 ? 'reply' : 'replies'}` : 'Reply'}
          </Button>
        )}
      </div>
      <div className="col-start-2 flex items-start sm:col-start-3 sm:row-start-1 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
        {onReply && (
          <IconAction label="Reply in thread" onClick={onReply}>
            <MessageSquareReply className="size-4" />
          </IconAction>
        )}
        {canPin && (
          <IconAction label={message.is_pinned ? 'Unpin message' : 'Pin message'} onClick={() => pin.mutate({ messageId: message.id, pinned: !message.is_pinned })}>
            {message.is_pinned ? <PinOff className="size-4" /> : <Pin className="size-4" />}
          </IconAction>
        )}
        {chat.editMessage(viewer, message) && !editing && (
          <IconAction label="Edit message" onClick={() => setEditing(true)}>
            <Pencil className="size-4" />
          </IconAction>
        )}
        {chat.deleteMessage(viewer, message) && (
          <ConfirmAction
            title="Delete message"
            question="Are you sure you want to delete this message?"
            onConfirm={() => remove.mutate({ messageId: message.id })}
            trigger={
              <Button type="button" variant="ghost" size="icon" className="size-7" aria-label="Delete message">
                <Trash2 className="size-4" />
              </Button>
            }
          />
        )}
      </div>
    </article>
  );
}
