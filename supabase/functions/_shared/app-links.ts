/**
 * Links into the app from outside it (e-mail, calendar feeds), built on
 * SITE_URL (the app's origin: the local stack sets it; on hosted Supabase a
 * project secret). Relative in-app links (notifications' action_url) need none.
 */

/** The listing's Contract tab, absolute; undefined when the app's origin is unknown or malformed. */
export function contractUrl(siteUrl: string | undefined, listingId: string): string | undefined {
  if (!siteUrl) return undefined;
  try {
    return new URL(`/listing/${listingId}?tab=contract`, siteUrl).href;
  } catch {
    return undefined;
  }
}
