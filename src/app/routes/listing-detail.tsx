/**
 * Route module for listing-detail (owned by the listing-workspace work; registered by the app shell).
 * Placeholder until the feature lands.
 */
export function ListingDetailRoute() {
  return <p className="p-6 text-muted-foreground">listing-detail is coming soon.</p>;
}
