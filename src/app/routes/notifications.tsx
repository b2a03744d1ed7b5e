import { FeaturePlaceholder } from '@/components/feature-placeholder';

/** Placeholder route: the feature's own screen replaces the placeholder when it lands. */
export function NotificationsRoute() {
  return <FeaturePlaceholder title="Notifications" description="Messages, tasks and alerts addressed to you, with read and delete controls." />;
}
