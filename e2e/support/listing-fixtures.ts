/**
 * Data helpers for the listing-workspace browser tests: find seeded listings,
 * read what was stored (rows and storage objects) as a superuser, and call
 * the API as a given demo user, to check what the screens claim.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { StackInfo } from '../../tests/support/throwaway-stack.ts';
import { passwordSession } from './auth.ts';

export async function query<T extends Record<string, unknown>>(stack: StackInfo, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The id of the seeded listing whose address starts with `addressPrefix`. */
export async function listingIdByAddress(stack: StackInfo, addressPrefix: string): Promise<string> {
  const rows = await query<{ id: string }>(stack, 'select id from public.listings where address like $1', [`${addressPrefix}%`]);
  if (rows.length !== 1) throw new Error(`expected one listing at "${addressPrefix}", found ${rows.length}`);
  return rows[0].id;
}

/** Object names stored in `bucket` under listings/<listingId>/. */
export async function storedObjects(stack: StackInfo, bucket: string, listingId: string): Promise<string[]> {
  const rows = await query<{ name: string }>(stack, 'select name from storage.objects where bucket_id = $1 and name like $2 order by name', [
    bucket,
    `listings/${listingId}/%`,
  ]);
  return rows.map((r) => r.name);
}

/** supabase-js signed in as a demo user (no persistence), for checking what that user may reach. */
export async function clientAs(stack: StackInfo, email: string): Promise<{ client: SupabaseClient; accessToken: string }> {
  const session = await passwordSession(stack, email);
  return { client: clientWithToken(stack, session.access_token), accessToken: session.access_token };
}

/** supabase-js acting with an access token the test already holds (e.g. from sessionsPerPerson), so no sign-in is spent. */
export function clientWithToken(stack: StackInfo, accessToken: string): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
    // Node 20 has no global WebSocket; supabase-js insists on one even when realtime is unused.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A small but valid one-page PDF whose text makes its bytes unique. */
export function pdfBytes(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
