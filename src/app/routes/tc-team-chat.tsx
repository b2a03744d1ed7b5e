import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function TcTeamChatRoute() {
  return <FeaturePlaceholder title="TC Team Chat" description="Channels and a general chat between transaction coordinators." />;
}
