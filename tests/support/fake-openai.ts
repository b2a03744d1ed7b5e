/**
 * A fake OpenAI-compatible provider for tests: `POST /v1/chat/completions`
 * (plain and streamed as server-sent events, text, tool calls, JSON output)
 * and `GET /v1/models`, plus the failures a real provider produces (401, 429
 * with Retry-After, 500, no answer at all). It records every request so tests
 * can assert what the functions sent — that prompts carry only the caller's
 * data and never a secret.
 *
 * Replies are scripted per test: `fake.respond(request => reply)` decides each
 * answer; without a script every request gets a 500 naming the missing script.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export type FakeReply =
  /** Assistant text; streamed in `chunks` pieces (default: one per word) `chunkDelayMs` apart. */
  | { text: string; chunks?: string[]; chunkDelayMs?: number }
  /** The assistant asks for tools to be called. */
  | { toolCalls: FakeToolCall[] }
  /** Assistant content that is this value as JSON (structured output). */
  | { json: unknown }
  /** A provider failure with this status (Retry-After seconds for 429). */
  | { error: 401 | 403 | 429 | 500 | 503; retryAfter?: number; message?: string }
  /** Accept the request and never answer (the caller's timeout must fire). */
  | { hang: true };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: ChatMessage[];
    stream?: boolean;
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
    [key: string]: unknown;
  };
}

export interface FakeOpenAI {
  /** Base URL to use as OPENAI_BASE_URL (ends in /v1). */
  url: string;
  /** Every chat-completion request received, oldest first. */
  requests: RecordedRequest[];
  respond(script: (request: RecordedRequest, index: number) => FakeReply): void;
  /** Forget requests and the script. */
  reset(): void;
  close(): Promise<void>;
}

/** The text of a message whatever its content shape (string or parts). */
export function messageText(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) return message.content.map((p) => p.text ?? '').join('');
  return '';
}

/** Everything a request told the model, as one string (for "the prompt never contains X" checks). */
export function promptText(request: RecordedRequest): string {
  return JSON.stringify(request.body.messages);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function completion(model: string, message: Record<string, unknown>, finishReason: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function chunk(model: string, delta: Record<string, unknown>, finishReason: string | null) {
  return {
    id: 'chatcmpl-fake-stream',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}

function toolCallsOf(calls: FakeToolCall[]) {
  return calls.map((call, i) => ({
    id: `call_fake_${i}_${call.name}`,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

async function answer(res: http.ServerResponse, request: RecordedRequest, reply: FakeReply): Promise<void> {
  const model = request.body.model;
  if ('hang' in reply) return; // the socket stays open until the caller gives up or the server closes
  if ('error' in reply) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (reply.retryAfter !== undefined) headers['Retry-After'] = String(reply.retryAfter);
    res.writeHead(reply.error, headers);
    res.end(JSON.stringify({ error: { message: reply.message ?? `fake provider error ${reply.error}`, type: 'fake_error', code: null } }));
    return;
  }
  const stream = request.body.stream === true;
  if (!stream) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if ('toolCalls' in reply) {
      res.end(JSON.stringify(completion(model, { role: 'assistant', content: null, tool_calls: toolCallsOf(reply.toolCalls) }, 'tool_calls')));
    } else {
      const content = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
      res.end(JSON.stringify(completion(model, { role: 'assistant', content }, 'stop')));
    }
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  send(chunk(model, { role: 'assistant', content: '' }, null));
  if ('toolCalls' in reply) {
    toolCallsOf(reply.toolCalls).forEach((call, index) => send(chunk(model, { tool_calls: [{ index, ...call }] }, null)));
    send(chunk(model, {}, 'tool_calls'));
  } else {
    const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
    const pieces = 'chunks' in reply && reply.chunks ? reply.chunks : text.split(/(?<=\s)/);
    const delay = 'chunkDelayMs' in reply ? (reply.chunkDelayMs ?? 0) : 0;
    for (const piece of pieces) {
      if (res.destroyed) return;
      send(chunk(model, { content: piece }, null));
      if (delay > 0) await sleep(delay);
    }
    send(chunk(model, {}, 'stop'));
  }
  res.write('data: [DONE]\n\n');
  res.end();
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  let script: ((request: RecordedRequest, index: number) => FakeReply) | undefined;
  const requests: RecordedRequest[] = [];
  const open = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/v1/models') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'tests' }] }));
        return;
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
        return;
      }
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'body is not JSON' } }));
        return;
      }
      const recorded: RecordedRequest = { path, authorization: req.headers.authorization, body };
      const index = requests.push(recorded) - 1;
      const reply: FakeReply = script ? script(recorded, index) : { error: 500, message: 'the fake provider has no script for this test' };
      open.add(res);
      res.on('close', () => open.delete(res));
      answer(res, recorded, reply).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    respond(next) {
      script = next;
    },
    reset() {
      script = undefined;
      requests.length = 0;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
