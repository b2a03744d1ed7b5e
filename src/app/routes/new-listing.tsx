/**
 * Route module for new-listing (owned by the listing-workspace work; registered by the app shell).
 * Placeholder until the feature lands.
 */
export function NewListingRoute() {
  return <p className="p-6 text-muted-foreground">new-listing is coming soon.</p>;
}
