/** Every route of the `/api` surface (the OpenAPI document and the coverage test read this list). */
import type { RouteDefinition } from '../router.ts';
import { adminRoutes } from './admin.ts';
import { agentRoutes } from './agents.ts';
import { aiRoutes } from './ai.ts';
import { authRoutes } from './auth.ts';
import { documentRoutes } from './documents.ts';
import { fileRoutes } from './files.ts';
import { listingCollectionRoutes } from './listing-collection.ts';
import { listingRoutes } from './listings.ts';
import { messageRoutes } from './messages.ts';
import { noteRoutes } from './notes.ts';
import { notificationRoutes } from './notifications.ts';
import { onboardingRoutes } from './onboarding.ts';
import { photoRoutes } from './photos.ts';
import { profileRoutes } from './profile.ts';
import { taskRoutes } from './tasks.ts';
import { teamChatRoutes } from './team-chat.ts';

export const routes: RouteDefinition[] = [
  ...authRoutes,
  ...listingRoutes,
  ...listingCollectionRoutes,
  ...noteRoutes,
  ...documentRoutes,
  ...fileRoutes,
  ...photoRoutes,
  ...taskRoutes,
  ...messageRoutes,
  ...agentRoutes,
  ...profileRoutes,
  ...adminRoutes,
  ...notificationRoutes,
  ...teamChatRoutes,
  ...onboardingRoutes,
  ...aiRoutes,
];
