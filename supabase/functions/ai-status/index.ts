/**
 * Whether the AI tools can answer, for the AI screens' "not configured" state:
 * GET or POST → 200 { configured, model, requestsPerMinute } for any signed-in
 * caller (401 without a session). A POST body is checked like every AI call's
 * (413 too large, 400 not JSON) though it carries nothing. The key itself
 * never leaves the function.
 */
import { aiSettings } from '../_shared/ai.ts';
import { acceptAiRequest } from '../_shared/ai-request.ts';
import { z } from '../_shared/deps.ts';
import { handler, json } from '../_shared/http.ts';

Deno.serve(
  handler(async (req) => {
    await acceptAiRequest(req, { methods: ['GET', 'POST'], who: 'signed-in', body: z.object({}), provider: 'optional' });
    const settings = aiSettings();
    return json(
      { configured: settings !== null, model: settings?.model ?? null, requestsPerMinute: settings?.requestsPerMinute ?? null },
      200,
      { 'Cache-Control': 'no-store' },
    );
  }),
);
