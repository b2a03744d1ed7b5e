import { RequireSignedIn } from '@/components/require-signed-in';
import type { CurrentUser } from '@/hooks/use-current-user';
import { can, isSuperAdmin } from '@/lib/permissions';
import { AgentPicker } from '@/features/agents/components/agent-picker';
import { NewListingForm } from '@/features/listings/components/new-listing-form';

/** /new-listing (spec part 1 §2 'New Listing screen'). */
export function NewListingRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <RequireSignedIn>{(user) => (can.chooseListingAgent(user) ? <NewListingForAgent user={user} /> : <NewListingForm user={user} />)}</RequireSignedIn>
    </div>
  );
}

/** A coordinator lists for one of their agents, the super admin for any agent (found by name or e-mail). */
function NewListingForAgent({ user }: { user: CurrentUser }) {
  const tcId = isSuperAdmin(user) ? 'all' : user.id;
  return (
    <NewListingForm
      user={user}
      agentChoice={{
        render: (field) => <AgentPicker {...field} tcId={tcId} placeholder="Choose the listing agent" emptyText="No agents assigned to you yet" />,
      }}
    />
  );
}
