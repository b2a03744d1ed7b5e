/** Every route of the `/api` surface (the OpenAPI document and the coverage test read this list). */
import type { RouteDefinition } from '../router.ts';
import { aiRoutes } from './ai.ts';
import { authRoutes } from './auth.ts';
import { listingRoutes } from './listings.ts';
import { noteRoutes } from './notes.ts';

export const routes: RouteDefinition[] = [...authRoutes, ...listingRoutes, ...noteRoutes, ...aiRoutes];
