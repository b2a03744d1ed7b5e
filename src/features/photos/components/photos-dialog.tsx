import { Images } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { Tables } from '@/lib/database.types';
import { photoRefs } from '@/features/photos/api/get-listing-photos';
import { PhotoGrid } from '@/features/photos/components/photo-grid';

/**
 * 'Photos (n)' on a dashboard listing card: the listing's photos with select
 * all, per-photo view and one zip of the selected ones. The photos are columns
 * of the listing row, so a fresh row (the screen follows it live) shows new photos.
 */
export function PhotosDialog({ listing }: { listing: Pick<Tables<'listings'>, 'id' | 'address' | 'property_image_url' | 'photo_urls'> }) {
  const count = photoRefs(listing).length;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Photos (${count}) of ${listing.address}`}>
          <Images />
          Photos ({count})
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Photos</DialogTitle>
          <DialogDescription className="break-words">{listing.address}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[65vh] overflow-y-auto">
          <PhotoGrid listing={listing} variant="dialog" />
        </div>
      </DialogContent>
    </Dialog>
  );
}
