import { RequireSignedIn } from '@/components/require-signed-in';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can, isSuperAdmin } from '@/lib/permissions';
import { useAgentOptions } from '@/features/agents/api/get-agent-options';
import { NewListingForm } from '@/features/listings/components/new-listing-form';

/** /new-listing (spec part 1 §2 'New Listing screen'). */
export function NewListingRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <RequireSignedIn>{(user) => (can.chooseListingAgent(user) ? <NewListingForAgent user={user} /> : <NewListingForm user={user} />)}</RequireSignedIn>
    </div>
  );
}

/** A coordinator lists for one of their agents, the super admin for any agent. */
function NewListingForAgent({ user }: { user: CurrentUser }) {
  const agents = useAgentOptions(isSuperAdmin(user) ? 'all' : user.id);
  return <NewListingForm user={user} agentChoice={{ options: agents.data, loading: agents.isPending }} />;
}
