/**
 * Phoenix wire format as realtime-js speaks it. vsn 2.0.0 (the client's
 * default): text frames are `[join_ref, ref, topic, event, payload]`, client
 * broadcasts arrive as binary "user broadcast push" frames (kind 3) and we may
 * send binary "user broadcast" frames (kind 4), needed for binary payloads.
 * vsn 1.0.0 (JSON objects) is kept for older clients.
 */
import { z } from 'zod';

export type Vsn = '1.0.0' | '2.0.0';

export interface Inbound {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast message on its way to subscribers; `payload` is a Buffer for binary broadcasts. */
export interface BroadcastMessage {
  event: string;
  payload: unknown;
  meta?: unknown;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const textFrameV2 = z.tuple([z.string().nullable(), z.string().nullable(), z.string(), z.string(), z.unknown()]);
const textFrameV1 = z.object({
  join_ref: z.string().nullish(),
  ref: z.string().nullish(),
  topic: z.string(),
  event: z.string(),
  payload: z.unknown(),
});

export class ProtocolError extends Error {}

export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Inbound {
  if (isBinary) return decodeBinaryPush(data);
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '1.0.0') {
    const m = textFrameV1.safeParse(json);
    if (!m.success) throw new ProtocolError('frame is not a phoenix message');
    return { joinRef: m.data.join_ref ?? null, ref: m.data.ref ?? null, topic: m.data.topic, event: m.data.event, payload: m.data.payload };
  }
  const m = textFrameV2.safeParse(json);
  if (!m.success) throw new ProtocolError('frame is not a phoenix message');
  const [joinRef, ref, topic, event, payload] = m.data;
  return { joinRef, ref, topic, event, payload };
}

/** Kind 3: [3, len(join_ref), len(ref), len(topic), len(event), len(meta), encoding] + strings + payload. */
function decodeBinaryPush(buf: Buffer): Inbound {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) throw new ProtocolError('unsupported binary frame');
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1], buf[2], buf[3], buf[4], buf[5], buf[6]];
  let offset = 7;
  const take = (n: number) => {
    if (offset + n > buf.length) throw new ProtocolError('truncated binary frame');
    const s = buf.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const metaText = take(metaLen);
  const body = buf.subarray(offset);
  let payload: unknown;
  if (encoding === ENCODING_JSON) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ProtocolError('broadcast payload is not JSON');
    }
  } else payload = Buffer.from(body);
  const message: Record<string, unknown> = { type: 'broadcast', event, payload };
  if (metaText) {
    try {
      message.meta = JSON.parse(metaText);
    } catch {
      /* metadata is optional; a broken one is dropped */
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: message };
}

export function encodeText(vsn: Vsn, joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): string {
  if (vsn === '1.0.0') return JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
  return JSON.stringify([joinRef, ref, topic, event, payload]);
}

/** A broadcast frame for one socket: binary kind 4 for binary payloads (vsn 2), text otherwise. */
export function encodeBroadcast(vsn: Vsn, topic: string, msg: BroadcastMessage): string | Buffer | undefined {
  if (Buffer.isBuffer(msg.payload)) {
    if (vsn === '1.0.0') return undefined; // JSON-only serializer cannot carry bytes
    const meta = msg.meta === undefined ? '' : JSON.stringify(msg.meta);
    const strings = [topic, msg.event, meta].map((s) => Buffer.from(s, 'utf8'));
    if (strings.some((s) => s.length > 255)) return undefined;
    const header = Buffer.from([KIND_USER_BROADCAST, strings[0].length, strings[1].length, strings[2].length, ENCODING_BINARY]);
    return Buffer.concat([header, ...strings, msg.payload]);
  }
  const body: Record<string, unknown> = { type: 'broadcast', event: msg.event, payload: msg.payload };
  if (msg.meta !== undefined) body.meta = msg.meta;
  return encodeText(vsn, null, null, topic, 'broadcast', body);
}

// Payloads of the events a client pushes; unknown keys are ignored as Realtime does.
export const postgresBindingSchema = z.object({
  event: z.string(),
  schema: z.string().optional(),
  table: z.string().optional(),
  filter: z.string().optional(),
});
export type PostgresBindingRequest = z.infer<typeof postgresBindingSchema>;

export const joinPayloadSchema = z.object({
  config: z
    .object({
      broadcast: z.object({ ack: z.boolean().optional(), self: z.boolean().optional() }).loose().optional(),
      presence: z.object({ key: z.string().optional(), enabled: z.boolean().optional() }).loose().optional(),
      postgres_changes: z.array(postgresBindingSchema).optional(),
      private: z.boolean().optional(),
    })
    .loose()
    .optional(),
  access_token: z.string().nullish(),
});
export type JoinPayload = z.infer<typeof joinPayloadSchema>;

export const accessTokenPayloadSchema = z.object({ access_token: z.string().nullish() });

export const broadcastPayloadSchema = z.object({ type: z.literal('broadcast').optional(), event: z.string(), payload: z.unknown(), meta: z.unknown().optional() });

export const presencePayloadSchema = z.object({
  type: z.literal('presence').optional(),
  event: z.enum(['track', 'untrack']),
  payload: z.record(z.string(), z.unknown()).optional(),
});
