/** Every route of the `/api` surface (the OpenAPI document and the coverage test read this list). */
import type { RouteDefinition } from '../router.ts';
import { agentRoutes } from './agents.ts';
import { authRoutes } from './auth.ts';
import { listingRoutes } from './listings.ts';
import { messageRoutes } from './messages.ts';
import { noteRoutes } from './notes.ts';
import { profileRoutes } from './profile.ts';
import { taskRoutes } from './tasks.ts';

export const routes: RouteDefinition[] = [...authRoutes, ...listingRoutes, ...noteRoutes, ...taskRoutes, ...messageRoutes, ...agentRoutes, ...profileRoutes];
