/**
 * One websocket connection speaking Phoenix to realtime-js: heartbeat,
 * phx_join (with its config), phx_leave, access_token, broadcast and
 * presence. Messages of one connection are handled strictly in order
 * (a join that waits for the database must not be overtaken).
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import WebSocket from 'ws';
import type { Logger } from '../log.ts';
import { AuthError, ALL_PERMISSIONS, authorizePrivateChannel, identify, type Identity } from './auth.ts';
import { fanOut } from './broadcast.ts';
import { Member, type MemberSocket, type PgBinding, type Registry } from './channels.ts';
import { BindingError, prepareBindings } from './postgres-changes.ts';
import type { PresenceHub } from './presence.ts';
import {
  accessTokenPayloadSchema,
  broadcastPayloadSchema,
  decodeFrame,
  encodeText,
  joinPayloadSchema,
  presencePayloadSchema,
  ProtocolError,
  type Inbound,
  type Vsn,
} from './protocol.ts';

export interface SocketDeps {
  registry: Registry;
  presence: PresenceHub;
  pool: pg.Pool;
  jwtSecret: string;
  log: Logger;
}

/** Without any frame for this long (the client heartbeats every 25 s) the connection is considered dead. */
const IDLE_TIMEOUT_MS = 90_000;
/** A client that does not read is cut off instead of growing our memory. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
/** setTimeout's limit; tokens living longer (the anon key) are not timed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

let nextSocketId = 1;

export class Connection implements MemberSocket {
  readonly id = nextSocketId++;
  private readonly members = new Map<string, Member>();
  private chain: Promise<void> = Promise.resolve();
  private lastSeen = Date.now();
  private readonly idleTimer: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The apikey's identity: channels joined without access_token act with it. */
    private readonly apiKeyIdentity: Identity,
    private readonly deps: SocketDeps,
  ) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      this.lastSeen = Date.now();
      this.chain = this.chain.then(() => this.onFrame(data, isBinary)).catch((error) => this.deps.log.part('realtime', `socket ${this.id}: ${(error as Error).stack ?? error}`));
    });
    ws.on('close', () => this.teardown());
    ws.on('error', () => this.teardown());
    this.idleTimer = setInterval(() => {
      if (Date.now() - this.lastSeen > IDLE_TIMEOUT_MS) ws.terminate();
    }, 15_000);
    this.idleTimer.unref();
  }

  sendFrame(frame: string | Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(frame, { binary: Buffer.isBuffer(frame) });
  }

  close(code = 1001): void {
    this.ws.close(code);
    this.teardown();
  }

  private reply(msg: Inbound, status: 'ok' | 'error', response: unknown): void {
    if (msg.ref === null) return;
    this.sendFrame(encodeText(this.vsn, msg.joinRef, msg.ref, msg.topic, 'phx_reply', { status, response }));
  }

  private async onFrame(data: Buffer, isBinary: boolean): Promise<void> {
    let msg: Inbound;
    try {
      msg = decodeFrame(data, isBinary, this.vsn);
    } catch (error) {
      if (error instanceof ProtocolError) return; // Phoenix ignores frames it cannot decode
      throw error;
    }
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') return this.reply(msg, 'ok', {});
    if (msg.event === 'phx_join') return this.join(msg);
    const member = this.members.get(msg.topic);
    if (!member || (msg.joinRef !== null && member.joinRef !== msg.joinRef)) return this.reply(msg, 'error', { reason: 'unmatched topic' });
    switch (msg.event) {
      case 'phx_leave':
        this.reply(msg, 'ok', {});
        return this.leave(member);
      case 'access_token':
        return this.updateToken(member, msg);
      case 'broadcast':
        return this.broadcast(member, msg);
      case 'presence':
        return this.presence(member, msg);
      default:
        return this.reply(msg, 'error', { reason: `unknown event ${msg.event}` });
    }
  }

  private async join(msg: Inbound): Promise<void> {
    const fail = (reason: string) => this.reply(msg, 'error', { reason });
    if (!msg.topic.startsWith('realtime:')) return fail('Topic must start with "realtime:"');
    const parsed = joinPayloadSchema.safeParse(msg.payload ?? {});
    if (!parsed.success) return fail(`Malformed join payload: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const config = parsed.data.config ?? {};
    // Joining again on the same topic replaces the previous join (Phoenix closes the old one).
    const previous = this.members.get(msg.topic);
    if (previous) this.leave(previous);

    let identity = this.apiKeyIdentity;
    if (parsed.data.access_token) {
      try {
        identity = await identify(parsed.data.access_token, this.deps.jwtSecret);
      } catch (error) {
        if (error instanceof AuthError) return fail(`InvalidJWTToken: ${error.message}`);
        throw error;
      }
    }
    const subTopic = msg.topic.slice('realtime:'.length);
    const isPrivate = config.private === true;
    let permissions = ALL_PERMISSIONS;
    if (isPrivate) {
      permissions = await authorizePrivateChannel(this.deps.pool, identity, subTopic);
      if (!permissions.broadcastRead && !permissions.presenceRead) return fail(`Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`);
    }
    let bindings: PgBinding[];
    try {
      bindings = await prepareBindings(this.deps.pool, config.postgres_changes ?? []);
    } catch (error) {
      if (error instanceof BindingError) return fail(error.message);
      throw error;
    }
    const member = new Member(
      this,
      msg.topic,
      subTopic,
      msg.joinRef,
      isPrivate,
      {
        self: config.broadcast?.self === true,
        ack: config.broadcast?.ack === true,
        presenceKey: config.presence?.key || crypto.randomUUID(),
        presenceEnabled: config.presence?.enabled === true,
      },
      identity,
      permissions,
      bindings,
    );
    this.members.set(msg.topic, member);
    this.deps.registry.add(member);
    this.scheduleExpiry(member);
    this.reply(msg, 'ok', { postgres_changes: bindings.map((b) => b.echo) });
    if (member.options.presenceEnabled) this.deps.presence.sendState(member);
    if (bindings.length > 0) member.system('ok', 'Subscribed to PostgreSQL', 'postgres_changes');
  }

  /** Leaves a channel: presence leave for the others, no more messages. */
  private leave(member: Member): void {
    if (member.closed) return;
    member.closed = true;
    clearTimeout(member.expiryTimer);
    this.deps.presence.untrack(member);
    this.deps.registry.remove(member);
    if (this.members.get(member.topic) === member) this.members.delete(member.topic);
  }

  /** Server-side close, as Realtime does it: a system message saying why, then phx_close. */
  private shutdown(member: Member, reason: string): void {
    member.system('error', reason);
    member.push('phx_close', {});
    this.leave(member);
  }

  private scheduleExpiry(member: Member): void {
    clearTimeout(member.expiryTimer);
    const expiresAt = member.identity.expiresAt;
    if (expiresAt === undefined) return;
    const delay = expiresAt - Date.now();
    if (delay > MAX_TIMER_MS) return;
    member.expiryTimer = setTimeout(() => this.shutdown(member, 'Token has expired 0 seconds ago'), Math.max(0, delay));
    member.expiryTimer.unref();
  }

  private async updateToken(member: Member, msg: Inbound): Promise<void> {
    const parsed = accessTokenPayloadSchema.safeParse(msg.payload);
    const token = parsed.success ? parsed.data.access_token : undefined;
    // realtime-js sends null when it has no token; the channel keeps its current identity.
    if (!token || token === member.identity.token) return;
    let identity: Identity;
    try {
      identity = await identify(token, this.deps.jwtSecret);
    } catch (error) {
      if (error instanceof AuthError) return this.shutdown(member, error.message);
      throw error;
    }
    if (member.isPrivate) {
      const permissions = await authorizePrivateChannel(this.deps.pool, identity, member.subTopic);
      if (!permissions.broadcastRead && !permissions.presenceRead) return this.shutdown(member, `Unauthorized: You do not have permissions to read from this Channel topic: ${member.subTopic}`);
      member.permissions = permissions;
    }
    // Postgres Changes read member.identity for every batch, so the next change is checked with the new token.
    member.identity = identity;
    this.scheduleExpiry(member);
  }

  private broadcast(member: Member, msg: Inbound): void {
    const parsed = broadcastPayloadSchema.safeParse(msg.payload);
    if (!parsed.success) return this.reply(msg, 'error', { reason: 'malformed broadcast' });
    if (member.isPrivate && !member.permissions.broadcastWrite) {
      if (member.options.ack) this.reply(msg, 'error', { reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${member.subTopic}` });
      return;
    }
    fanOut(this.deps.registry, member.key, { event: parsed.data.event, payload: parsed.data.payload, meta: parsed.data.meta }, member);
    if (member.options.ack) this.reply(msg, 'ok', {});
  }

  private presence(member: Member, msg: Inbound): void {
    const parsed = presencePayloadSchema.safeParse(msg.payload);
    if (!parsed.success) return this.reply(msg, 'error', { reason: 'malformed presence message' });
    if (member.isPrivate && !member.permissions.presenceWrite) return this.reply(msg, 'error', { reason: `Unauthorized: You do not have permissions to track presence on this Channel topic: ${member.subTopic}` });
    if (parsed.data.event === 'track') this.deps.presence.track(member, parsed.data.payload ?? {});
    else this.deps.presence.untrack(member);
    this.reply(msg, 'ok', {});
  }

  private teardown(): void {
    clearInterval(this.idleTimer);
    for (const member of [...this.members.values()]) this.leave(member);
  }
}
