import { CheckCircle2, Loader2, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicPageFrame } from '@/components/public-page-frame';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { useInvitation } from '@/features/onboarding/api/get-invitation';
import { OnboardingForm } from '@/features/onboarding/components/onboarding-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REDIRECT_DELAY_MS = 2000;

function LinkButton({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild>
      <Link to={to}>{label}</Link>
    </Button>
  );
}

function NotFound() {
  return <StatusCard icon={<MailWarning className="size-8" aria-hidden />} title="Invitation Not Found" description="This invitation link is not valid or has expired." />;
}

/** The states of one invitation link: loading, not found / expired, used, not signed in as the invitee, the form, welcome. */
function InvitationOnboarding({ invitationId }: { invitationId: string }) {
  const invitation = useInvitation(invitationId);
  const { session } = useSession();
  const navigate = useNavigate();
  const [welcome, setWelcome] = useState<{ firstName: string; accountReady: boolean } | null>(null);

  useEffect(() => {
    if (!welcome) return;
    const timer = setTimeout(() => void navigate(welcome.accountReady ? paths.home.getHref() : paths.completeInvitation.getHref(), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [welcome, navigate]);

  if (welcome) {
    return (
      <StatusCard busy icon={<CheckCircle2 className="size-8 text-emerald-600" aria-hidden />} title={`Welcome, ${welcome.firstName}!`} description="Your account is being set up..." />
    );
  }
  if (invitation.isPending) {
    return <StatusCard busy icon={<Loader2 className="size-8 animate-spin" aria-hidden />} title="Loading invitation" description="Checking your invitation link..." />;
  }
  if (invitation.isError || !invitation.data || invitation.data.expired) return <NotFound />;
  if (invitation.data.used) {
    return (
      <StatusCard icon={<CheckCircle2 className="size-8" aria-hidden />} title="Already Activated" description="This invitation has already been used.">
        <LinkButton to={paths.login.getHref()} label="Sign In" />
      </StatusCard>
    );
  }
  const signedInEmail = session?.user.email;
  if (signedInEmail?.toLowerCase() !== invitation.data.email.toLowerCase()) {
    return (
      <StatusCard
        title="Sign In to Accept"
        description={
          signedInEmail
            ? `You are signed in as ${signedInEmail}, but this invitation is for ${invitation.data.email}. Sign out, then open the link from the invitation e-mail again.`
            : `Open the link from the invitation e-mail again, or sign in as ${invitation.data.email} and reopen it.`
        }
      >
        {signedInEmail ? <LinkButton to={paths.logout.getHref()} label="Sign Out" /> : <LinkButton to={paths.login.getHref()} label="Sign In" />}
      </StatusCard>
    );
  }
  // The invitation made this sign-in (its id is in the sign-in's metadata): it has no password yet.
  const needsPassword = session?.user.user_metadata?.invitation_id === invitation.data.id;
  return <OnboardingForm invitation={invitation.data} needsPassword={needsPassword} onDone={(result) => setWelcome({ firstName: result.firstName, accountReady: result.accountReady })} />;
}

/** /onboarding?invitation={id}: where the invitation e-mail leads (spec part 2 §2 Onboarding, §4 redirects). */
export function OnboardingRoute() {
  const [params] = useSearchParams();
  const invitationId = params.get('invitation');
  return (
    <PublicPageFrame>
      {!invitationId ? (
        <StatusCard icon={<MailWarning className="size-8" aria-hidden />} title="Invalid Link" description="This page needs the link from your invitation e-mail." />
      ) : UUID.test(invitationId) ? (
        <InvitationOnboarding invitationId={invitationId} />
      ) : (
        <NotFound />
      )}
    </PublicPageFrame>
  );
}
