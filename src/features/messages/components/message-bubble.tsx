import { Mic } from 'lucide-react';
import { personName, UserAvatar } from '@/components/user-avatar';
import { VoicePlayer } from '@/components/voice-player';
import { formatTimestamp } from '@/lib/format-timestamp';
import { cn } from '@/lib/utils';
import { parseVoiceMessage } from '@/lib/voice-message';
import type { Message } from '@/features/messages/api/get-messages';
import { EmailBubble } from '@/features/messages/components/email-bubble';

/** Spec part 2 §2: the sender by name, else the e-mail's local part, else 'User' (also for a deleted sender). */
export function senderName(sender: Message['sender']): string {
  const name = personName(sender);
  if (name !== 'User') return name;
  return sender?.email?.split('@')[0] || 'User';
}

export function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  if (message.email_direction) return <EmailBubble message={message} own={own} />;
  const voice = parseVoiceMessage(message.content);
  const voicePath = message.voice_url ?? voice?.objectPath ?? null;
  return (
    <li className={cn('flex items-end gap-2', own && 'flex-row-reverse')} data-testid="message" data-own={own}>
      <UserAvatar person={message.sender} className="size-7 shrink-0" />
      <div className={cn('flex max-w-[75%] min-w-0 flex-col gap-1 rounded-lg px-3 py-2', own ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
        <span className={cn('text-xs font-medium', own ? 'text-primary-foreground/80' : 'text-foreground/80')}>
          <span data-testid="message-sender">{own ? 'You' : senderName(message.sender)}</span> · {formatTimestamp(message.created_at)}
        </span>
        {voicePath ? (
          <div className="flex items-center gap-2 text-sm">
            {/* An icon rather than the text's emoji: not every system has an emoji font. */}
            <Mic className="size-4 shrink-0" aria-hidden />
            <span>Voice message</span>
            <VoicePlayer objectPath={voicePath} durationSeconds={message.duration ?? voice?.durationSeconds ?? null} className="bg-background text-foreground rounded-md px-1 py-0.5" />
          </div>
        ) : (
          <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
        )}
      </div>
    </li>
  );
}
