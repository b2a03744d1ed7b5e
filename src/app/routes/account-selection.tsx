import { Navigate, useNavigate } from 'react-router';
import { PublicPageFrame } from '@/components/public-page-frame';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useSession } from '@/hooks/use-session';
import { AccountList } from '@/features/account-selection/components/account-list';

/** /account-selection: choose which of your accounts to act as; the app then starts over at `/` as that account. */
export function AccountSelectionRoute() {
  const { session } = useSession();
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  if (!session) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <PublicPageFrame>
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Select Your Account</h1>
          <p className="text-muted-foreground text-sm">Your e-mail has more than one account. Choose the one to work as.</p>
        </header>
        <AccountList activeAccountId={user?.id} onSwitched={() => void navigate(paths.home.getHref())} />
      </div>
    </PublicPageFrame>
  );
}
