import { useParams } from 'react-router';
import { AgentListingView } from '@/features/listing-detail/components/agent-listing-view';
import { RequireSignedIn } from '@/components/require-signed-in';

/** /agent-listing/:id — the agent's view of one listing (spec part 2 §2 'Agent listing detail'). */
export function AgentListingRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl p-4 sm:p-6">
      <RequireSignedIn>{(user) => <AgentListingView key={id} listingId={id} user={user} />}</RequireSignedIn>
    </div>
  );
}
