/** Every route of the `/api` surface (the OpenAPI document and the coverage test read this list). */
import type { RouteDefinition } from '../router.ts';
import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import { listingRoutes } from './listings.ts';
import { noteRoutes } from './notes.ts';
import { notificationRoutes } from './notifications.ts';
import { onboardingRoutes } from './onboarding.ts';
import { teamChatRoutes } from './team-chat.ts';

export const routes: RouteDefinition[] = [...authRoutes, ...listingRoutes, ...noteRoutes, ...adminRoutes, ...notificationRoutes, ...teamChatRoutes, ...onboardingRoutes];
