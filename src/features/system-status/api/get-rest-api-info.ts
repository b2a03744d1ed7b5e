import { useQuery } from '@tanstack/react-query';
import { type Health, healthQueryOptions } from '@/features/system-status/api/get-health';

/**
 * PostgREST describes itself at the root of /rest/v1 (its OpenAPI document),
 * which is served only with the service role key, as on hosted Supabase: the
 * browser's anon key and a person's token get 403 there. The `health` Edge
 * Function reads it with the service role and passes the facts on to a
 * signed-in super admin, so this reads them from the same answer as the
 * Services card (one request for both cards).
 */
export interface RestApiInfo {
  /** PostgREST's version as the server reports it, e.g. "12.0.2". */
  version: string;
  /** The exposed schema's description (its SQL comment, or PostgREST's default title). */
  schemaTitle: string;
  /** Tables, views and functions the API exposes, not counting the root itself. */
  endpointCount: number;
  /** How long the REST API took to answer the health function. */
  latencyMs?: number;
}

function restApiInfo(health: Health): RestApiInfo {
  const rest = health.services.rest;
  if (rest && !rest.ok) throw new Error(`The REST API is down${rest.detail ? `: ${rest.detail}` : ''}.`);
  if (!health.restApi) throw new Error('The health function did not describe the REST API; only a super admin’s session gets that description.');
  return { ...health.restApi, latencyMs: rest?.latencyMs };
}

export function useRestApiInfo() {
  return useQuery({ ...healthQueryOptions(), select: restApiInfo });
}
