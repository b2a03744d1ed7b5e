/**
 * Whose address a request counts as: the socket's peer, unless that peer is
 * a configured trusted proxy; forwarding headers from anyone else are noise.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedFor } from './http.ts';

const request = (peer: string, xff?: string | string[]) => ({ socket: { remoteAddress: peer }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress(request('127.0.0.1', '198.51.100.1'), []), 'the socket address is the client').toBe('127.0.0.1');
    expect(clientAddress(request('::ffff:10.0.0.5', '198.51.100.1'), []), 'IPv4-mapped peers are plain IPv4').toBe('10.0.0.5');
  });

  it('reads X-Forwarded-For from the right, past trusted proxies only', () => {
    const trusted = ['10.0.0.1', '10.0.0.2'];
    expect(clientAddress(request('10.0.0.1', '203.0.113.7'), trusted), 'a trusted proxy names the client').toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1', '192.0.2.99, 203.0.113.7'), trusted), 'a client-written hop on the left is not believed').toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1', '203.0.113.7, 10.0.0.2'), trusted), 'a chain of trusted proxies is walked').toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1', ['192.0.2.1', '203.0.113.9']), trusted), 'repeated headers form one list').toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.1'), trusted), 'a trusted proxy without the header is itself the client').toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.9', '203.0.113.7'), trusted), 'an untrusted peer is judged by its socket').toBe('10.0.0.9');
  });
});

describe('forwardedFor', () => {
  it('passes on a chain only from a trusted proxy', () => {
    expect(forwardedFor(request('127.0.0.1', '198.51.100.1'), []), 'an untrusted chain is replaced by the peer').toBe('127.0.0.1');
    expect(forwardedFor(request('10.0.0.1', '203.0.113.7'), ['10.0.0.1']), 'a trusted chain is extended with the peer').toBe('203.0.113.7, 10.0.0.1');
  });
});
