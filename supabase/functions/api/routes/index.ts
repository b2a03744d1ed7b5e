/** Every route of the `/api` surface (the OpenAPI document and the coverage test read this list). */
import type { RouteDefinition } from '../router.ts';
import { authRoutes } from './auth.ts';
import { documentRoutes } from './documents.ts';
import { fileRoutes } from './files.ts';
import { listingCollectionRoutes } from './listing-collection.ts';
import { listingRoutes } from './listings.ts';
import { noteRoutes } from './notes.ts';
import { photoRoutes } from './photos.ts';

export const routes: RouteDefinition[] = [...authRoutes, ...listingRoutes, ...noteRoutes, ...documentRoutes, ...fileRoutes, ...photoRoutes, ...listingCollectionRoutes];
