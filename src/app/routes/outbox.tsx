import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser, type CurrentUser } from '@/hooks/use-current-user';
import { useSearchParamSetter } from '@/hooks/use-search-param-setter';
import { isSuperAdmin } from '@/lib/permissions';
import { OUTBOX_TABS } from '@/features/party-messages/api/get-party-messages';
import { Outbox } from '@/features/party-messages/components/outbox';

/** ?tab=<status>: the tab shown, kept in the address so it survives a reload. */
const tabParam = z.enum(OUTBOX_TABS).catch('waiting');

function OutboxScreen({ user }: { user: CurrentUser }) {
  const [searchParams] = useSearchParams();
  const tab = tabParam.parse(searchParams.get('tab') ?? undefined);
  const setParam = useSearchParamSetter();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Outbox</h1>
        <p className="text-muted-foreground">
          {isSuperAdmin(user)
            ? 'Every message to the people on the deals, by status.'
            : 'Messages to the people on your deals. Approve what waits; a message whose facts changed shows what changed before you approve it.'}
        </p>
      </header>
      <Outbox scope={isSuperAdmin(user) ? 'all' : `tc:${user.id}`} tab={tab} onTab={(next) => setParam('tab', next === 'waiting' ? null : next)} />
    </div>
  );
}

/** /outbox for coordinators and the super admin (issue 55). */
export function OutboxRoute() {
  const { data: user } = useCurrentUser();
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      {user ? <OutboxScreen user={user} /> : <Skeleton className="h-40 w-full" />}
    </RequireRole>
  );
}
