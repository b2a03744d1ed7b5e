import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AgentDocumentsRoute() {
  return <FeaturePlaceholder title="Team Documents" description="The team's general document library with folders." />;
}
