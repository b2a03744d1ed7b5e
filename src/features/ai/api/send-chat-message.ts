import { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, extractCode } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { conversationEntrySchema, type ConversationEntry } from '@/features/ai/api/get-ai-conversation';

/** The ai-chat function's limits: the question is trimmed, 1–4000 characters (blank text is ignored). */
export const sendChatInputSchema = z.object({ message: z.string().trim().min(1).max(4000) });
export type SendChatInput = z.input<typeof sendChatInputSchema>;

/** One server-sent event of ai-chat (supabase/functions/ai-chat/index.ts). */
const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('tool'), name: z.string() }),
  z.object({ type: z.literal('done'), entries: z.array(conversationEntrySchema) }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);

export interface ChatStreamHandlers {
  /** A piece of the answer, as soon as it arrives. */
  onDelta: (text: string) => void;
  /** The assistant is looking something up. */
  onTool?: (name: string) => void;
  signal?: AbortSignal;
}

const errorBodySchema = z.object({ message: z.string().optional() }).loose();

/** A failed answer before the stream started (JSON error body) as an ApiError with the function's message and code. */
async function failedAnswer(response: Response): Promise<ApiError> {
  const body = await response.text().catch(() => '');
  let message = body;
  try {
    message = errorBodySchema.parse(JSON.parse(body)).message ?? body;
  } catch {
    // Not JSON: the text is the message.
  }
  return new ApiError(response.status, message, { code: extractCode(body) });
}

/**
 * Asks the assistant: POSTs to the ai-chat Edge Function with the session's
 * token and reads its event stream incrementally (supabase-js's invoke would
 * wait for the whole body). Resolves with the two stored entries; rejects with
 * an ApiError when the request fails or the stream ends in an error.
 */
export async function sendChatMessage(input: SendChatInput, handlers: ChatStreamHandlers): Promise<ConversationEntry[]> {
  const { message } = sendChatInputSchema.parse(input);
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ApiError(401, 'Unauthorized');
  const response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/ai-chat`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: env.VITE_SUPABASE_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ message }),
    signal: handlers.signal,
  });
  if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) throw await failedAnswer(response);

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const line = frame.split('\n').find((l) => l.startsWith('data:'));
      if (!line) continue;
      const event = chatEventSchema.parse(JSON.parse(line.slice(5)));
      if (event.type === 'delta') handlers.onDelta(event.text);
      else if (event.type === 'tool') handlers.onTool?.(event.name);
      else if (event.type === 'error') throw new ApiError(502, event.message, { code: event.code });
      else return event.entries;
    }
  }
  throw new ApiError(502, 'The answer was cut off.');
}
