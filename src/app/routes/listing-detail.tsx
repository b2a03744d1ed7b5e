import { useParams } from 'react-router';
import { ListingDetailView } from '@/features/listing-detail/components/listing-detail-view';
import { RequireSignedIn } from '@/components/require-signed-in';

/** /listing/:id — the listing workspace (spec part 1 §2 'Listing detail screen'); `?tab=` picks the tab. */
export function ListingDetailRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl p-4 sm:p-6">
      <RequireSignedIn>{(user) => <ListingDetailView key={id} listingId={id} user={user} />}</RequireSignedIn>
    </div>
  );
}
