/**
 * The AI calls of part 2 §7 and the smart reminders of part 1 §7. Each is a
 * thin wrapper over the Edge Function the app uses (ai-chat,
 * ai-listing-descriptions, ai-workflow-insights, smart-reminders), called as
 * the caller, so rate limits, logging, the "not configured" answer and RLS
 * are the same; history, patterns and insights are read directly.
 *
 * The wrappers check in the order every AI call does (_shared/ai-request.ts):
 * the role before the body (`aiCall`), so an agent gets 403 for anything it
 * sends, and the body with the AI calls' size limit before the function
 * says whether AI is configured.
 */
import { AI_MAX_BODY_BYTES, requireAiAccount, SMART_REMINDERS_REFUSAL } from '../../_shared/ai-request.ts';
import { z } from '../../_shared/deps.ts';
import { HttpError } from '../../_shared/http.ts';
import { unwrap } from '../db.ts';
import { callFunction, callFunctionJson } from '../function-call.ts';
import { route } from '../router.ts';
import { camelize } from '../shapes.ts';
import type { Caller } from '../session.ts';

export const conversationEntryShape = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
});

/** What the routes that call an AI function share: coordinators and super admins only (403 `refusal` otherwise), the AI body limit. */
const aiCall = (refusal?: string) => ({
  permit: async (caller: Caller) => {
    await requireAiAccount(caller.db, refusal);
  },
  maxBodyBytes: AI_MAX_BODY_BYTES,
});

const agentFilter = z.object({ agentId: z.uuid().optional().describe("One of the coordinator's agents; all when absent.") });

/** The chat function streams server-sent events; this waits for its last one. */
async function askAssistant(caller: Caller, query: string) {
  const response = await callFunction(caller, 'ai-chat', { body: { message: query } });
  const text = await response.text();
  let done: { entries: unknown[] } | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const event = JSON.parse(line.slice(6)) as { type: string; entries?: unknown[]; code?: string; message?: string };
    if (event.type === 'error') throw new HttpError(502, event.code ?? 'ai_error', event.message ?? 'Failed to get AI response. Please try again.');
    if (event.type === 'done' && event.entries) done = { entries: event.entries };
  }
  if (!done) throw new HttpError(502, 'ai_error', 'Failed to get AI response. Please try again.');
  const entries = z.array(conversationEntryShape).parse(done.entries);
  return { response: entries[entries.length - 1].content, entries };
}

export const aiRoutes = [
  route({
    method: 'GET',
    path: '/ai/conversations',
    tag: 'ai',
    summary: "The caller's AI chat history, oldest first (the last 100 entries).",
    response: z.array(conversationEntryShape),
    async handler({ caller }) {
      const me = await caller.accountId();
      const rows = unwrap(await caller.db.from('ai_conversations').select('id, role, content, timestamp').eq('user_id', me).order('timestamp', { ascending: false }).order('id').limit(100));
      return (rows ?? []).reverse();
    },
  }),
  route({
    method: 'DELETE',
    path: '/ai/conversations',
    tag: 'ai',
    summary: "Clears the caller's AI chat history.",
    async handler({ caller }) {
      const me = await caller.accountId();
      unwrap(await caller.db.from('ai_conversations').delete().eq('user_id', me));
    },
  }),
  route<Record<string, never>, Record<string, never>, { query: string }>({
    method: 'POST',
    path: '/ai/query',
    ...aiCall(),
    tag: 'ai',
    summary: "Asks the assistant (grounded in the caller's own data); answers `{response, entries}` once the answer is complete.",
    body: { json: z.object({ query: z.string().trim().min(1, 'Enter a question').max(4000) }) },
    response: z.object({ response: z.string(), entries: z.array(conversationEntryShape) }),
    async handler({ caller, body }) {
      return await askAssistant(caller, body.query);
    },
  }),
  route<Record<string, never>, Record<string, never>, { address: string; highlights?: string | string[] }>({
    method: 'POST',
    path: '/ai/listing-description',
    ...aiCall(),
    tag: 'ai',
    summary: 'Five listing descriptions (Professional, Luxury, Family-Friendly, Investment, Concise), each at most 800 characters.',
    body: {
      json: z.object({
        address: z.string().max(500),
        highlights: z.union([z.string().max(2000), z.array(z.string().max(500)).max(20)]).optional(),
      }),
    },
    response: z.object({ styles: z.array(z.object({ name: z.string(), description: z.string() })), listingId: z.uuid().nullable(), researchUsed: z.boolean() }),
    async handler({ caller, body }) {
      const highlights = Array.isArray(body.highlights) ? body.highlights.join('\n') : body.highlights;
      return await callFunctionJson(caller, 'ai-listing-descriptions', { body: { address: body.address, highlights } });
    },
  }),
  route<Record<string, never>, { agentId?: string; limit: number }>({
    method: 'GET',
    path: '/ai/workflow/patterns',
    tag: 'ai',
    summary: 'The latest workflow patterns (task assigned, responded, completed, reminder sent) of the caller, optionally of one agent.',
    query: agentFilter.extend({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
    async handler({ caller, query }) {
      let request = caller.db.from('ai_workflow_patterns').select('id, tc_id, agent_id, pattern_type, action_type, listing_id, task_id, metadata, timestamp');
      if (query.agentId) request = request.eq('agent_id', query.agentId);
      return camelize(unwrap(await request.order('timestamp', { ascending: false }).order('id').limit(query.limit)));
    },
  }),
  route<Record<string, never>, { agentId?: string }>({
    method: 'GET',
    path: '/ai/workflow/insights',
    tag: 'ai',
    summary: 'The active workflow insights of the caller, optionally about one agent.',
    query: agentFilter,
    async handler({ caller, query }) {
      let request = caller.db
        .from('ai_learning_insights')
        .select('id, tc_id, agent_id, insight_type, title, description, recommendation, confidence, trigger_condition, metadata, is_active, created_at')
        .eq('is_active', true);
      if (query.agentId) request = request.eq('agent_id', query.agentId);
      return camelize(unwrap(await request.order('confidence', { ascending: false }).order('created_at', { ascending: false }).limit(100)));
    },
  }),
  route<Record<string, never>, { agentId?: string }, { agentId?: string | null }>({
    method: 'POST',
    path: '/ai/workflow/generate-insights',
    ...aiCall(),
    tag: 'ai',
    summary: 'Generates workflow insights from the statistics (phrased by the model when AI is configured); answers the list.',
    query: agentFilter,
    body: { json: z.object({ agentId: z.uuid().nullable().optional() }) },
    async handler({ caller, query, body }) {
      const agentId = body.agentId ?? query.agentId ?? null;
      const answer = await callFunctionJson<{ insights: unknown[] }>(caller, 'ai-workflow-insights', { body: { agentId } });
      return camelize(answer.insights);
    },
  }),
  route<{ listingId: string }>({
    method: 'GET',
    path: '/smart-reminders/:listingId',
    ...aiCall(SMART_REMINDERS_REFUSAL),
    tag: 'listings',
    summary: "A listing's smart reminders (plain strings), for its coordinator and super admins.",
    params: z.object({ listingId: z.uuid() }),
    response: z.array(z.string()),
    async handler({ caller, params }) {
      const answer = await callFunctionJson<{ reminders: string[] }>(caller, 'smart-reminders', { body: { listingId: params.listingId } });
      return answer.reminders;
    },
  }),
];
