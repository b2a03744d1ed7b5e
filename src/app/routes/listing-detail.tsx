import { ListingScreen } from '@/app/routes/listing/listing-screen';
import { ListingWorkspace } from '@/app/routes/listing/listing-workspace';

/** /listing/:id — the listing workspace (spec part 1 §2 'Listing detail screen'); `?tab=` picks the tab. */
export function ListingDetailRoute() {
  return <ListingScreen>{(listing, user) => <ListingWorkspace listing={listing} user={user} />}</ListingScreen>;
}
