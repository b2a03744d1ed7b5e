import { FeaturePlaceholder } from '@/components/feature-placeholder';
import { isCoordinatorOrAdmin, RequireRole } from '@/components/require-role';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AgentProfileViewRoute() {
  return (
    <RequireRole allow={isCoordinatorOrAdmin} deniedMessage="This page is only available to Transaction Coordinators.">
      <FeaturePlaceholder title="Agent Profile" description="A coordinator's view of one agent: profile, listings, activity and private notes." />
    </RequireRole>
  );
}
