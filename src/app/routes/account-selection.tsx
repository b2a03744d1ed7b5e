import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PublicPageFrame } from '@/components/public-page-frame';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useSession } from '@/hooks/use-session';
import { toast } from '@/hooks/use-toast';
import { roleLabel } from '@/lib/role-label';
import { useAccounts } from '@/features/account-selection/api/get-accounts';
import { AccountList, accountName } from '@/features/account-selection/components/account-list';

/** The sentence under the heading, true to the number of accounts the person really has. */
function summary(count: number | undefined): string {
  if (count === undefined || count === 0) return 'The accounts of your sign-in.';
  if (count === 1) return 'Your e-mail has one account. You are using it.';
  return `Your e-mail has ${count} accounts. Choose the one to work as.`;
}

/** /account-selection: choose which of your accounts to act as; the app then starts over at `/` as that account. */
export function AccountSelectionRoute() {
  const { session } = useSession();
  const currentUser = useCurrentUser();
  const accounts = useAccounts();
  const navigate = useNavigate();
  if (!session) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <PublicPageFrame>
      <div className="flex flex-col gap-6">
        <Button asChild variant="ghost" size="sm" className="self-start">
          <Link to={paths.home.getHref()}>
            <ArrowLeft aria-hidden />
            Back to ListingDesk
          </Link>
        </Button>
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Select Your Account</h1>
          <p className="text-muted-foreground text-sm">{summary(accounts.data?.length)}</p>
        </header>
        <AccountList
          activeAccountId={currentUser.isPending ? undefined : (currentUser.data?.id ?? null)}
          onSwitched={(account) => {
            toast({ title: 'Account switched', description: `You are now working as ${accountName(account)} (${roleLabel(account.role)}).` });
            void navigate(paths.home.getHref());
          }}
        />
      </div>
    </PublicPageFrame>
  );
}
