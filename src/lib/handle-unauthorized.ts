import { toast } from '@/hooks/use-toast';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/sign-out';

/** Spec part 1 §9: the sign-in screen follows the toast after 500 ms. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let pending = false;

/**
 * The one reaction to "you are logged out" (spec part 1 §8): toast, forget
 * the dead session locally (so the sign-in screen does not bounce back
 * signed-in), then go to the sign-in screen. Several failing queries at once
 * produce one toast and one redirect.
 */
export function handleUnauthorized() {
  if (pending) return;
  pending = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  // Local only: the server already considers the session gone, and a global sign-out would just fail.
  void signOut().catch(() => undefined);
  setTimeout(() => {
    window.location.assign(paths.login.getHref());
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}
