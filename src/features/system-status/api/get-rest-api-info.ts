import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { env } from '@/config/env';

/**
 * PostgREST describes itself at the root of /rest/v1 (its OpenAPI document).
 * supabase-js has no call for that root, so this is a plain fetch with the
 * same URL and anon key the typed client uses.
 */
const openApiSchema = z.object({
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export interface RestApiInfo {
  /** PostgREST's version as the server reports it, e.g. "12.0.2". */
  version: string;
  /** The exposed schema's description (its SQL comment, or PostgREST's default title). */
  schemaTitle: string;
  /** Tables, views and functions exposed to the anon role, not counting the root itself. */
  endpointCount: number;
  latencyMs: number;
}

export async function getRestApiInfo(): Promise<RestApiInfo> {
  const url = `${env.VITE_SUPABASE_URL}/rest/v1/`;
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(url, { headers: { apikey: env.VITE_SUPABASE_ANON_KEY, Accept: 'application/openapi+json' } });
  } catch {
    // fetch only says "Failed to fetch"; name the address so a stopped stack is recognisable.
    throw new Error(`No answer from ${url}. Is the back end running?`);
  }
  const latencyMs = Math.round(performance.now() - started);
  if (!response.ok) throw new Error(`The REST API answered HTTP ${response.status}.`);
  const document = openApiSchema.parse(await response.json());
  return {
    version: document.info.version,
    schemaTitle: document.info.title,
    endpointCount: Object.keys(document.paths).filter((path) => path !== '/').length,
    latencyMs,
  };
}

export function restApiInfoQueryOptions() {
  return queryOptions({
    queryKey: ['system-status', 'rest-api'],
    queryFn: getRestApiInfo,
  });
}

export function useRestApiInfo() {
  return useQuery(restApiInfoQueryOptions());
}
