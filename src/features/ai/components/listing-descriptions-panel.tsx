/**
 * The Listing Descriptions tab of /ai-assistant (placeholder: the descriptions
 * engineer replaces this file; the route composes it by this name).
 */
export function ListingDescriptionsPanel() {
  return <p className="text-muted-foreground text-sm">Listing descriptions are coming.</p>;
}
