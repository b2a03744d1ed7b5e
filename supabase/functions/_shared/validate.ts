/**
 * Request body validation with zod: a bad body is the caller's mistake, so it
 * becomes a 4xx naming the problem instead of a crash deeper in the function —
 * 413 past the size limit (read no further than that), 400 when it is not
 * JSON, 400 listing the fields zod refuses.
 */
import { z } from './deps.ts';
import { HttpError } from './http.ts';

/** JSON bodies are small (the largest, a chat message, is 4,000 characters); anything near a megabyte is not a real call. */
export const MAX_JSON_BYTES = 1024 * 1024;

function tooLarge(maxBytes: number): HttpError {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new HttpError(413, 'payload_too_large', `The request body is too large: at most ${size}.`, { maxBytes });
}

/**
 * The body's bytes, refusing (413, `refusal`) past `maxBytes` — from
 * Content-Length, or while reading — without reading or buffering the rest.
 */
export async function readBoundedBody(req: Request, maxBytes: number, refusal: () => HttpError = () => tooLarge(maxBytes)): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body?.cancel().catch(() => undefined);
    throw refusal();
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw refusal();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as JSON (an empty body is `{}`, as for a call that sends no fields); 413 past `maxBytes`, 400 when not JSON. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const text = new TextDecoder().decode(await readBoundedBody(req, maxBytes));
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be JSON');
  }
}

/** zod's issues as a 400 whose message names the fields, so a caller showing it as is tells the user what to fix. */
export function invalidInput(error: z.ZodError, code: string, describe: (summary: string) => string): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return new HttpError(400, code, describe(summary), issues);
}

/** A value checked against a schema, or the 400 naming what is wrong. */
export function validBody<S extends z.ZodType>(value: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error, 'invalid_body', (summary) => `The request body is not valid (${summary})`);
  return result.data;
}

export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S, maxBytes = MAX_JSON_BYTES): Promise<z.infer<S>> {
  return validBody(await readJson(req, maxBytes), schema);
}
