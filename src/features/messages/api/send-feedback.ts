import { toast } from '@/hooks/use-toast';
import { ApiError, isUnauthorized } from '@/lib/api-error';
import { toastFailure } from '@/lib/toast-failure';
import { isTeamScope, type FeedScope } from '@/features/messages/api/feed-scope';

type Kind = 'text' | 'voice';

/**
 * The spec's toasts for sending. Team Messages (part 2 §9): success 'Message
 * sent' / 'Voice message sent'; failure titled 'Error' with the server's
 * message, else 'Failed to send (voice) message. Please try again.'. The
 * listing thread (part 1 §8): no success toast, failure 'Failed to send (voice) message'.
 */
export function announceSent(scope: FeedScope, kind: Kind) {
  if (isTeamScope(scope)) toast({ title: kind === 'voice' ? 'Voice message sent' : 'Message sent' });
}

export function toastSendFailure(scope: FeedScope, kind: Kind, error: unknown) {
  const what = kind === 'voice' ? 'voice message' : 'message';
  if (!isTeamScope(scope)) {
    toastFailure(`Failed to send ${what}`, error);
    return;
  }
  // A logged-out failure is the app's global handler's ('Unauthorized' + redirect).
  if (isUnauthorized(error)) return;
  const serverMessage = error instanceof ApiError && error.status > 0 ? error.message : undefined;
  toast({ title: 'Error', description: serverMessage ?? `Failed to send ${what}. Please try again.`, variant: 'destructive' });
}
