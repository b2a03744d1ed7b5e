import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AiAssistantRoute() {
  return <FeaturePlaceholder title="AI Assistant" description="AI chat and listing descriptions for coordinators and the super administrator." />;
}
