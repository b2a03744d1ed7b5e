import { toast } from '@/hooks/use-toast';
import { isUnauthorized } from '@/lib/api-error';

/**
 * The spec's destructive toast for a failed action (part 1 §8). A logged-out
 * failure is left to the app's global handler ('Unauthorized' + redirect), so
 * this toast does not replace it (only one toast shows at a time).
 */
export function toastFailure(title: string, error: unknown, options: { showMessage?: boolean } = {}) {
  if (isUnauthorized(error)) return;
  const message = error instanceof Error ? error.message : undefined;
  toast({ title, description: options.showMessage === false ? undefined : message, variant: 'destructive' });
}
