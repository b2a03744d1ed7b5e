/**
 * Presence as Phoenix.Presence shows it to realtime-js: a state per topic of
 * `key -> metas[]`, a `presence_state` snapshot after join, then
 * `presence_diff {joins, leaves}` to every member (the tracker included).
 * Each member holds at most one meta; tracking again replaces it.
 */
import crypto from 'node:crypto';
import type { Member, Registry } from './channels.ts';

interface Meta {
  phx_ref: string;
  [k: string]: unknown;
}

interface Tracked {
  member: Member;
  key: string;
  meta: Meta;
}

type Diff = Record<string, { metas: Meta[] }>;

export class PresenceHub {
  /** routing key -> member id -> tracked entry. */
  private readonly rooms = new Map<string, Map<number, Tracked>>();
  private refCounter = 0;

  constructor(private readonly registry: Registry) {}

  private nextRef(): string {
    // Phoenix refs are opaque strings; the client only compares them.
    return `${Date.now().toString(36)}${(++this.refCounter).toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  }

  stateOf(roomKey: string): Diff {
    const state: Diff = {};
    for (const t of this.rooms.get(roomKey)?.values() ?? []) (state[t.key] ??= { metas: [] }).metas.push(t.meta);
    return state;
  }

  /** Sends the snapshot once per member; diffs before it would be buffered by the client anyway. */
  sendState(member: Member): void {
    if (member.presenceStateSent) return;
    if (member.isPrivate && !member.permissions.presenceRead) return;
    member.presenceStateSent = true;
    member.push('presence_state', this.stateOf(member.key));
  }

  track(member: Member, payload: Record<string, unknown>): void {
    let room = this.rooms.get(member.key);
    if (!room) this.rooms.set(member.key, (room = new Map()));
    const previous = room.get(member.id);
    const key = member.options.presenceKey;
    const meta: Meta = { ...payload, phx_ref: this.nextRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    room.set(member.id, { member, key, meta });
    this.sendState(member);
    const leaves: Diff = previous ? { [previous.key]: { metas: [previous.meta] } } : {};
    this.broadcastDiff(member.key, { [key]: { metas: [meta] } }, leaves);
  }

  /** Untrack, phx_leave and disconnect all end here. */
  untrack(member: Member): void {
    const room = this.rooms.get(member.key);
    const previous = room?.get(member.id);
    if (!room || !previous) return;
    room.delete(member.id);
    if (room.size === 0) this.rooms.delete(member.key);
    this.broadcastDiff(member.key, {}, { [previous.key]: { metas: [previous.meta] } });
  }

  private broadcastDiff(roomKey: string, joins: Diff, leaves: Diff): void {
    for (const m of this.registry.members(roomKey)) {
      if (m.presenceStateSent) m.push('presence_diff', { joins, leaves });
    }
  }
}
