import { CheckCircle2, Loader2, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PublicPageFrame } from '@/components/public-page-frame';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { useEnsureAccount } from '@/features/auth/api/ensure-account';

const REDIRECT_DELAY_MS = 2000;

/** Where forced account creation continues, by the account's role (spec part 2 §4). */
function dashboardOf(role: string | undefined): string {
  if (role === 'tc') return paths.tcDashboard.getHref();
  if (role === 'agent') return paths.agentDashboard.getHref();
  return paths.home.getHref();
}

/** The forced account creation: ensure_account() for a signed-in invitee whose onboarding did not report the account ready. */
function CompleteSetup() {
  const ensureAccount = useEnsureAccount();
  const { mutate, data, isSuccess, isError } = ensureAccount;
  const navigate = useNavigate();

  useEffect(() => mutate(undefined, { onSuccess: () => toast({ title: 'Account Ready!', description: 'Account created successfully!' }) }), [mutate]);
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => void navigate(dashboardOf(data?.role), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, data, navigate]);

  if (isSuccess) {
    return <StatusCard busy icon={<CheckCircle2 className="size-8 text-emerald-600" aria-hidden />} title="Completing Setup" description="Account created successfully!" />;
  }
  if (isError) {
    return (
      <StatusCard icon={<TriangleAlert className="text-destructive size-8" aria-hidden />} title="Account Creation Failed" description={ensureAccount.error.message || 'Failed to create account. Please try again.'}>
        <Button onClick={() => mutate()}>Try Again</Button>
      </StatusCard>
    );
  }
  return <StatusCard busy icon={<Loader2 className="size-8 animate-spin" aria-hidden />} title="Completing Setup" description="Creating your account..." />;
}

/** /complete-invitation: 'Completing Setup' — creating, success then redirect by role after 2 s, failure with 'Try Again'. */
export function CompleteInvitationRoute() {
  const { session } = useSession();
  if (!session) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <PublicPageFrame>
      <CompleteSetup />
    </PublicPageFrame>
  );
}
