import { toast } from '@/hooks/use-toast';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/sign-out';

/** Spec part 1 §9: the sign-in screen follows the toast after 500 ms. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let pending = false;

/** The element shadcn's Toast renders for each toast. */
const TOAST_SELECTOR = '[data-slot="toast"]';
/** Longest wait for the toast to render before going to the sign-in screen anyway. */
const TOAST_RENDER_LIMIT_MS = 2000;

/**
 * Resolves once a toast is in the page. React renders the toast queue a moment
 * after `toast()`; on a busy device (a large chunk still being evaluated) that
 * moment took up to 430 ms of the 500, and the toast barely showed.
 */
function toastRendered(): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(TOAST_SELECTOR)) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(limit);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (document.querySelector(TOAST_SELECTOR)) done();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const limit = setTimeout(done, TOAST_RENDER_LIMIT_MS);
  });
}

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
  // The 500 ms are the toast's time on screen.
  void toastRendered().then(() =>
    setTimeout(() => {
      window.location.assign(paths.login.getHref());
    }, UNAUTHORIZED_REDIRECT_DELAY_MS),
  );
}
