/**
 * AI Workflow Insights (spec part 2 §2): POST { agentId?: uuid | null } →
 * 200 { insights: ai_learning_insights rows, phrasedByModel }.
 *
 * The insights are computed in SQL from the caller's own workflow
 * (public.workflow_insight_candidates, with the caller's client so RLS decides)
 * and work without a model. When AI is configured, one logged model call
 * rephrases their description and recommendation; an answer with another
 * count or other numbers, a provider failure, or a spent rate limit keeps the
 * statistical phrasing (phrasedByModel false) — the statistics never depend
 * on the model. The scope's previous active insights are replaced
 * (public.replace_workflow_insights, one transaction).
 *
 * Coordinators and super admins only: agents 403, anonymous callers 401,
 * another coordinator's agent 403, an unknown agent 404.
 */
import { aiClient, aiSettings, beginAiCall, providerFailure, type AiSettings } from '../_shared/ai.ts';
import { acceptAiRequest } from '../_shared/ai-request.ts';
import { z } from '../_shared/deps.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import type { TokenUser } from '../_shared/token.ts';
import { acceptedPhrasings, PHRASING_SYSTEM_PROMPT, phrasingPrompt, type InsightCandidate, type InsightPhrasing } from './phrasing.ts';

const bodySchema = z.object({ agentId: z.uuid().nullable().optional() });

const phrasingSchema = z.object({
  insights: z.array(z.object({ description: z.string().trim().min(1).max(1000), recommendation: z.string().trim().min(1).max(1000) })),
});

/** The JSON schema of the model's answer (structured output). */
const PHRASING_FORMAT = {
  type: 'json_schema' as const,
  json_schema: {
    name: 'workflow_insight_phrasing',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['insights'],
      properties: {
        insights: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['description', 'recommendation'],
            properties: { description: { type: 'string' }, recommendation: { type: 'string' } },
          },
        },
      },
    },
  },
};

/** A database refusal as the caller's answer (the functions raise 42501, PT404, 22023; check constraints 23514). */
function databaseFailure(error: { code?: string; message: string }): HttpError {
  if (error.code === '42501') return new HttpError(403, 'forbidden', error.message);
  if (error.code === 'PT404') return new HttpError(404, 'not_found', error.message);
  if (error.code === '22023' || error.code === '23514') return new HttpError(400, 'invalid_input', error.message);
  return new HttpError(500, 'query_failed', error.message);
}

/** The provider settings, or null when AI is off or misconfigured: insights then keep their statistical phrasing. */
function settingsOrNull(): AiSettings | null {
  try {
    return aiSettings();
  } catch (error) {
    console.warn(`workflow insights without the model: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

/** The model's phrasings of the candidates, or null to keep the statistical texts. */
async function phraseWithModel(user: TokenUser, candidates: InsightCandidate[]): Promise<InsightPhrasing[] | null> {
  const settings = settingsOrNull();
  if (!settings || candidates.length === 0) return null;
  const prompt = phrasingPrompt(candidates);
  let call;
  try {
    call = await beginAiCall(user, settings, { type: 'workflow_insights', input: prompt, inputChars: PHRASING_SYSTEM_PROMPT.length + prompt.length });
  } catch (error) {
    // Over the AI budget the statistics still answer; no model call is made.
    if (error instanceof HttpError && error.status === 429) return null;
    throw error;
  }
  let content: string;
  try {
    const completion = await aiClient(settings).chat.completions.create({
      model: settings.model,
      messages: [
        { role: 'system', content: PHRASING_SYSTEM_PROMPT },
        { role: 'user', content: prompt },
      ],
      response_format: PHRASING_FORMAT,
    });
    content = completion.choices[0]?.message?.content ?? '';
  } catch (error) {
    const failure = providerFailure(error);
    await call.fail(failure);
    console.warn(`workflow insights keep the statistical phrasing: ${failure instanceof Error ? failure.message : failure}`);
    return null;
  }
  await call.succeed(content);
  let parsed;
  try {
    parsed = phrasingSchema.safeParse(JSON.parse(content));
  } catch {
    return null;
  }
  return parsed.success ? acceptedPhrasings(candidates, parsed.data.insights) : null;
}

Deno.serve(
  handler(async (req) => {
    const { user, db, body } = await acceptAiRequest(req, { methods: ['POST'], who: 'coordinators', body: bodySchema, provider: 'optional' });
    const agentId = body.agentId ?? null;

    const candidates = await db.rpc('workflow_insight_candidates', { agent_id: agentId });
    if (candidates.error) throw databaseFailure(candidates.error);
    const computed = (candidates.data ?? []) as InsightCandidate[];

    const phrasings = await phraseWithModel(user, computed);
    const insights = phrasings ? computed.map((c, i) => ({ ...c, ...phrasings[i] })) : computed;
    const saved = await db.rpc('replace_workflow_insights', { agent_id: agentId, insights, phrased_by_model: phrasings !== null });
    if (saved.error) throw databaseFailure(saved.error);
    return json({ insights: saved.data ?? [], phrasedByModel: phrasings !== null }, 200, { 'Cache-Control': 'no-store' });
  }),
);
