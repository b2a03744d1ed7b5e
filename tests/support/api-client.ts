/**
 * Calls to the `/api` compatibility surface of a stack, for tests: the
 * function's URL, a bearer token or cookie, JSON or multipart bodies, and the
 * answer parsed (JSON when it is JSON).
 */
import { stackInfo } from './clients.ts';
import type { StackInfo } from './throwaway-stack.ts';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON (object or array), the text when not JSON, null when empty. */
  body: Record<string, unknown> & unknown[];
  /** The raw bytes (for file answers). */
  bytes: Uint8Array;
}

export interface ApiCallOptions extends Omit<RequestInit, 'body'> {
  token?: string;
  cookie?: string;
  /** JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /** Multipart body (the browser's FormData). */
  form?: FormData;
  info?: StackInfo;
}

export function apiUrl(path: string, info: StackInfo = stackInfo()): string {
  return `${info.apiUrl}/functions/v1/api${path}`;
}

/** `path` is below /api (e.g. `/listings/…`). */
export async function callApi(path: string, options: ApiCallOptions = {}): Promise<ApiAnswer> {
  const { token, cookie, json, form, info, ...init } = options;
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (cookie) headers.set('Cookie', cookie);
  let body: BodyInit | undefined;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  const response = await fetch(apiUrl(path, info), { ...init, headers, body });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, headers: response.headers, body: parsed as ApiAnswer['body'], bytes };
}

/**
 * A raw request to one of the stack's functions (`path` below /functions/v1,
 * e.g. `ai-chat` or `api/ai/query`) with the body exactly as given — for
 * malformed JSON and oversized bodies, which callApi cannot send.
 */
export async function sendRaw(path: string, options: { token?: string; body?: string; method?: string; info?: StackInfo } = {}): Promise<{ status: number; code: unknown; message: unknown }> {
  const info = options.info ?? stackInfo();
  const headers: Record<string, string> = { apikey: info.anonKey, 'Content-Type': 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${info.apiUrl}/functions/v1/${path}`, { method: options.method ?? 'POST', headers, body: options.body });
  const text = await response.text();
  let parsed: { message?: unknown; error?: { code?: unknown } } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON (an event stream): status only.
  }
  return { status: response.status, code: parsed.error?.code, message: parsed.message };
}
