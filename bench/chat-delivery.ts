/**
 * Team chat delivery, on a throwaway stack with the demo coordinators:
 *
 * 1. Latency: Olivia sends messages one by one through REST (supabase-js
 *    insert into tc_team_messages); the time from just before the request to
 *    David's Realtime callback (postgres_changes, his RLS applied), over
 *    `--messages` (500) messages.
 * 2. Burst: `--burst` (1,000) messages sent back to back in chunks to a
 *    channel with `--subscribers` (50) open Realtime connections as David;
 *    every subscriber must receive all of them, in the order they were sent.
 *
 * The spec polls the feed every 5 s, so a message waits 2.5 s on average
 * before it shows; the ratio to that wait is printed.
 *
 *   npm run bench -- chat-delivery [--messages 500] [--gap 10] [--burst 1000] [--subscribers 50]
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startThrowawayStack, type StackInfo } from '../tests/support/throwaway-stack.ts';
import { percentile } from './_percentile.ts';

const TARGET_P95_MS = 100;
const POLL_INTERVAL_MS = 5000;
const POLL_AVERAGE_WAIT_MS = POLL_INTERVAL_MS / 2;
const DEMO_PASSWORD = 'ListingDesk!2024';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function tokenOf(info: StackInfo, email: string): Promise<string> {
  const res = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A client with its own websocket, acting with `token`. */
function clientWith(info: StackInfo, token: string): SupabaseClient {
  return createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** Subscribes to new messages of one channel (null: general) and calls `onMessage` with each content. */
async function follow(client: SupabaseClient, channelId: string | null, onMessage: (content: string) => void) {
  await client.realtime.setAuth();
  const filter = channelId ? { filter: `channel_id=eq.${channelId}` } : {};
  const channel = client.channel(`bench-${crypto.randomUUID()}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tc_team_messages', ...filter }, (p) => {
    onMessage((p.new as { content: string }).content);
  });
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, err) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? reject(err ?? new Error(status)) : undefined)),
  );
}

async function measureLatency(sender: SupabaseClient, senderId: string, receiver: SupabaseClient, messages: number, gapMs: number) {
  const arrived = new Map<string, number>();
  await follow(receiver, null, (content) => arrived.set(content, performance.now()));
  const latencies: number[] = [];
  const warmup = 10;
  for (let i = 0; i < messages + warmup; i++) {
    const content = `bench latency ${i}`;
    const sent = performance.now();
    const { error } = await sender.from('tc_team_messages').insert({ channel_id: null, sender_id: senderId, content });
    if (error) throw error;
    const deadline = Date.now() + 5000;
    while (!arrived.has(content)) {
      if (Date.now() > deadline) throw new Error(`message ${i} did not arrive within 5 s`);
      await sleep(1);
    }
    if (i >= warmup) latencies.push(arrived.get(content)! - sent);
    await sleep(gapMs);
  }
  return latencies.sort((a, b) => a - b);
}

async function measureBurst(info: StackInfo, sender: SupabaseClient, senderId: string, receiverToken: string, receiverId: string, total: number, subscribers: number) {
  const created = await sender.from('tc_channels').insert({ name: 'bench-burst', created_by_id: senderId }).select('id').single();
  if (created.error) throw created.error;
  const channelId = created.data.id as string;
  const invited = await sender.from('tc_channel_members').insert({ channel_id: channelId, tc_id: receiverId });
  if (invited.error) throw invited.error;

  const received: number[][] = [];
  const clients: SupabaseClient[] = [];
  for (let s = 0; s < subscribers; s++) {
    const got: number[] = [];
    received.push(got);
    const client = clientWith(info, receiverToken);
    clients.push(client);
    await follow(client, channelId, (content) => got.push(Number(content.split('#')[1])));
  }

  const chunk = 100;
  const started = performance.now();
  for (let first = 0; first < total; first += chunk) {
    const rows = Array.from({ length: Math.min(chunk, total - first) }, (_, k) => ({ channel_id: channelId, sender_id: senderId, content: `burst #${first + k}` }));
    const { error } = await sender.from('tc_team_messages').insert(rows);
    if (error) throw error;
  }
  const sentMs = performance.now() - started;
  const deadline = Date.now() + 60_000;
  while (received.some((r) => r.length < total) && Date.now() < deadline) await sleep(20);
  const deliveredMs = performance.now() - started;
  const complete = received.filter((r) => r.length === total).length;
  const inOrder = received.filter((r) => r.every((n, i) => n === i)).length;
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  return { sentMs, deliveredMs, complete, inOrder };
}

export async function main(): Promise<boolean> {
  const messages = arg('messages', 500);
  const gapMs = arg('gap', 10);
  const total = arg('burst', 1000);
  const subscribers = arg('subscribers', 50);
  const stack = await startThrowawayStack();
  const { info } = stack;
  try {
    const [oliviaToken, davidToken] = await Promise.all([tokenOf(info, 'olivia.chen@listingdesk.test'), tokenOf(info, 'david.kim@listingdesk.test')]);
    const olivia = clientWith(info, oliviaToken);
    const david = clientWith(info, davidToken);
    const idOf = async (client: SupabaseClient, email: string) => {
      const { data, error } = await client.from('users').select('id').eq('email', email).eq('role', 'tc').single();
      if (error) throw error;
      return data.id as string;
    };
    const [oliviaId, davidId] = [await idOf(olivia, 'olivia.chen@listingdesk.test'), await idOf(olivia, 'david.kim@listingdesk.test')];

    const latencies = await measureLatency(olivia, oliviaId, david, messages, gapMs);
    await david.removeAllChannels();
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const max = latencies[latencies.length - 1];
    console.log(`chat delivery: REST insert by one coordinator -> another coordinator's Realtime callback, ${latencies.length} messages (${gapMs} ms apart):`);
    console.log(`  p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${max.toFixed(1)} ms`);
    console.log(`  p95 / ${TARGET_P95_MS} ms target = ${(p95 / TARGET_P95_MS).toFixed(2)} ${p95 < TARGET_P95_MS ? '(within target)' : '(OVER target)'}`);
    console.log(
      `  vs the spec's ${POLL_INTERVAL_MS / 1000} s polling (average wait ${POLL_AVERAGE_WAIT_MS} ms): p50 ${(POLL_AVERAGE_WAIT_MS / p50).toFixed(0)}x sooner, p95 ${(POLL_AVERAGE_WAIT_MS / p95).toFixed(0)}x sooner (p95 is ${((p95 / POLL_AVERAGE_WAIT_MS) * 100).toFixed(1)} % of the average polling wait)`,
    );

    const burst = await measureBurst(info, olivia, oliviaId, davidToken, davidId, total, subscribers);
    const ok = burst.complete === subscribers && burst.inOrder === subscribers;
    console.log(`chat burst: ${total} messages to ${subscribers} subscribers (${total * subscribers} deliveries):`);
    console.log(`  sent in ${burst.sentMs.toFixed(0)} ms, all delivered after ${burst.deliveredMs.toFixed(0)} ms`);
    console.log(`  complete at ${burst.complete}/${subscribers} subscribers, in order at ${burst.inOrder}/${subscribers} ${ok ? '(ok)' : '(FAILED)'}`);
    return ok && p95 < TARGET_P95_MS;
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (ok) => process.exit(ok ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
