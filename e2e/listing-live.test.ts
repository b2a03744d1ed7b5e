/**
 * The listing screen stays live through one Realtime channel (issue 54): the
 * signed-in person's private topic user:<sign-in id>, to which the database
 * sends every change of a row they may read. A note written by another user
 * appears without a reload; the screen, its compliance panel and the shell
 * (notifications) join one channel instead of one per table; a change made while the page was cut off
 * from Realtime is on screen once it reconnects (the resubscription refetches).
 */
import type { WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInAs, type StoredSession } from './support/auth.ts';
import { launchBrowser, openPage, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { clientAs, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'olivia.chen@listingdesk.test';
const AGENT = 'emily.rodriguez@listingdesk.test';
interface Join {
  topic: string;
  private: boolean;
  tables: string[];
}

describe('listing screen: live through one channel', () => {
  let browser: TestBrowser;
  let agent: OpenedPage;
  let session: StoredSession;
  let listingId: string;
  const joins: Join[] = [];
  /** Topics whose join the server accepted. */
  const joined = new Set<string>();
  /** The page's Realtime connections, to cut them; while `offline`, new ones are refused. */
  const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  let offline = false;

  /** A note written by the coordinator through the API, as another signed-in person would. */
  async function coordinatorWritesNote(content: string) {
    const { client } = await clientAs(stack, COORDINATOR);
    const { error } = await client.from('notes').insert({ listing_id: listingId, content });
    expect(error, 'the coordinator writes a note on the listing').toBeNull();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const [row] = await query<{ id: string }>(
      stack,
      `insert into public.listings (address, agent_id, tc_id)
       select '21 Live Wire Way, Austin, TX 78704', e.id, o.id
         from public.users e, public.users o
        where e.email = $1 and e.role = 'agent' and o.email = $2 and o.role = 'tc'
       returning id::text`,
      [AGENT, COORDINATOR],
    );
    listingId = row.id;
    agent = await openPage(browser, 'desktop');
    await agent.page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
      if (offline) return ws.close();
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (typeof message === 'string') {
          const [, , topic, event, payload] = JSON.parse(message) as [unknown, unknown, string, string, { config?: { private?: boolean; postgres_changes?: { table?: string }[] } }];
          if (event === 'phx_join') {
            joins.push({ topic, private: payload.config?.private === true, tables: (payload.config?.postgres_changes ?? []).map((b) => b.table ?? '*') });
          }
        }
        server.send(message);
      });
      server.onMessage((message) => {
        if (typeof message === 'string') {
          const [joinRef, ref, topic, event, payload] = JSON.parse(message) as [unknown, unknown, string, string, { status?: string }];
          if (event === 'phx_reply' && joinRef !== null && joinRef === ref && payload.status === 'ok') joined.add(topic);
        }
        ws.send(message);
      });
      sockets.push({ page: ws, server });
    });
    session = await signInAs(agent.page, appUrl, stack, AGENT, `/listing/${listingId}?tab=notes`);
    await agent.page.getByRole('button', { name: 'Voice Note' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await agent?.close();
    await browser?.close();
    await query(stack, 'delete from public.listings where id = $1', [listingId]).catch(() => undefined);
  });

  test("a note written by another user appears live; the screen's tables share one private channel", async () => {
    const userTopic = `realtime:user:${session.user.id}`;
    // Written once the channel is joined, so the note comes by the live message, not by the join's refetch.
    await expect.poll(() => joined.has(userTopic), { timeout: 10_000, message: 'the screen joins its private channel' }).toBe(true);
    await coordinatorWritesNote('Inspection moved to Thursday 10am.');
    await agent.page.getByTestId('note').filter({ hasText: 'Inspection moved to Thursday 10am.' }).waitFor({ timeout: 5000 });

    expect(
      joins.filter((j) => j.topic === userTopic).map((j) => j.private),
      "the screen joins the person's own topic once, as a private channel",
    ).toEqual([true]);
    expect(
      joins.map((j) => j.topic),
      'the listing screen opens exactly one channel: no Postgres Changes channel for its tables or its compliance panel (was seven, then two)',
    ).toEqual([userTopic]);
  });

  test('a change made while the page was cut off from Realtime is on screen after it reconnects', async () => {
    offline = true;
    for (const { page, server } of sockets.splice(0)) {
      await page.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    }
    await coordinatorWritesNote('Appraisal came in at asking.');
    const note = agent.page.getByTestId('note').filter({ hasText: 'Appraisal came in at asking.' });
    await agent.page.waitForTimeout(1000);
    expect(await note.count(), 'while cut off, the page does not learn of the note').toBe(0);

    offline = false;
    await note.waitFor({ timeout: 20_000 });
  });
});
