/**
 * Helpers for the auth integration tests: reading captured mail through the
 * mail server's Mailpit-style JSON API, raw auth requests (to check statuses
 * and headers supabase-js hides), and supabase-js clients in PKCE mode.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { stackInfo } from '../support/clients.ts';
import type { StackInfo } from '../support/throwaway-stack.ts';

export interface MailSummary {
  ID: string;
  From: { Address: string; Name: string };
  To: { Address: string; Name: string }[];
  Subject: string;
  Created: string;
  Snippet: string;
}

export interface MailDetail extends Omit<MailSummary, 'Snippet'> {
  HTML: string;
  Text: string;
}

export async function mailsTo(address: string, info: Pick<StackInfo, 'mailUrl'> = stackInfo()): Promise<MailSummary[]> {
  const res = await fetch(`${info.mailUrl}/api/v1/messages?limit=500`);
  const body = (await res.json()) as { messages: MailSummary[] };
  return body.messages.filter((m) => m.To.some((t) => t.Address === address.toLowerCase()));
}

/** The newest message to `address`; mail is captured before the auth call returns, so no waiting is needed. */
export async function latestMailTo(address: string, info: Pick<StackInfo, 'mailUrl'> = stackInfo()): Promise<MailDetail> {
  const [newest] = await mailsTo(address, info);
  if (!newest) throw new Error(`no mail to ${address}`);
  const res = await fetch(`${info.mailUrl}/api/v1/message/${newest.ID}`);
  return (await res.json()) as MailDetail;
}

export function verifyLinkIn(mail: MailDetail): URL {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text);
  if (!match) throw new Error(`no verify link in: ${mail.Text}`);
  return new URL(match[0]);
}

export function otpIn(mail: MailDetail): string {
  const match = /code: (\d{6})/.exec(mail.Text);
  if (!match) throw new Error(`no code in: ${mail.Text}`);
  return match[1]!;
}

/** Follows an e-mail link like a browser's first hop (no API key) and returns the 303's Location. */
export async function followLink(link: URL | string): Promise<{ status: number; location: URL }> {
  const res = await fetch(link, { redirect: 'manual' });
  return { status: res.status, location: new URL(res.headers.get('location') ?? 'about:blank') };
}

export const fragmentOf = (location: URL) => new URLSearchParams(location.hash.slice(1));

/** A raw request to /auth/v1 with the anon key (and optionally a bearer token). */
export async function authFetch(path: string, init: { method?: string; bearer?: string | null; body?: unknown; apikey?: string | null } = {}, info = stackInfo()) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const apikey = init.apikey === undefined ? info.anonKey : init.apikey;
  if (apikey) headers.apikey = apikey;
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  const res = await fetch(`${info.apiUrl}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { raw: text };
  }
  return { status: res.status, headers: res.headers, json };
}

export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A browser-like client: PKCE flow, session kept in an in-memory storage adapter. */
export function pkceClient(info: Pick<StackInfo, 'apiUrl' | 'anonKey'> = stackInfo()): SupabaseClient {
  return createClient(info.apiUrl, info.anonKey, {
    auth: { flowType: 'pkce', storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A default (implicit-flow) client with its own session, for clients other than the helpers' anonClient. */
export function implicitClient(info: Pick<StackInfo, 'apiUrl' | 'anonKey'> = stackInfo()): SupabaseClient {
  return createClient(info.apiUrl, info.anonKey, {
    auth: { storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
