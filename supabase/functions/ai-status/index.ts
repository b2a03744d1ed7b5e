/**
 * Whether the AI tools can answer, for the AI screens' "not configured" state:
 * GET or POST → 200 { configured, model, requestsPerMinute } for any signed-in
 * caller (401 without a session). The key itself never leaves the function.
 */
import { aiSettings } from '../_shared/ai.ts';
import { handler, json } from '../_shared/http.ts';
import { requireUser } from '../_shared/supabase.ts';

Deno.serve(
  handler(async (req) => {
    await requireUser(req);
    const settings = aiSettings();
    return json(
      { configured: settings !== null, model: settings?.model ?? null, requestsPerMinute: settings?.requestsPerMinute ?? null },
      200,
      { 'Cache-Control': 'no-store' },
    );
  }),
);
