import type { RealtimeChannel } from '@supabase/supabase-js';
import { useEffect, useEffectEvent, useRef } from 'react';
// zod/mini keeps the shell's first download small (see scripts/bundle-size.ts): every screen mounts this hook.
import { z } from 'zod/mini';
import { useSession } from '@/hooks/use-session';
import { supabase } from '@/lib/supabase';

/**
 * The tables whose changes the database sends to their readers
 * (private.broadcast_row_change(), supabase/migrations/…_broadcast_listing_changes.sql and
 * …_broadcast_other_screen_changes.sql), and agent_assignments: a change of an agent's
 * coordinator, told to every coordinator and super admin (…_fold_agent_assignments_into_user_topics.sql);
 * listing_parties and party_messages (issue 55), told to the people on the listing.
 */
export const LIVE_TABLES = [
  'listings',
  'tasks',
  'documents',
  'notes',
  'messages',
  'inbound_emails',
  'contracts',
  'contract_deadlines',
  'notifications',
  'activity_log',
  'tc_responses',
  'listing_checklist_items',
  'tc_team_messages',
  'tc_channel_members',
  'agent_assignments',
  'listing_parties',
  'party_messages',
] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

/** What travels for a change: which row, never its columns (the screen refetches it through RLS). */
export const liveChangeSchema = z.object({
  table: z.enum(LIVE_TABLES),
  id: z.string(),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  listing_id: z.nullable(z.string()),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/**
 * Which changes a screen follows: those of one listing, those of no listing
 * (`listingId: null`: a team's messages or documents, chat, notifications), or
 * (without `listingId`) all it may read.
 */
export interface LiveScope {
  listingId?: string | null;
}

/**
 * What a screen does on a change of a table: refetch what it shows of it.
 * `changes` are the changes since the last call (several when they come in a
 * burst); it is empty after a (re)subscription, when anything may have
 * changed unseen (changes made while offline are not delivered later).
 */
export type LiveHandlers = Partial<Record<LiveTable, (changes: readonly LiveChange[]) => void>>;

/** Changes of one table arriving within this long of the last call are folded into one call at its end. */
const BURST_MS = 100;
/** A topic nobody listens to any more is left this long after, so a screen mounted again (strict mode, the next listing) keeps it. */
const LINGER_MS = 1000;

interface Listener {
  changed(change: LiveChange): void;
  subscribed(): void;
}

interface UserTopic {
  listeners: Set<Listener>;
  channel?: RealtimeChannel;
  linger?: ReturnType<typeof setTimeout>;
}

/** One channel per topic for the whole app, shared by every screen that follows it. */
const topics = new Map<string, UserTopic>();
/** Channels being removed: supabase.channel() would hand back one of them until it is gone. */
const removals = new Map<string, Promise<unknown>>();

function openTopic(name: string, topic: UserTopic): void {
  const previous = removals.get(name) ?? Promise.resolve();
  void previous
    // Private channels are authorised by RLS with the user's token: Realtime needs it before the join.
    .then(() => supabase.realtime.setAuth())
    .catch(() => undefined)
    .then(() => {
      if (topics.get(name) !== topic) return; // left before it opened
      const channel = supabase.channel(name, { config: { private: true } });
      channel.on('broadcast', { event: 'change' }, ({ payload }) => {
        const parsed = liveChangeSchema.safeParse(payload);
        if (!parsed.success) return;
        for (const listener of topic.listeners) listener.changed(parsed.data);
      });
      channel.subscribe((status) => {
        // Also after every reconnection: what changed meanwhile was sent to nobody.
        if (status === 'SUBSCRIBED') for (const listener of topic.listeners) listener.subscribed();
      });
      topic.channel = channel;
    });
}

function closeTopic(name: string, topic: UserTopic): void {
  topics.delete(name);
  const channel = topic.channel;
  if (!channel) return;
  const removal = supabase.removeChannel(channel).catch(() => undefined);
  removals.set(name, removal);
  void removal.then(() => {
    if (removals.get(name) === removal) removals.delete(name);
  });
}

/** Adds a listener to the user's topic (joining it if needed); returns the function that removes it. */
function listenToUserTopic(userId: string, listener: Listener): () => void {
  const name = `user:${userId}`;
  let topic = topics.get(name);
  if (!topic) {
    topic = { listeners: new Set() };
    topics.set(name, topic);
    openTopic(name, topic);
  }
  // A screen mounted while the topic is already joined hears every change after its own first fetch: nothing to catch up.
  clearTimeout(topic.linger);
  topic.listeners.add(listener);
  const joined = topic;
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0) return;
    joined.linger = setTimeout(() => closeTopic(name, joined), LINGER_MS);
  };
}

/**
 * Live updates of one screen scope (issue 54): joins the signed-in person's
 * private topic `user:<sign-in id>`, once for the whole app, to which the
 * database sends every change of a row they may read, and calls the handler
 * of the changed table for the changes in `scope`. On every (re)subscription
 * all handlers run, so the screen refetches what it shows.
 */
export function useLiveChanges(scope: LiveScope, handlers: LiveHandlers, { enabled = true }: { enabled?: boolean } = {}) {
  const { session } = useSession();
  const userId = session?.user.id;
  const pending = useRef(new Map<LiveTable, { changes: LiveChange[]; timer?: ReturnType<typeof setTimeout>; quietUntil: number }>());

  const run = useEffectEvent((table: LiveTable, changes: readonly LiveChange[]) => handlers[table]?.(changes));
  const changed = useEffectEvent((change: LiveChange) => {
    if (scope.listingId !== undefined && change.listing_id !== scope.listingId) return;
    if (!handlers[change.table]) return;
    // The first change of a quiet table is handled at once; the ones right after it wait and are handled together.
    const now = Date.now();
    const slot = pending.current.get(change.table) ?? { changes: [], quietUntil: 0 };
    pending.current.set(change.table, slot);
    if (!slot.timer && now >= slot.quietUntil) {
      slot.quietUntil = now + BURST_MS;
      run(change.table, [change]);
      return;
    }
    slot.changes.push(change);
    slot.timer ??= setTimeout(
      () => {
        const changes = slot.changes;
        slot.changes = [];
        slot.timer = undefined;
        slot.quietUntil = Date.now() + BURST_MS;
        run(change.table, changes);
      },
      Math.max(0, slot.quietUntil - now),
    );
  });
  const subscribed = useEffectEvent(() => {
    for (const table of LIVE_TABLES) run(table, []);
  });

  useEffect(() => {
    if (!enabled || !userId) return;
    const slots = pending.current;
    const stop = listenToUserTopic(userId, { changed: (change) => changed(change), subscribed: () => subscribed() });
    return () => {
      stop();
      for (const slot of slots.values()) clearTimeout(slot.timer);
      slots.clear();
    };
  }, [enabled, userId]);
}
