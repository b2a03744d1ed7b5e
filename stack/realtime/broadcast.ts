/**
 * Broadcast: fan-out to a topic's members (honouring `self` and private-channel
 * read rights) and the REST endpoints realtime-js uses when it is not joined
 * (`POST /api/broadcast`) or for `httpSend` (`POST /api/broadcast/<topic>/events/<event>`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type pg from 'pg';
import { apiKey, applyCors, bearerToken, BodyTooLargeError, readBody, sendJson } from '../gateway/http.ts';
import { AuthError, authorizePrivateChannel, identify, type Identity } from './auth.ts';
import { routingKey, type Member, type Registry } from './channels.ts';
import type { BroadcastMessage, Vsn } from './protocol.ts';

export function fanOut(registry: Registry, key: string, msg: BroadcastMessage, sender?: Member): number {
  const cache = new Map<Vsn, string | Buffer | undefined>();
  let delivered = 0;
  for (const m of registry.members(key)) {
    if (m === sender && !m.options.self) continue;
    if (m.isPrivate && !m.permissions.broadcastRead) continue;
    m.sendBroadcast(msg, cache);
    delivered++;
  }
  return delivered;
}

const restMessagesSchema = z.object({
  messages: z
    .array(
      z.object({
        topic: z.string().min(1),
        event: z.string().min(1),
        payload: z.unknown().optional(),
        private: z.boolean().optional(),
      }),
    )
    .max(1000),
});

export interface BroadcastRestDeps {
  registry: Registry;
  pool: pg.Pool;
  jwtSecret: string;
}

async function callerIdentity(req: IncomingMessage, url: URL, secret: string): Promise<Identity> {
  const token = bearerToken(req) ?? apiKey(req, url);
  if (!token) throw new AuthError('No API key found in request');
  return identify(token, secret);
}

/** Handles `/api/broadcast` and `/api/broadcast/<topic>/events/<event>`; returns false for other paths. */
export async function handleBroadcastRest(deps: BroadcastRestDeps, req: IncomingMessage, res: ServerResponse, subPath: string, url: URL): Promise<boolean> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(subPath);
  if (subPath !== '/api/broadcast' && subPath !== '/api/broadcast/' && !single) return false;
  applyCors(req, res);
  if (req.method !== 'POST') {
    sendJson(res, 405, { message: 'method not allowed' }, { Allow: 'POST' });
    return true;
  }
  let identity: Identity;
  try {
    identity = await callerIdentity(req, url, deps.jwtSecret);
  } catch (error) {
    sendJson(res, 401, { message: (error as Error).message });
    return true;
  }
  let messages: { topic: string; event: string; payload: unknown; private: boolean }[];
  try {
    const body = await readBody(req, 2 * 1024 * 1024);
    if (single) {
      const isJson = !/octet-stream/i.test(req.headers['content-type'] ?? '');
      const payload = isJson ? JSON.parse(body.toString('utf8') || 'null') : body;
      messages = [{ topic: decodeURIComponent(single[1]), event: decodeURIComponent(single[2]), payload, private: url.searchParams.get('private') === 'true' }];
    } else {
      const parsed = restMessagesSchema.safeParse(JSON.parse(body.toString('utf8') || '{}'));
      if (!parsed.success) {
        sendJson(res, 400, { message: 'invalid broadcast body', errors: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
        return true;
      }
      messages = parsed.data.messages.map((m) => ({ topic: m.topic, event: m.event, payload: m.payload ?? {}, private: m.private ?? false }));
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) sendJson(res, 413, { message: error.message });
    else sendJson(res, 400, { message: 'body is not valid JSON' });
    return true;
  }
  // Private topics need write permission under RLS on realtime.messages, checked once per topic.
  const writable = new Map<string, boolean>();
  for (const m of messages) {
    if (!m.private) continue;
    if (!writable.has(m.topic)) writable.set(m.topic, (await authorizePrivateChannel(deps.pool, identity, m.topic)).broadcastWrite);
  }
  if (single && messages[0].private && !writable.get(messages[0].topic)) {
    sendJson(res, 401, { message: `You do not have permissions to write to this Channel topic: ${messages[0].topic}` });
    return true;
  }
  for (const m of messages) {
    if (m.private && !writable.get(m.topic)) continue; // hosted Realtime drops unauthorized messages silently
    fanOut(deps.registry, routingKey(m.private, m.topic), { event: m.event, payload: m.payload });
  }
  res.writeHead(202, { 'Content-Length': 0 }).end();
  return true;
}
