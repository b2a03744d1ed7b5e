/**
 * Listening to live changes as the app does (issue 54): an actor joins its
 * own private topic user:<sign-in id> and collects the {table, id, op,
 * listing_id} changes the database sends it.
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import { subscribed } from './realtime.ts';
import type { Actor } from './seed-rls-actors.ts';

export interface LiveChange {
  table: string;
  id: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  listing_id: string | null;
}

export interface Ear {
  heard: LiveChange[];
  channel: RealtimeChannel;
}

/** How long a change that is not coming is waited for (deliveries take milliseconds locally). */
export const QUIET_MS = 400;

/** Joins the actor's own topic as the app does and collects what it hears. */
export async function listen(actor: Actor): Promise<Ear> {
  const heard: LiveChange[] = [];
  await actor.client.realtime.setAuth();
  const channel = actor.client.channel(`user:${actor.authId}`, { config: { private: true } }).on('broadcast', { event: 'change' }, (m) => heard.push(m.payload as LiveChange));
  await subscribed(channel);
  return { heard, channel };
}

/** The changes of one row an ear heard. */
export const heardOf = (ear: Ear, table: string, id: string) => ear.heard.filter((c) => c.table === table && c.id === id);
