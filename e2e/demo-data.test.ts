/**
 * The demo data shows on the screens it was written for: every row the seed
 * (supabase/seed.sql) put in a table that a screen lists is visible on that
 * screen to the person it belongs to. A seeded row the screen's own query
 * filters out (the workflow insights once lacked the metadata.scope the screen
 * asks for, so Olivia saw "No insights yet") fails here, whatever the row says.
 *
 * Seeded rows are read from the database — those created before any test ran
 * (`seededAt`, e2e/support/global-setup.ts) — so a row added to the seed is
 * checked without touching this file. Tables with no screen listing them
 * (tc_private_notes, ai_listing_descriptions, property_research are read by
 * the AI tools and the /api surface) are not in SCREENS.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { launchBrowser, openPage, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl, seededAt } = workerApp();

/**
 * One screen listing one table: `rows` is SQL over that table (aliased t,
 * `$1` = seededAt) returning, per seeded row, the account that opens the
 * screen, the path, and the text the screen shows of the row.
 */
interface ScreenOfTable {
  table: string;
  screen: string;
  rows: string;
}

const listingAgent = `(select l.agent_id from public.listings l where l.id = t.listing_id)`;
/** An agent of coordinator `column`'s team (the team pages are the agents'). */
const teamAgent = (column: string) =>
  `(select u.id from public.users u where u.assigned_tc_id = ${column} and u.role = 'agent' and not u.is_test_profile order by u.email limit 1)`;

const SCREENS: ScreenOfTable[] = [
  {
    table: 'listings',
    screen: "an agent's listings",
    rows: `select t.agent_id as account, '/agent-listings' as path, t.address as text from public.listings t where t.created_at <= $1`,
  },
  {
    table: 'notes',
    screen: "the listing's Notes tab",
    rows: `select ${listingAgent} as account, '/listing/' || t.listing_id || '?tab=notes' as path,
             case when t.is_voice then 'Voice Note' else t.content end as text
           from public.notes t where t.created_at <= $1`,
  },
  {
    table: 'documents',
    screen: "the listing's Documents tab, or the team's documents",
    rows: `select case when t.is_general then ${teamAgent('t.team_tc_id')} else ${listingAgent} end as account,
             case when t.is_general then '/agent-documents' else '/listing/' || t.listing_id || '?tab=documents' end as path,
             t.file_name as text
           from public.documents t where t.created_at <= $1`,
  },
  {
    table: 'messages',
    screen: "the listing's Messages tab, or the team's messages",
    rows: `select case when t.is_general then ${teamAgent('t.team_tc_id')} else ${listingAgent} end as account,
             case when t.is_general then '/agent-messages' else '/listing/' || t.listing_id || '?tab=messages' end as path,
             case when t.is_voice then 'Voice message' else t.content end as text
           from public.messages t where t.created_at <= $1`,
  },
  {
    table: 'tasks',
    screen: "the listing's Tasks tab",
    rows: `select t.assigned_to_id as account, '/listing/' || t.listing_id || '?tab=tasks' as path, t.title as text
           from public.tasks t where t.created_at <= $1`,
  },
  {
    table: 'tc_responses',
    screen: "the agent's listing view",
    rows: `select t.agent_id as account, '/agent-listing/' || t.listing_id as path, t.content as text
           from public.tc_responses t where t.created_at <= $1`,
  },
  {
    table: 'tc_team_messages',
    screen: 'the coordinators’ team chat',
    rows: `select t.sender_id as account,
             '/tc-team-chat' || coalesce('?channel=' || t.channel_id, '') as path, t.content as text
           from public.tc_team_messages t where t.created_at <= $1`,
  },
  {
    table: 'invitations',
    screen: "the admin console's Invitations tab",
    rows: `select t.invited_by as account, '/admin?tab=invitations' as path, t.email as text
           from public.invitations t where t.created_at <= $1`,
  },
  {
    table: 'ai_conversations',
    screen: 'the AI assistant',
    rows: `select t.user_id as account, '/ai-assistant' as path, t.content as text
           from public.ai_conversations t where t."timestamp" <= $1`,
  },
  {
    table: 'ai_learning_insights',
    screen: 'AI Workflow Insights',
    rows: `select t.tc_id as account, '/ai-workflow-insights' as path, t.title as text
           from public.ai_learning_insights t where t.created_at <= $1 and t.is_active`,
  },
  {
    table: 'checklist_templates',
    screen: 'Checklist Templates',
    rows: `select coalesce(t.owner_tc_id, (select u.id from public.users u where u.role = 'super_admin' order by u.created_at limit 1)) as account,
             '/checklist-templates' as path, t.name as text
           from public.checklist_templates t where t.created_at <= $1`,
  },
  {
    table: 'listing_checklist_items',
    screen: "the listing's Compliance tab",
    rows: `select coalesce(t.listing_tc_id, (select u.id from public.users u where u.role = 'super_admin' order by u.created_at limit 1)) as account,
             '/listing/' || t.listing_id || '?tab=compliance' as path,
             case when t.kind = 'document' then (select d.label from public.document_types d where d.key = t.document_type) else t.title end as text
           from public.listing_checklist_items t where t.created_at <= $1`,
  },
  {
    table: 'compliance_queue',
    screen: 'the Compliance review queue',
    rows: `select t.listing_tc_id as account, '/compliance' as path, t.file_name as text
           from public.compliance_queue t where t.review_state = 'submitted' and t.submitted_at <= $1 and t.listing_tc_id is not null`,
  },
  {
    table: 'notifications',
    screen: 'Notifications',
    rows: `select t.user_id as account, '/notifications' as path, t.title as text
           from public.notifications t where t.created_at <= $1`,
  },
];

type SeededRow = {
  account: string | null;
  /** The account's sign-in e-mail, and the account that sign-in has active (a coordinator's test profile is another account of her sign-in). */
  email: string | null;
  active_account: string | null;
  path: string;
  text: string;
};

async function seededRows(screen: ScreenOfTable): Promise<SeededRow[]> {
  return query<SeededRow>(
    stack,
    `select s.account, u.email, a.user_id as active_account, s.path, s.text
     from (${screen.rows}) s
     left join public.users u on u.id = s.account
     left join public.active_accounts a on a.auth_user_id = u.auth_user_id`,
    [seededAt],
  );
}

/** The rows grouped by the account that opens the page, then by page, so each person signs in once and opens each page once. */
function byAccountAndPage(rows: SeededRow[]): SeededRow[][][] {
  const accounts = new Map<string | null, Map<string, SeededRow[]>>();
  for (const row of rows) {
    const pages = accounts.get(row.account) ?? new Map<string, SeededRow[]>();
    pages.set(row.path, [...(pages.get(row.path) ?? []), row]);
    accounts.set(row.account, pages);
  }
  return [...accounts.values()].map((pages) => [...pages.values()]);
}

/** Whether `locator` shows within `timeout`; any other failure (e.g. a strict-mode violation) is the test's error, not a "no". */
const visibleWithin = (locator: Locator, timeout: number) =>
  locator.waitFor({ state: 'visible', timeout }).then(
    () => true,
    (error: Error) => {
      if (error.name === 'TimeoutError') return false;
      throw error;
    },
  );

/**
 * Whether `text` is on the page, as a person would find it: on screen, or
 * after 'Show more' (paged lists, newest first: rows other tests added for the
 * same person push the seeded ones to later pages; with the browser files in
 * parallel workers, more of them run before this file).
 */
async function shownOnPage(page: Page, text: string): Promise<boolean> {
  const shown = page.getByText(text, { exact: false }).first();
  // Lists disable 'Show more' while they load the next page.
  const showMore = page.getByRole('button', { name: 'Show more', disabled: false }).first();
  for (let pages = 0; pages <= 50; pages++) {
    // A page of the list is in once the row shows, or 'Show more' offers the next one without it.
    // Both may show at once: without first(), waitFor's strict mode refuses the two matches at once.
    if (!(await visibleWithin(shown.or(showMore).first(), 10_000))) return false;
    if (await shown.isVisible()) return true;
    await showMore.click();
    // The click starts loading the next page and disables the button: look again only once it has
    // (or the page is already in), or the loop would click through the pages before any arrives.
    await showMore.waitFor({ state: 'hidden', timeout: 2_000 }).catch(() => undefined);
  }
  return false;
}

/** Makes `accountId` the active account of the signed-in person, as the account selection screen does. */
async function switchAccount(accessToken: string, accountId: string): Promise<void> {
  const res = await fetch(`${stack.apiUrl}/rest/v1/rpc/switch_account`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: accountId }),
  });
  if (!res.ok) throw new Error(`switch_account(${accountId}) failed: ${res.status} ${await res.text()}`);
}

const sessionOf = sessionsPerPerson(stack);

describe('Demo data', () => {
  let browser: TestBrowser;
  /**
   * A page signed in as each person with their usual account, kept for the
   * file's tests: a later screen is a fresh load of the app (so nothing of the
   * screen before can answer for it) in a browser context that already has the
   * app's code, instead of a new context and a sign-in per screen.
   */
  const signedIn = new Map<string, Promise<OpenedPage>>();

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([...signedIn.values()].map(async (opened) => (await opened).close()));
    await browser?.close();
  });

  /** `email`'s page at `path`: the kept one, or a new one signed in there. */
  async function pageAt(email: string, path: string): Promise<OpenedPage> {
    const kept = signedIn.get(email);
    if (kept) {
      const opened = await kept;
      await opened.page.goto(`${appUrl}${path}`);
      return opened;
    }
    const opening = (async () => {
      const opened = await openPage(browser, 'desktop');
      await signInAs(opened.page, appUrl, stack, email, path, await sessionOf(email));
      return opened;
    })();
    signedIn.set(email, opening);
    return opening;
  }

  /** Closes `email`'s kept page: while their other account is active, its data must not be cached there. */
  async function forget(email: string): Promise<void> {
    const kept = signedIn.get(email);
    signedIn.delete(email);
    await (await kept)?.close();
  }

  test.each(SCREENS)('every seeded row of $table shows on $screen for its owner', async (screen) => {
    const rows = await seededRows(screen);
    expect(rows.length, `the seed has ${screen.table} rows`).toBeGreaterThan(0);
    for (const pages of byAccountAndPage(rows)) {
      const { account, email, active_account: active } = pages[0][0];
      expect(email, `every seeded ${screen.table} row has an account to open ${screen.screen}`).toBeTruthy();
      const session = await sessionOf(email!);
      const otherAccount = account !== active;
      let opened: OpenedPage | undefined;
      if (otherAccount) {
        await forget(email!);
        await switchAccount(session.access_token, account!);
      }
      try {
        for (const [index, pageRows] of pages.entries()) {
          const { path } = pageRows[0];
          if (otherAccount && index === 0) {
            opened = await openPage(browser, 'desktop');
            await signInAs(opened.page, appUrl, stack, email!, path, session);
          } else if (otherAccount) {
            await opened!.page.goto(`${appUrl}${path}`);
          } else {
            opened = await pageAt(email!, path);
          }
          for (const row of pageRows) {
            expect(await shownOnPage(opened!.page, row.text), `${email}${otherAccount ? ' (as their other account)' : ''} sees the seeded ${screen.table} row "${row.text}" on ${path}`).toBe(true);
          }
        }
      } finally {
        if (otherAccount) {
          await opened?.close();
          if (active) await switchAccount(session.access_token, active);
        }
      }
    }
  });
});
