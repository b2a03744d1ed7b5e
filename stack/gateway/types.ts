/**
 * What the gateway hands to each service it mounts (auth, storage, realtime,
 * functions), and what a service gives back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export interface ServiceContext {
  config: StackConfig;
  /** The service's own pool (superuser for realtime, supabase_auth_admin for auth, supabase_storage_admin for storage: stack/supervisor.ts); services that act for a caller switch role and claims inside a transaction (see db.ts). */
  pool: pg.Pool;
  log: Logger;
  mail: Mailer;
  /** PostgREST's internal URL. */
  restUrl: string;
}

export interface GatewayService {
  /**
   * Handles a request under the service's prefix. `subPath` is the path after
   * the prefix, starting with '/', without the query string (still percent-encoded).
   */
  handle(req: IncomingMessage, res: ServerResponse, subPath: string, url: URL): Promise<void>;
  /** WebSocket upgrades under the prefix (realtime). */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, subPath: string, url: URL): void;
  /** Health for `stack status` and the health function. */
  health?(): Promise<{ ok: boolean; detail?: string }>;
  close?(): Promise<void>;
}
