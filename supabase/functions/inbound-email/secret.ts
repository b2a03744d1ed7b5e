/**
 * Authentication of the mail provider's webhook by a shared secret
 * (INBOUND_EMAIL_SECRET in the functions' environment), in either form
 * providers offer:
 *   - `X-Inbound-Signature: sha256=<hex HMAC-SHA256 of the raw body>`
 *     (signed webhooks; the local SMTP listener signs this way), or
 *   - HTTP Basic auth whose password is the secret (providers that only let
 *     you put credentials in the webhook URL, e.g. SendGrid Inbound Parse).
 */
import { HttpError } from '../_shared/http.ts';

const encoder = new TextEncoder();

export function inboundSecret(): string {
  const secret = Deno.env.get('INBOUND_EMAIL_SECRET') ?? '';
  if (!secret) throw new HttpError(503, 'not_configured', 'inbound e-mail not configured');
  return secret;
}

/** Compares without leaking where the first difference is. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function signBody(secret: string, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, body));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 401 unless the request carries a valid signature of `body` or the secret as Basic password. */
export async function requireProvider(req: Request, body: Uint8Array<ArrayBuffer>, secret: string): Promise<void> {
  const signature = req.headers.get('X-Inbound-Signature')?.trim().replace(/^sha256=/i, '').toLowerCase();
  if (signature) {
    if (sameBytes(encoder.encode(signature), encoder.encode(await signBody(secret, body)))) return;
    throw new HttpError(401, 'bad_signature', 'The X-Inbound-Signature does not match the body');
  }
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  if (basic) {
    let password = '';
    try {
      password = atob(basic).split(':').slice(1).join(':');
    } catch {
      /* not base64: refused below */
    }
    if (sameBytes(encoder.encode(password), encoder.encode(secret))) return;
  }
  throw new HttpError(401, 'unauthorized', 'Sign the body (X-Inbound-Signature) or use Basic auth with the inbound e-mail secret');
}
