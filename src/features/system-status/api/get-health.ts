import { queryOptions, useQuery } from '@tanstack/react-query';
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
// zod/mini: part of the admin console, whose first screen has a download budget (scripts/bundle-size.ts).
import { z } from 'zod/mini';
import { supabase } from '@/lib/supabase';

/**
 * The `health` Edge Function reports each back-end service as
 * `{ ok, latencyMs, status?, error? }` and answers 503 (same body) when one is
 * down. Bare booleans or status words are accepted too, so the page keeps
 * working while that function evolves.
 */
const HEALTHY_WORDS = /^(ok|up|healthy|operational|pass(ed)?|ready)$/i;

export interface ServiceStatus {
  ok: boolean;
  detail?: string;
  latencyMs?: number;
}

const serviceStatusSchema = z.union([
  z.pipe(
    z.boolean(),
    z.transform((ok): ServiceStatus => ({ ok })),
  ),
  z.pipe(
    z.string(),
    z.transform((status): ServiceStatus => ({ ok: HEALTHY_WORDS.test(status), detail: status })),
  ),
  z.pipe(
    z.looseObject({
      ok: z.boolean(),
      latencyMs: z.optional(z.number()),
      error: z.optional(z.string()),
      message: z.optional(z.string()),
    }),
    z.transform((s): ServiceStatus => ({ ok: s.ok, detail: s.error ?? s.message, latencyMs: s.latencyMs })),
  ),
]);

const healthSchema = z.object({
  ok: z.boolean(),
  services: z.record(z.string(), serviceStatusSchema),
  checkedAt: z.string(),
  /** PostgREST's own description, for a super admin's call only (the REST root needs the service role key). */
  restApi: z.optional(z.object({ version: z.string(), schemaTitle: z.string(), endpointCount: z.number() })),
});

export type Health = z.output<typeof healthSchema>;

/** Thrown when the function itself cannot answer (not deployed, crashed, or an unexpected body). */
export class HealthUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HealthUnavailableError';
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}

function describeBody(body: unknown, response: Response): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string') return message;
    if (typeof error === 'string') return error;
  }
  return response.statusText || `HTTP ${response.status}`;
}

function parseHealth(body: unknown): Health {
  const parsed = healthSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.join('.') || 'the top level';
  throw new HealthUnavailableError(`The function answered in an unexpected format (at ${where}).`);
}

export async function getHealth(): Promise<Health> {
  const { data, error } = await supabase.functions.invoke<unknown>('health', { method: 'GET' });
  if (!error) return parseHealth(data);
  if (error instanceof FunctionsHttpError || error instanceof FunctionsRelayError) {
    const response = error.context as Response;
    const body = await readJson(response);
    // 503 still carries the per-service report: show which service is down rather than an error.
    if (response.status === 503 && healthSchema.safeParse(body).success) return parseHealth(body);
    throw new HealthUnavailableError(describeBody(body, response), response.status);
  }
  if (error instanceof FunctionsFetchError) throw new Error('No answer from the Edge Functions endpoint. Is the back end running?');
  throw error;
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['system-status', 'health'],
    queryFn: getHealth,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
