/**
 * Calls another Edge Function as the caller (their token, so that function's
 * own checks and RLS apply), for routes whose behaviour already lives in a
 * function — smart reminders, invitations, the AI tools — so there is one
 * implementation, not two.
 */
import { HttpError } from '../_shared/http.ts';
import type { Caller } from './session.ts';

/** The other function's answer; its 4xx errors pass through with their message. */
export async function callFunction(caller: Caller, name: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const base = Deno.env.get('SUPABASE_URL');
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
  if (!base || !anonKey) throw new Error('SUPABASE_URL / SUPABASE_ANON_KEY are not set');
  const response = await fetch(`${base}/functions/v1/${name}`, {
    method: init.method ?? 'POST',
    headers: { Authorization: `Bearer ${caller.token}`, apikey: anonKey, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.ok) return response;
  const text = await response.text();
  let message = text;
  let code = 'function_error';
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: { code?: unknown } };
    if (typeof parsed.message === 'string') message = parsed.message;
    if (typeof parsed.error?.code === 'string') code = parsed.error.code;
  } catch {
    /* not JSON: the text is the message */
  }
  if (response.status >= 400 && response.status < 500) {
    const retryAfter = response.headers.get('retry-after');
    throw new HttpError(response.status, code, message, undefined, retryAfter ? { 'Retry-After': retryAfter } : undefined);
  }
  throw new HttpError(response.status === 503 || response.status === 504 ? response.status : 502, code, message || `${name} failed`);
}

/** The JSON of another function's successful answer. */
export async function callFunctionJson<T>(caller: Caller, name: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return (await (await callFunction(caller, name, init)).json()) as T;
}
