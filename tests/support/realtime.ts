/**
 * Waiting helpers shared by the realtime tests.
 */
import type { RealtimeChannel } from '@supabase/supabase-js';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `cond` every 10 ms; throws naming `what` after `ms`. */
export async function waitFor(cond: () => boolean, what: string | (() => string), ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await sleep(10);
  }
}

/** Subscribes and resolves once the server confirmed the join; rejects on CHANNEL_ERROR or TIMED_OUT. */
export function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}
