/**
 * Channel membership: one Member per (socket, topic) join, and the registry
 * that fans messages out by topic. Public and private channels with the same
 * name are different rooms, as on hosted Realtime, so the routing key carries
 * the visibility.
 */
import type { ChannelPermissions, Identity } from './auth.ts';
import type { FilterCondition } from './filters.ts';
import { encodeBroadcast, encodeText, type BroadcastMessage, type Vsn } from './protocol.ts';

/** What a member needs from its socket. */
export interface MemberSocket {
  readonly id: number;
  readonly vsn: Vsn;
  sendFrame(frame: string | Buffer): void;
}

export interface PgBinding {
  /** The id echoed in the join reply and in every change's `ids` (a number, compared with ===). */
  id: number;
  /** Upper-cased event: '*', 'INSERT', 'UPDATE' or 'DELETE'. */
  event: string;
  schema: string;
  table: string;
  conditions: FilterCondition[];
  /** The binding exactly as the client sent it, echoed in the join reply. */
  echo: { id: number; event: string; schema?: string; table?: string; filter?: string };
}

export function routingKey(isPrivate: boolean, subTopic: string): string {
  return `${isPrivate ? 'private' : 'public'}:${subTopic}`;
}

let nextMemberId = 1;

export class Member {
  readonly id = nextMemberId++;
  readonly key: string;
  presenceStateSent = false;
  expiryTimer?: NodeJS.Timeout;
  closed = false;

  constructor(
    readonly socket: MemberSocket,
    /** The full topic, e.g. "realtime:room1". */
    readonly topic: string,
    readonly subTopic: string,
    readonly joinRef: string | null,
    readonly isPrivate: boolean,
    readonly options: { self: boolean; ack: boolean; presenceKey: string; presenceEnabled: boolean },
    public identity: Identity,
    public permissions: ChannelPermissions,
    public pgBindings: PgBinding[],
  ) {
    this.key = routingKey(isPrivate, subTopic);
  }

  /** A channel message; the join_ref is echoed because the client drops messages of other joins. */
  push(event: string, payload: unknown, ref: string | null = null): void {
    if (this.closed) return;
    this.socket.sendFrame(encodeText(this.socket.vsn, this.joinRef, ref, this.topic, event, payload));
  }

  reply(ref: string | null, status: 'ok' | 'error', response: unknown): void {
    this.socket.sendFrame(encodeText(this.socket.vsn, this.joinRef, ref, this.topic, 'phx_reply', { status, response }));
  }

  /** Hosted Realtime's "system" messages (subscription status, token errors). */
  system(status: 'ok' | 'error', message: string, extension = 'system'): void {
    this.push('system', { message, status, extension, channel: this.subTopic });
  }

  sendBroadcast(msg: BroadcastMessage, cache: Map<Vsn, string | Buffer | undefined>): void {
    if (this.closed) return;
    const vsn = this.socket.vsn;
    if (!cache.has(vsn)) cache.set(vsn, encodeBroadcast(vsn, this.topic, msg));
    const frame = cache.get(vsn);
    if (frame !== undefined) this.socket.sendFrame(frame);
  }
}

export class Registry {
  private readonly byKey = new Map<string, Set<Member>>();
  /** Members with at least one postgres_changes binding. */
  readonly withPgBindings = new Set<Member>();

  add(member: Member): void {
    let set = this.byKey.get(member.key);
    if (!set) this.byKey.set(member.key, (set = new Set()));
    set.add(member);
    if (member.pgBindings.length > 0) this.withPgBindings.add(member);
  }

  remove(member: Member): void {
    const set = this.byKey.get(member.key);
    set?.delete(member);
    if (set?.size === 0) this.byKey.delete(member.key);
    this.withPgBindings.delete(member);
  }

  members(key: string): Iterable<Member> {
    return this.byKey.get(key) ?? [];
  }

  get size(): number {
    let n = 0;
    for (const set of this.byKey.values()) n += set.size;
    return n;
  }
}
