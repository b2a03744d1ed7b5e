import { AgentListingView } from '@/app/routes/listing/agent-listing-view';
import { ListingScreen } from '@/app/routes/listing/listing-screen';

/** /agent-listing/:id — the agent's view of one listing (spec part 2 §2 'Agent listing detail'). */
export function AgentListingRoute() {
  return <ListingScreen>{(listing, user) => <AgentListingView listing={listing} user={user} />}</ListingScreen>;
}
