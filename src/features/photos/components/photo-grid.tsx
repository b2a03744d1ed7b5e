import { Download, ExternalLink, ImageOff, Images, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import type { Tables } from '@/lib/database.types';
import { safeFileName, saveBlob } from '@/lib/download-file';
import { toastFailure } from '@/lib/toast-failure';
import { cn } from '@/lib/utils';
import { saveAsZip } from '@/lib/zip-download';
import { downloadPhotoBlob, useListingPhotos, type ListingPhoto } from '@/features/photos/api/get-listing-photos';

function photoFileName(photo: ListingPhoto, index: number): string {
  const last = photo.ref.split('?')[0].split('/').pop() ?? '';
  return last.includes('.') ? last : `photo-${index + 1}.jpg`;
}

type PhotoListing = Pick<Tables<'listings'>, 'id' | 'address' | 'property_image_url' | 'photo_urls'>;

/**
 * 'Current Photos': the main image badged, selection for one zip download, per-photo
 * view and download. `dialog` is the coordinator dashboard's Photos dialog (spec
 * part 2 §2): no heading of its own, 'Download Selected Photos', the agent-facing empty text.
 */
export function PhotoGrid({ listing, variant = 'tab' }: { listing: PhotoListing; variant?: 'tab' | 'dialog' }) {
  const inDialog = variant === 'dialog';
  const photos = useListingPhotos(listing);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const list = photos.data ?? [];
  const allSelected = list.length > 0 && list.every((p) => selected.has(p.ref));

  const toggle = (ref: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });

  const downloadOne = async (photo: ListingPhoto, index: number) => {
    try {
      saveBlob(await downloadPhotoBlob(photo), photoFileName(photo, index));
    } catch (error) {
      toastFailure('Failed to download photo', error);
    }
  };

  const downloadSelected = async () => {
    setBusy(true);
    try {
      const chosen = list.map((photo, index) => ({ photo, index })).filter(({ photo }) => selected.has(photo.ref));
      await saveAsZip(
        `${safeFileName(listing.address)}-photos.zip`,
        chosen.map(({ photo, index }) => ({ name: photoFileName(photo, index), load: () => downloadPhotoBlob(photo) })),
      );
    } catch (error) {
      toastFailure('Failed to download photos', error);
    } finally {
      setBusy(false);
    }
  };

  if (photos.isPending) return <Skeleton className="h-40 w-full" />;
  if (photos.isError) return <p className="text-destructive text-sm">Could not load photos: {photos.error.message}</p>;

  return (
    <section className="flex flex-col gap-3" aria-label="Current Photos">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {!inDialog && <h2 className="text-lg font-semibold">Current Photos</h2>}
        {list.length > 0 && (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setSelected(allSelected ? new Set() : new Set(list.map((p) => p.ref)))}>
              {allSelected ? 'Deselect All' : 'Select All'}
            </Button>
            <Button size="sm" disabled={selected.size === 0 || busy} onClick={() => void downloadSelected()}>
              {busy ? <Loader2 className="animate-spin" /> : <Download />}
              {inDialog ? 'Download Selected Photos' : 'Download Selected'} ({selected.size})
            </Button>
          </div>
        )}
      </div>
      {list.length === 0 ? (
        inDialog ? (
          <div className="text-muted-foreground flex flex-col items-center gap-1 py-10 text-center text-sm">
            <Images aria-hidden className="mb-1 size-8" />
            <p className="text-foreground font-medium">No photos uploaded yet</p>
            <p>Photos uploaded by the agent will appear here</p>
          </div>
        ) : (
          <p className="text-muted-foreground py-8 text-center text-sm">No photos uploaded yet.</p>
        )
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {list.map((photo, index) => (
            <li
              key={photo.ref}
              data-testid="photo"
              className={cn('group bg-muted relative aspect-[4/3] overflow-hidden rounded-lg border', selected.has(photo.ref) && 'ring-primary ring-2')}
            >
              {photo.url ? (
                <img src={photo.url} alt={photo.isMain ? 'Main property image' : `Photo ${index + 1}`} className="size-full object-cover" loading="lazy" />
              ) : (
                <div className="text-muted-foreground flex size-full flex-col items-center justify-center gap-1 text-xs">
                  <ImageOff className="size-6" />
                  File unavailable
                </div>
              )}
              <Checkbox
                aria-label={`Select photo ${index + 1}`}
                checked={selected.has(photo.ref)}
                onCheckedChange={() => toggle(photo.ref)}
                className="bg-background absolute top-2 left-2"
              />
              {photo.isMain && <Badge className="absolute top-2 right-2">Main</Badge>}
              <div className="absolute right-2 bottom-2 flex gap-1 group-focus-within:opacity-100 group-hover:opacity-100 sm:opacity-0">
                {photo.url && (
                  <Button size="icon-sm" variant="secondary" asChild>
                    <a href={photo.url} target="_blank" rel="noreferrer" aria-label={`View photo ${index + 1}`} title="View">
                      <ExternalLink />
                    </a>
                  </Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => void downloadOne(photo, index)}>
                  <Download />
                  Download
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
