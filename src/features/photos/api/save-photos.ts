import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/hooks/use-toast';
import { ApiError, throwIfError } from '@/lib/api-error';
import type { Tables } from '@/lib/database.types';
import { formatFileSize } from '@/lib/format-file-size';
import { BUCKETS, MAX_PHOTO_BYTES } from '@/lib/storage-buckets';
import { objectPathFor, removeObjects, uploadWithProgress } from '@/lib/storage-upload';
import { supabase } from '@/lib/supabase';
import { toastFailure } from '@/lib/toast-failure';
import { photoRefs } from '@/features/photos/api/get-listing-photos';

/** Why an image is refused before upload, or null. */
export function photoRefusal(file: File): string | null {
  if (!file.type.startsWith('image/')) return `"${file.name}" is not an image.`;
  if (file.size > MAX_PHOTO_BYTES) return `"${file.name}" (${formatFileSize(file.size)}) is larger than the ${formatFileSize(MAX_PHOTO_BYTES)} limit.`;
  return null;
}

const imageFile = z.instanceof(File).superRefine((file, ctx) => {
  const refusal = photoRefusal(file);
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
});

export const savePhotosInputSchema = z.object({
  listing: z.custom<Pick<Tables<'listings'>, 'id' | 'property_image_url' | 'photo_urls'>>((value) => typeof value === 'object' && value !== null),
  mainImage: imageFile.nullable(),
  additionalPhotos: z.array(imageFile),
  photoUrls: z.array(z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' }).max(500)),
});
export type SavePhotosInput = z.infer<typeof savePhotosInputSchema>;

/**
 * Uploads the new images, then writes the listing's property_image_url and
 * photo_urls in one update. If the update fails, the uploaded files are
 * removed, so the listing and the bucket never disagree.
 */
export async function savePhotos(input: SavePhotosInput) {
  const parsed = savePhotosInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid photos');
  const { listing, mainImage, additionalPhotos, photoUrls } = parsed.data;
  const prefix = `listings/${listing.id}`;
  const uploaded: string[] = [];
  try {
    let mainPath: string | null = null;
    if (mainImage) {
      mainPath = objectPathFor(prefix, mainImage.name);
      await uploadWithProgress({ bucket: BUCKETS.listingPhotos, path: mainPath, file: mainImage });
      uploaded.push(mainPath);
    }
    const additionalPaths: string[] = [];
    for (const photo of additionalPhotos) {
      const path = objectPathFor(prefix, photo.name);
      await uploadWithProgress({ bucket: BUCKETS.listingPhotos, path, file: photo });
      uploaded.push(path);
      additionalPaths.push(path);
    }
    const existing = photoRefs(listing);
    const nextPhotos = [...new Set([...existing, ...(mainPath ? [mainPath] : []), ...additionalPaths, ...photoUrls])];
    const nextMain = mainPath ?? listing.property_image_url ?? nextPhotos[0] ?? null;
    const rows = throwIfError(
      await supabase.from('listings').update({ property_image_url: nextMain, photo_urls: nextPhotos }).eq('id', listing.id).select('*'),
    );
    if (rows.length === 0) throw new ApiError(403, 'Only the listing agent can change its photos.');
    return { listing: rows[0], added: uploaded.length + photoUrls.length };
  } catch (error) {
    await removeObjects(BUCKETS.listingPhotos, uploaded);
    throw error;
  }
}

/** `onSaved` gets the updated listing row, for the screen to show it at once (the listing's query belongs to the listings feature). */
export function useSavePhotos({ onSaved }: { onSaved: (listing: Tables<'listings'>) => void }) {
  return useMutation({
    mutationFn: savePhotos,
    onSuccess: ({ listing, added }) => {
      onSaved(listing);
      toast({ title: 'Photos uploaded', description: `${added} photo${added === 1 ? '' : 's'} saved.` });
    },
    onError: (error) => toastFailure('Failed to save photos', error),
  });
}
