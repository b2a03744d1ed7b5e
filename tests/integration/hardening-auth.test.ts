/**
 * Sign-in rate limits cannot be dodged with X-Forwarded-For, and count per
 * client address across e-mails (password spraying). This file runs its own
 * stack with config.toml's `[auth.rate_limit] sign_in_sign_ups` at 20 and
 * 127.0.0.2 configured as a trusted proxy; each scenario connects from its
 * own loopback address (all of 127/8 is local on Linux), so their budgets
 * never mix.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayStack, type StackInfo } from '../support/throwaway-stack.ts';

const PER_ADDRESS = 20;
const PROXY = '127.0.0.2';

let info: StackInfo;
let stop: () => Promise<void>;

beforeAll(async () => {
  const stack = await startThrowawayStack({ signInSignUps: PER_ADDRESS, trustedProxies: [PROXY] });
  info = stack.info;
  stop = stack.stop;
});

afterAll(async () => {
  await stop?.();
});

const email = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@ratelimit.test`;

/** A password sign-in as auth-js sends it, from a chosen local address, with optional extra headers. */
function signIn(from: string, address: string, headers: Record<string, string> = {}): Promise<{ status: number; code?: string }> {
  const url = new URL('/auth/v1/token?grant_type=password', info.apiUrl);
  const body = JSON.stringify({ email: address, password: 'wrong-password-123' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', localAddress: from, headers: { apikey: info.anonKey, 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { error_code?: string }).error_code }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The 1-based attempt that first got 429, or undefined. */
async function firstLimited(attempts: number, attempt: (i: number) => Promise<{ status: number; code?: string }>): Promise<{ at?: number; codes: (string | undefined)[] }> {
  const codes: (string | undefined)[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await attempt(i);
    codes.push(res.code);
    if (res.status === 429) return { at: i + 1, codes };
  }
  return { codes };
}

describe('sign-in rate limit keyed on the client address', () => {
  it('50 wrong passwords for one account with a new X-Forwarded-For each time still hit 429', async () => {
    const target = email('xff-rotate');
    const { at, codes } = await firstLimited(50, (i) => signIn('127.0.0.3', target, { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(codes[0], 'the first attempt is judged on its merits').toBe('invalid_credentials');
    expect(at, 'a 429 comes before the 50th attempt: a client-sent X-Forwarded-For does not reset the count').toBeDefined();
    expect(at!, 'the 429 comes within the configured limits').toBeLessThanOrEqual(PER_ADDRESS + 1);
    expect(codes.at(-1), 'the refusal is GoTrue\'s over_request_rate_limit').toBe('over_request_rate_limit');
  });

  it('40 different e-mails from one address (password spraying) hit 429 at sign_in_sign_ups', async () => {
    const { at, codes } = await firstLimited(40, () => signIn('127.0.0.4', email('spray')));
    expect(codes.slice(0, PER_ADDRESS).every((c) => c === 'invalid_credentials'), `the first ${PER_ADDRESS} e-mails are judged on their merits`).toBe(true);
    expect(at, `attempt ${PER_ADDRESS + 1} from the same address is refused, whatever the e-mail`).toBe(PER_ADDRESS + 1);
    const elsewhere = await signIn('127.0.0.5', email('bystander'));
    expect(elsewhere.code, 'another address is not limited by it').toBe('invalid_credentials');
  });

  it('believes X-Forwarded-For only from a configured trusted proxy, read from the right', async () => {
    const client = '203.0.113.7';
    const { at } = await firstLimited(PER_ADDRESS + 1, () => signIn(PROXY, email('behind-proxy'), { 'x-forwarded-for': client }));
    expect(at, 'behind the trusted proxy, the forwarded client address is what gets limited').toBe(PER_ADDRESS + 1);
    const spoofed = await signIn(PROXY, email('behind-proxy'), { 'x-forwarded-for': `192.0.2.99, ${client}` });
    expect(spoofed.status, 'a client-written hop left of the proxy\'s entry does not escape the limit').toBe(429);
    const other = await signIn(PROXY, email('behind-proxy'), { 'x-forwarded-for': '203.0.113.8' });
    expect(other.code, 'another forwarded client of the same proxy has its own budget').toBe('invalid_credentials');
    const direct = await signIn('127.0.0.6', email('direct'), { 'x-forwarded-for': client });
    expect(direct.code, 'the same header from an untrusted peer is ignored (its own socket address is judged)').toBe('invalid_credentials');
  });
});
