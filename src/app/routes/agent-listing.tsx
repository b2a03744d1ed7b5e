/**
 * Route module for agent-listing (owned by the listing-workspace work; registered by the app shell).
 * Placeholder until the feature lands.
 */
export function AgentListingRoute() {
  return <p className="p-6 text-muted-foreground">agent-listing is coming soon.</p>;
}
