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

/** listing-documents' file_size_limit; checked before uploading for a clear message, enforced by the bucket. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

/** listing-photos' file_size_limit; checked before uploading for a clear message, enforced by the bucket. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
