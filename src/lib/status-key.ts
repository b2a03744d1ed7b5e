// On its own, without the Supabase client: schemas that unit tests import in Node use it.

/** The shape of a listing status key (listing_statuses.key's check); which keys exist, the table decides. */
export const STATUS_KEY_PATTERN = /^[a-z][a-z_]{0,39}$/;
