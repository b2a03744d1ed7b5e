/**
 * The Storage buckets (migration create_storage_buckets), named once. Object
 * paths start with their scope: listings/<listing_id>/… or teams/<tc_id>/….
 */
export const BUCKETS = {
  listingDocuments: 'listing-documents',
  listingPhotos: 'listing-photos',
  teamDocuments: 'team-documents',
  voiceRecordings: 'voice-recordings',
  avatars: 'avatars',
} as const;

/** listing-documents' and team-documents' file_size_limit; checked before uploading for a clear message, enforced by the bucket. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

/** listing-photos' file_size_limit; checked before uploading for a clear message, enforced by the bucket. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** avatars' allowed_mime_types (migration restrict_avatar_mime_types): raster images a browser cannot run script from. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** avatars' file_size_limit; checked before uploading for a clear message, enforced by the bucket. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
