import { useParams } from 'react-router';
import type { ReactNode } from 'react';
import { RequireSignedIn } from '@/components/require-signed-in';
import type { CurrentUser } from '@/hooks/use-current-user';
import type { Listing } from '@/features/listings/api/get-listing';
import { ListingLoader } from '@/features/listings/components/listing-loader';

/** The frame of a /…/:id listing route: signed in, the listing loaded (or not found), then `children`. */
export function ListingScreen({ children }: { children: (listing: Listing, user: CurrentUser) => ReactNode }) {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl p-4 sm:p-6">
      <RequireSignedIn>
        {(user) => (
          <ListingLoader key={id} listingId={id}>
            {(listing) => children(listing, user)}
          </ListingLoader>
        )}
      </RequireSignedIn>
    </div>
  );
}
