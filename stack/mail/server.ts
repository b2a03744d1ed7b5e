/**
 * Local mail capture, in the role Mailpit plays under `supabase start`: the
 * auth service hands its mail to `mailer.send`, the Edge Functions send theirs
 * to the catcher's SMTP port (catcher.ts), nothing leaves the machine,
 * and people (the page at `/`) and tests (Mailpit's basic JSON API) read it:
 *   GET    /api/v1/messages          {total, count, start, messages:[summary]}
 *   GET    /api/v1/search?query=…    same, filtered (`to:`, `subject:`, words)
 *   GET    /api/v1/message/{ID}      full message (ID may be `latest`)
 *   DELETE /api/v1/messages          all, or `{"IDs": [...]}`
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { StackConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Mailer } from '../gateway/types.ts';
import { applyCors, handlePreflight, readJson, sendJson } from '../gateway/http.ts';
import { inboxPage } from './page.ts';
import { detail, MailStore, matchesSearch, summary, type CaughtMail, type InboundMail, type StoredMessage } from './store.ts';

function listing(messages: readonly StoredMessage[], url: URL) {
  const start = Math.max(0, Number(url.searchParams.get('start')) || 0);
  const limit = Math.max(1, Number(url.searchParams.get('limit')) || 50);
  const page = messages.slice(start, start + limit);
  return { total: messages.length, unread: messages.length, count: page.length, messages_count: messages.length, start, tags: [], messages: page.map(summary) };
}

export async function startMailServer(
  config: StackConfig,
  log: Logger,
): Promise<{ mailer: Mailer; url: string; recordInbound(mail: InboundMail): void; recordCaught(mail: CaughtMail): void; close(): Promise<void> }> {
  const store = new MailStore(path.join(config.dataDir, 'mail', 'messages.json'));

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (handlePreflight(req, res)) return;
      applyCors(req, res);
      const route = `${req.method} ${url.pathname.replace(/\/+$/, '') || '/'}`;
      if (route === 'GET /') {
        const html = inboxPage(store.list());
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
        return res.end(html);
      }
      if (route === 'POST /delete-all') {
        store.delete();
        return res.writeHead(303, { Location: '/' }).end();
      }
      if (route === 'GET /api/v1/messages') return sendJson(res, 200, listing(store.list(), url));
      if (route === 'GET /api/v1/search') {
        const query = url.searchParams.get('query') ?? '';
        return sendJson(res, 200, listing(store.list().filter((m) => matchesSearch(m, query)), url));
      }
      if (route === 'DELETE /api/v1/messages') {
        const body = (await readJson(req, 1024 * 1024).catch(() => ({}))) as { IDs?: unknown };
        const ids = Array.isArray(body.IDs) && body.IDs.length > 0 ? body.IDs.map(String) : undefined;
        store.delete(ids);
        return sendJson(res, 200, 'ok');
      }
      const messageId = /^GET \/api\/v1\/message\/([^/]+)$/.exec(route)?.[1];
      if (messageId) {
        const message = store.get(decodeURIComponent(messageId));
        return message ? sendJson(res, 200, detail(message)) : sendJson(res, 404, { error: 'message not found' });
      }
      sendJson(res, 404, { error: 'not found' });
    } catch (error) {
      log.part('mail', `${req.method} ${url.pathname} failed: ${(error as Error).stack ?? error}`);
      sendJson(res, 500, { error: (error as Error).message });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.mailPort, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    mailer: {
      async send(mail) {
        store.add(mail);
        log.part('mail', `to ${mail.to}: ${mail.subject}`);
      },
    },
    recordInbound(mail) {
      store.add(mail);
    },
    recordCaught(mail) {
      store.add(mail);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.flush();
    },
  };
}
