import type { CurrentUser } from '@/hooks/use-current-user';
import { can } from '@/lib/permissions';
import type { Listing } from '@/features/listing-detail/api/get-listing';
import { PhotoGrid } from '@/features/listing-detail/components/photo-grid';
import { PhotoUploadForm } from '@/features/listing-detail/components/photo-upload-form';

export function PhotosTab({ listing, user }: { listing: Listing; user: CurrentUser }) {
  return (
    <div className="flex flex-col gap-6">
      <PhotoGrid listing={listing} />
      {/* Photos are columns of the listing, which only its agent (or a super admin) may update. */}
      {can.editListing(user, listing) && <PhotoUploadForm listing={listing} />}
    </div>
  );
}
