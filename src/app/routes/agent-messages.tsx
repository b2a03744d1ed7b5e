import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function AgentMessagesRoute() {
  return <FeaturePlaceholder title="Team Messages" description="Messages between an agent and their coordinator's team, typed or voice." />;
}
