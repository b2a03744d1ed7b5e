import type { CurrentUser } from '@/hooks/use-current-user';
import type { Tables } from '@/lib/database.types';
import { can } from '@/lib/permissions';
import { PhotoGrid } from '@/features/photos/components/photo-grid';
import { PhotoUploadForm } from '@/features/photos/components/photo-upload-form';

/** `onListingSaved` receives the listing row a photo save returns. */
export function PhotosTab({ listing, user, onListingSaved }: { listing: Tables<'listings'>; user: CurrentUser; onListingSaved: (listing: Tables<'listings'>) => void }) {
  return (
    <div className="flex flex-col gap-6">
      <PhotoGrid listing={listing} />
      {/* Photos are columns of the listing, which only its agent (or a super admin) may update. */}
      {can.editListing(user, listing) && <PhotoUploadForm listing={listing} onSaved={onListingSaved} />}
    </div>
  );
}
