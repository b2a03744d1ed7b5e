/**
 * CORS for functions. On hosted Supabase nothing in front of a function answers
 * preflights or adds CORS headers, so every function must do both itself (the
 * local stack's gateway also does, which is harmless).
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  // supabase-js sends these on functions.invoke (x-region when a region is chosen).
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region, x-retry-count, x-supabase-api-version',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
};

/** The answer to a CORS preflight, or null when the request is not one. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null;
}
