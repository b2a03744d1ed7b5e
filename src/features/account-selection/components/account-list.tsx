import { format } from 'date-fns';
import { EmailAddress } from '@/components/email-address';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { roleLabel } from '@/lib/role-label';
import { useAccounts, type AccountOption } from '@/features/account-selection/api/get-accounts';
import { useSwitchAccount } from '@/features/account-selection/api/switch-account';

export function accountName(account: AccountOption) {
  return [account.firstName, account.lastName].filter(Boolean).join(' ') || account.email;
}

/**
 * 'Select Your Account': the person's accounts, each with 'Use This Account'
 * except the current one, which is marked instead. `onSwitched` gets the
 * account now in use.
 */
export function AccountList({ activeAccountId, onSwitched }: { activeAccountId: string | undefined; onSwitched: (account: AccountOption) => void }) {
  const accounts = useAccounts();
  const switchAccount = useSwitchAccount();

  if (accounts.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading accounts">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (accounts.isError) return <p className="text-destructive text-sm">{accounts.error.message}</p>;
  if (accounts.data.length === 0) return <p className="text-muted-foreground text-sm">No accounts found for this email address.</p>;

  return (
    <ul className="flex flex-col gap-3" aria-label="Your accounts">
      {accounts.data.map((account) => {
        const active = account.id === activeAccountId;
        const switching = switchAccount.isPending && switchAccount.variables.accountId === account.id;
        return (
          <li key={account.id}>
            <Card className={active ? 'border-primary py-0' : 'py-0'} data-testid="account-option" data-account-id={account.id} aria-current={active || undefined}>
              <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 font-medium break-words">{accountName(account)}</span>
                    <Badge variant={account.role === 'tc' ? 'default' : 'secondary'}>{roleLabel(account.role)}</Badge>
                    {active && <Badge variant="outline">Current account</Badge>}
                  </div>
                  <EmailAddress email={account.email} className="text-muted-foreground text-sm" />
                  <span className="text-muted-foreground text-xs">Created {format(new Date(account.createdAt), 'MMM d, yyyy')}</span>
                </div>
                {active ? (
                  <span className="text-muted-foreground text-sm">You are using this account</span>
                ) : (
                  <Button
                    onClick={() => switchAccount.mutate({ accountId: account.id }, { onSuccess: () => onSwitched(account) })}
                    disabled={switchAccount.isPending}
                    aria-label={`Use This Account: ${accountName(account)}, ${roleLabel(account.role)}`}
                  >
                    {switching ? 'Switching…' : 'Use This Account'}
                  </Button>
                )}
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
