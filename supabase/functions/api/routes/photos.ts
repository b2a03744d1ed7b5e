/**
 * Listing photos (spec part 1 §7, part 2 §7): images go to the private
 * listing-photos bucket as the caller. Under a listing they are stored in
 * `listings/<listing_id>/` and appended to its photos in one update
 * (append_listing_photos(), RLS: the listing's agent or a super admin); the
 * New Listing screen's image, uploaded before its listing exists, waits in
 * the caller's `drafts/<account_id>/` until POST /api/listings takes it.
 */
import { z } from '../../_shared/deps.ts';
import { found } from '../db.ts';
import { acceptFile, BUCKET_RULES, fileField, filesField, objectPathFor, uploadAsCaller, uploadThenRecord } from '../files.ts';
import { callerAccount } from '../scope.ts';
import { route, type RouteDefinition } from '../router.ts';
import { idParam } from '../shapes.ts';

const imageUpload = z.object({
  file: fileField('file'),
  listingId: z.uuid().optional().describe('The listing the image belongs to; without it the image is a draft for POST /api/listings.'),
});
const imageAnswer = z.object({ imageUrl: z.string().describe('The object path in listing-photos (a listing photo reference); GET /api/view-document/{filename} serves it.') });

/** POST /api/listings/upload-property-image and /api/listings/upload-photo: one image, answered as imageUrl. */
function singleImageRoute(path: string, summary: string): RouteDefinition {
  return route<Record<string, never>, Record<string, never>, z.infer<typeof imageUpload>>({
    method: 'POST',
    path,
    tag: 'photos',
    summary,
    body: { multipart: imageUpload },
    status: 201,
    response: imageAnswer,
    async handler({ caller, body }) {
      const contentType = acceptFile('file', body.file, BUCKET_RULES.listingPhotos);
      const folder = body.listingId ? `listings/${body.listingId}` : `drafts/${(await callerAccount(caller)).id}`;
      const objectPath = objectPathFor(folder, body.file.name);
      await uploadAsCaller(caller, { bucket: BUCKET_RULES.listingPhotos.bucket, path: objectPath, file: body.file, contentType });
      return { imageUrl: objectPath };
    },
  });
}

export const photoRoutes = [
  singleImageRoute('/listings/upload-property-image', "Uploads a listing's main image (multipart `file`, an image of at most 10 MB); answers imageUrl for propertyImageUrl."),
  singleImageRoute('/listings/upload-photo', 'Uploads one listing image (multipart `file`, an image of at most 10 MB); answers imageUrl.'),
  route<{ id: string }, Record<string, never>, { photos: File[] }>({
    method: 'POST',
    path: '/listings/:id/upload-photo',
    tag: 'photos',
    summary: "Uploads photos (multipart `photos`, one or many images of at most 10 MB each) and appends them to the listing's photos (its agent or a super admin).",
    params: idParam,
    body: { multipart: z.object({ photos: filesField('photos') }) },
    status: 201,
    response: z.object({ photoUrls: z.array(z.string()), propertyImageUrl: z.string().nullable(), allPhotoUrls: z.array(z.string()) }),
    async handler({ caller, params, body }) {
      const uploads = body.photos.map((file) => ({
        bucket: BUCKET_RULES.listingPhotos.bucket,
        path: objectPathFor(`listings/${params.id}`, file.name),
        file,
        contentType: acceptFile('photos', file, BUCKET_RULES.listingPhotos),
      }));
      const paths = uploads.map((u) => u.path);
      const listing = await uploadThenRecord(caller, uploads, async () =>
        found(
          await caller.db.rpc('append_listing_photos', { listing_id: params.id, photo_paths: paths }).select('property_image_url, photo_urls').maybeSingle(),
          'Listing not found',
        ),
      );
      const row = listing as { property_image_url: string | null; photo_urls: string[] };
      return { photoUrls: paths, propertyImageUrl: row.property_image_url, allPhotoUrls: row.photo_urls };
    },
  }),
];
