import { RequireSignedIn } from '@/components/require-signed-in';
import { NewListingForm } from '@/features/listings/components/new-listing-form';

/** /new-listing (spec part 1 §2 'New Listing screen'). */
export function NewListingRoute() {
  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <RequireSignedIn message="You must be signed in to create a listing. Redirecting to sign in...">{(user) => <NewListingForm user={user} />}</RequireSignedIn>
    </div>
  );
}
