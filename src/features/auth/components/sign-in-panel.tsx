import { Auth } from '@supabase/auth-ui-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { supabase } from '@/lib/supabase';

/*
 * Supabase's Auth UI without its stitches theme: `extend: false` drops the
 * built-in styles, so the form wears the same shadcn/Tailwind look (and the
 * same light/dark tokens) as the rest of the app.
 */
const appearance = {
  extend: false,
  className: {
    container: 'flex flex-col gap-4',
    label: 'text-sm font-medium leading-none',
    input:
      'border-input bg-background placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/50 mt-2 flex h-10 w-full rounded-md border px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-[3px] md:text-sm dark:bg-input/30',
    button:
      'bg-primary text-primary-foreground hover:bg-primary/90 focus-visible:ring-ring/50 inline-flex h-10 w-full items-center justify-center rounded-md px-4 text-sm font-medium shadow-xs outline-none transition-colors focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-60',
    anchor:
      'text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 block rounded-sm text-center text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]',
    divider: 'bg-border my-2 h-px w-full',
    message: 'bg-muted text-foreground block rounded-md px-3 py-2 text-center text-sm',
    loader: 'text-muted-foreground text-sm',
  },
};

type View = 'sign_in' | 'magic_link' | 'forgotten_password';

const OTHER_VIEWS: Record<View, { view: View; label: string }[]> = {
  sign_in: [
    { view: 'magic_link', label: 'Send a magic link email' },
    { view: 'forgotten_password', label: 'Forgot your password?' },
  ],
  magic_link: [{ view: 'sign_in', label: 'Sign in with a password' }],
  forgotten_password: [{ view: 'sign_in', label: 'Back to sign in' }],
};

/**
 * E-mail + password sign-in with magic link and password recovery; no social
 * providers (none are configured) and no public sign-up: ListingDesk is
 * invitation-only (`enable_signup = false`), so the Auth UI's own links (which
 * include 'Sign up') are replaced by ours.
 */
export function SignInPanel() {
  const [view, setView] = useState<View>('sign_in');
  return (
    <div className="flex flex-col gap-4">
      <Auth
        supabaseClient={supabase}
        appearance={appearance}
        providers={[]}
        view={view}
        magicLink
        showLinks={false}
        // Magic links and recovery e-mails lead back to this deployment, wherever it runs.
        redirectTo={`${window.location.origin}/`}
        localization={{ variables: { sign_in: { button_label: 'Sign In', loading_button_label: 'Signing in…' } } }}
      />
      <nav className="flex flex-col items-center gap-1" aria-label="Other ways to sign in">
        {OTHER_VIEWS[view].map((other) => (
          <Button key={other.view} type="button" variant="link" size="sm" className="text-muted-foreground" onClick={() => setView(other.view)}>
            {other.label}
          </Button>
        ))}
      </nav>
      <p className="text-muted-foreground text-center text-sm">New to ListingDesk? Accounts are by invitation: ask your administrator for one.</p>
    </div>
  );
}
