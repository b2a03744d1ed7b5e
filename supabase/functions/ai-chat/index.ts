/**
 * The AI assistant's chat (spec part 2 §2 'AI assistant'; issue 14 'AI Chat'),
 * grounded in the caller's own data through read-only tools.
 *
 * POST { message } (trimmed, 1–4000 characters) →
 *   200 text/event-stream, one JSON object per `data:` line:
 *     { type: 'delta', text }            as the model's tokens arrive
 *     { type: 'tool', name }             while a tool runs
 *     { type: 'done', entries: [user, assistant] }   last, once stored
 *     { type: 'error', code, message }   a failure after the stream started
 *   Failures before the stream are JSON, in the order every AI call checks
 *   (_shared/ai-request.ts): 401, 403 agents, 413/400 bad body, 503 not
 *   configured, 429 rate limit, then the provider refusing the first request.
 *
 * The question and the answer are stored together in ai_conversations, with
 * the caller's client (RLS), only when the answer is complete: a failed or
 * abandoned request stores nothing. One ai_interactions entry per request.
 */
import { aiClient, beginAiCall, providerFailure, type AiCall } from '../_shared/ai.ts';
import { isSuperAdmin } from '../_shared/account.ts';
import { acceptAiRequest } from '../_shared/ai-request.ts';
import { chatTools, runTool, type ToolContext } from '../_shared/ai-tools.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { type OpenAI, z, type SupabaseClient } from '../_shared/deps.ts';
import { handler, HttpError } from '../_shared/http.ts';
import { type ChatMessage, promptChars, systemPrompt } from './prompt.ts';

const bodySchema = z.object({ message: z.string().trim().min(1, 'Type a message').max(4000, 'At most 4000 characters') });

/** Earlier entries sent along as context. */
const HISTORY_ENTRIES = 20;
/** Rounds of tool calls before the model must answer. */
const MAX_TOOL_ROUNDS = 4;
/** ai_conversations.content holds at most this many characters. */
const MAX_STORED_CHARS = 50_000;

type Stream = AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
type ChatEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool'; name: string }
  | { type: 'done'; entries: unknown[] }
  | { type: 'error'; code: string; message: string };

/** The caller's last entries, oldest first (explicitly their own: RLS would also show a super admin everyone's). */
async function recentHistory(db: SupabaseClient, accountId: string): Promise<ChatMessage[]> {
  const { data, error } = await db
    .from('ai_conversations')
    .select('role, content')
    .eq('user_id', accountId)
    .order('timestamp', { ascending: false })
    .order('id', { ascending: false })
    .limit(HISTORY_ENTRIES);
  if (error) throw new Error(`history query failed: ${error.message}`);
  return ((data ?? []) as { role: 'user' | 'assistant'; content: string }[]).reverse().map((e) => ({ role: e.role, content: e.content }));
}

interface ToolCallParts {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Streams one model answer: text deltas go out at once; tool-call fragments
 * are collected. Returns the round's text and the complete tool calls.
 */
async function consumeRound(stream: Stream, send: (event: ChatEvent) => void) {
  let text = '';
  const calls = new Map<number, ToolCallParts>();
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (!delta) continue;
    if (delta.content) {
      text += delta.content;
      send({ type: 'delta', text: delta.content });
    }
    for (const part of delta.tool_calls ?? []) {
      const call = calls.get(part.index) ?? { id: '', name: '', arguments: '' };
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
      calls.set(part.index, call);
    }
  }
  return { text, calls: [...calls.values()].filter((c) => c.name) };
}

Deno.serve(
  handler(async (req) => {
    const accepted = await acceptAiRequest(req, { methods: ['POST'], who: 'coordinators', body: bodySchema, provider: 'required' });
    const { user, db, account, settings } = accepted;
    const { message } = accepted.body;
    const askedAt = new Date();

    const history = await recentHistory(db, account.id);
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt({ firstName: account.first_name, lastName: account.last_name, role: account.role }, askedAt.toISOString().slice(0, 10)) },
      ...history,
      { role: 'user', content: message },
    ];
    const call = await beginAiCall(user, settings, { type: 'chat', input: message, inputChars: promptChars(messages) });

    const abort = new AbortController();
    req.signal.addEventListener('abort', () => abort.abort());
    const openai = aiClient(settings);
    const tools: ToolContext = { client: db, accountId: call.accountId, superAdmin: isSuperAdmin(account) };
    const ask = (final: boolean): Promise<Stream> =>
      openai.chat.completions.create(
        { model: settings.model, messages, stream: true, tools: chatTools, tool_choice: final ? 'none' : 'auto' },
        { signal: abort.signal },
      );

    // The first request is made before answering, so a provider refusing it is a plain JSON error.
    let first: Stream;
    try {
      first = await ask(false);
    } catch (error) {
      const failure = providerFailure(error);
      await call.fail(failure);
      throw failure;
    }

    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (event: ChatEvent) => {
          if (!abort.signal.aborted) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        };
        void converse({ first, ask, messages, tools, send, call, db, message, askedAt, abort }).finally(() => {
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
        });
      },
      cancel() {
        abort.abort();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { ...corsHeaders, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
    });
  }),
);

interface Conversation {
  first: Stream;
  ask: (final: boolean) => Promise<Stream>;
  messages: ChatMessage[];
  tools: ToolContext;
  send: (event: ChatEvent) => void;
  call: AiCall;
  db: SupabaseClient;
  message: string;
  askedAt: Date;
  abort: AbortController;
}

/** The rest of the exchange, after the first response arrived: tool rounds, the answer, storing it, the log. */
async function converse({ first, ask, messages, tools, send, call, db, message, askedAt, abort }: Conversation): Promise<void> {
  let answer = '';
  try {
    let stream = first;
    for (let round = 0; ; round++) {
      const { text, calls } = await consumeRound(stream, send);
      answer += text;
      if (calls.length === 0) break;
      messages.push({
        role: 'assistant',
        content: text || null,
        tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })),
      });
      for (const c of calls) {
        send({ type: 'tool', name: c.name });
        messages.push({ role: 'tool', tool_call_id: c.id, content: await runTool(tools, c.name, c.arguments) });
      }
      // After MAX_TOOL_ROUNDS rounds of tools the model must answer with what it has.
      stream = await ask(round + 1 >= MAX_TOOL_ROUNDS);
    }
    if (abort.signal.aborted) throw new HttpError(499, 'client_closed', 'The request was cancelled.');
    if (answer.trim() === '') throw new HttpError(502, 'ai_empty_answer', 'The AI provider returned an empty answer.');

    const stored = await db
      .from('ai_conversations')
      .insert([
        { user_id: call.accountId, role: 'user', content: message, timestamp: askedAt.toISOString() },
        { user_id: call.accountId, role: 'assistant', content: answer.slice(0, MAX_STORED_CHARS), timestamp: new Date().toISOString() },
      ])
      .select('id, role, content, timestamp');
    if (stored.error) throw new HttpError(500, 'store_failed', 'The answer could not be saved.');
    const entries = ((stored.data ?? []) as { role: string }[]).sort((a, b) => (a.role === 'user' ? -1 : b.role === 'user' ? 1 : 0));
    await call.succeed(answer);
    send({ type: 'done', entries });
  } catch (error) {
    const failure = abort.signal.aborted ? new HttpError(499, 'client_closed', 'The request was cancelled.') : providerFailure(error);
    await call.fail(failure);
    if (!(failure instanceof HttpError)) console.error(failure);
    const { code, message: text } =
      failure instanceof HttpError ? failure : { code: 'internal_error', message: 'The assistant failed; see the function logs.' };
    send({ type: 'error', code, message: text });
  }
}
