/**
 * The listing's parties (issue 55) as a coordinator: a contract saved on the
 * Contract tab proposes the people it names ("Add these people to the
 * deal?"), and only the checked ones are added; the Parties tab groups them
 * by role and says which roles the stage still needs; a party picked from the
 * contact book by searching fills one of them; a new contact with an e-mail
 * the book already has is not stored twice, the existing one is offered
 * instead; a party added elsewhere arrives live; a contract read by intake
 * proposes its people as the form does. Screenshots at desktop and
 * phone sizes; axe on the tab.
 */
import type { Page } from 'playwright-core';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionsPerPerson, signInAs } from './support/auth.ts';
import { describeViolations, seriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, saveScreenshot, type OpenedPage, type TestBrowser } from './support/browser.ts';
import { createListing, dayInZone } from './support/contract-fixtures.ts';
import { clientWithToken, query } from './support/listing-fixtures.ts';
import { workerApp } from './support/worker-app.ts';

const { stack, appUrl } = workerApp();

const COORDINATOR = 'david.kim@listingdesk.test';
const AGENT = 'james.wilson@listingdesk.test';
const sessionOf = sessionsPerPerson(stack);
/** A text TREC-like contract (tests/fixtures/contracts; no OCR needed): Priya Raman buys, Luis Ortega her agent, Lone Star Title LLC, Hill Country Mortgage. */
const textContract = fs.readFileSync(new URL('../tests/fixtures/contracts/tx-trec-numbered-text.pdf', import.meta.url));
const RUN = Date.now() % 100_000;
const AGENT_CONTACT = { name: `Dana Whitfield ${RUN}`, company: 'Hill Country Realty', email: `dana.${RUN}@hillcountry.example`, phone: '512-555-0142' };
const TITLE_CONTACT = { name: `Lone Star Title ${RUN}`, company: `Lone Star Title ${RUN}`, email: `closer.${RUN}@lonestartitle.example` };

async function expectNoSeriousA11yViolations(page: Page, where: string) {
  expect(describeViolations(await seriousA11yViolations(page)), `axe: no serious or critical violation (${where})`).toBe('');
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"]').length === 0);
}

async function dismissToasts(page: Page) {
  for (const close of await page.locator('[data-slot="toast-close"]').all()) await close.click({ force: true }).catch(() => undefined);
}

async function partiesOf(listingId: string) {
  return query<{ role: string; name: string }>(
    stack,
    `select p.role, c.name from public.listing_parties p join public.contacts c on c.id = p.contact_id where p.listing_id = $1 order by p.role, c.name`,
    [listingId],
  );
}

const missingBanner = (page: Page) => page.getByTestId('missing-party-roles');
const roleGroup = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

async function chooseRole(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: 'Add party' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('parties: a coordinator puts the people of a deal on the listing', () => {
  let browser: TestBrowser;
  let tc: OpenedPage;
  let listingId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    listingId = await createListing(stack, AGENT, `${RUN} Party Test Ln, Austin, TX 78704`);
    // Two contacts already in the coordinator's book, written as she would through the API.
    const session = await sessionOf(COORDINATOR);
    const { error } = await clientWithToken(stack, session.access_token).from('contacts').insert([AGENT_CONTACT, TITLE_CONTACT]);
    if (error) throw new Error(`seeding the contact book failed: ${error.message}`);
    tc = await openPage(browser, 'desktop');
    await signInAs(tc.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=contract`, session);
    await tc.page.getByRole('button', { name: 'Record a contract' }).waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await tc?.close();
    await browser?.close();
  });

  test('a recorded contract proposes its people; only the checked ones are added', async () => {
    const page = tc.page;
    await page.getByRole('button', { name: 'Record a contract' }).click();
    await page.getByRole('radio', { name: /TREC 20-18/ }).check();
    await page.getByLabel('Effective date (required)').fill(dayInZone(-2));
    await page.getByLabel('Closing date').fill(dayInZone(30));
    await page.getByLabel('Buyers', { exact: true }).fill('Priya and Sam Raman');
    await page.getByLabel('Lender').fill('First Texas Mortgage');
    await page.getByRole('button', { name: 'Save contract' }).click();

    const proposals = page.getByRole('region', { name: 'Add these people to the deal?' });
    await proposals.waitFor({ timeout: 10_000 });
    const rows = proposals.getByTestId('party-proposal');
    expect(await rows.allTextContents(), 'the buyers and the lender the contract names are proposed').toEqual([
      expect.stringContaining('Buyer: Priya and Sam Raman'),
      expect.stringContaining('Lender / loan officer: First Texas Mortgage'),
    ]);
    expect(await proposals.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-checked'))), 'each proposal starts checked').toEqual(['true', 'true']);
    expect(await partiesOf(listingId), 'nothing is added before the coordinator confirms').toEqual([{ role: 'seller', name: 'Contract Test Seller' }]);

    await proposals.getByLabel('Name of the Buyer').fill('Priya Raman and Sam Raman');
    await proposals.getByRole('checkbox', { name: /Lender/ }).click();
    await saveScreenshot(page, 'parties-contract-proposals-desktop');
    await expectNoSeriousA11yViolations(page, 'proposals after a contract');
    await proposals.getByRole('button', { name: 'Add 1 person' }).click();
    await page.getByText('1 person added to the deal').first().waitFor();
    await proposals.waitFor({ state: 'detached' });
    expect(await partiesOf(listingId), 'the checked buyer is added as edited, the unchecked lender is not').toEqual([
      { role: 'buyer', name: 'Priya Raman and Sam Raman' },
      { role: 'seller', name: 'Contract Test Seller' },
    ]);
    await dismissToasts(page);
  });

  test('the Parties tab: grouped by role, the roles still needed; a contact picked from the book fills one', async () => {
    const page = tc.page;
    await page.getByRole('tab', { name: 'Parties' }).click();
    await roleGroup(page, 'Buyer').getByText('Priya Raman and Sam Raman').waitFor();
    await roleGroup(page, 'Seller').getByText('Contract Test Seller').waitFor();
    await missingBanner(page).waitFor();
    expect(await missingBanner(page).textContent(), 'under contract still needs a buyer\'s agent and title').toBe("Still needed for Under Contract: Buyer's agent, Title / escrow");

    await page.getByRole('button', { name: 'Add party' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add party' });
    await chooseRole(page, "Buyer's agent");
    await dialog.getByLabel('Search your contacts').pressSequentially('whitf', { delay: 20 });
    const found = dialog.getByRole('list', { name: 'Contacts found' }).getByRole('button', { name: new RegExp(AGENT_CONTACT.name) });
    await found.waitFor({ timeout: 10_000 });
    await found.click();
    await dialog.getByText(`Adding ${AGENT_CONTACT.name} as Buyer's agent.`).waitFor();
    await saveScreenshot(page, 'parties-add-from-book-desktop');
    await expectNoSeriousA11yViolations(page, 'add party from the contact book');
    await dialog.getByRole('button', { name: 'Add party' }).click();
    await dialog.waitFor({ state: 'detached' });

    const agentGroup = roleGroup(page, "Buyer's agent");
    await agentGroup.getByText(AGENT_CONTACT.name).waitFor();
    expect(await agentGroup.textContent(), 'the party shows its company, e-mail, phone and preferred channel').toMatch(
      new RegExp(`${AGENT_CONTACT.company}.*dana\\.${RUN}@hillcountry\\.example.*512-555-0142.*Prefers e-mail`),
    );
    await page.waitForFunction(() => document.querySelector('[data-testid="missing-party-roles"]')?.textContent === 'Still needed for Under Contract: Title / escrow');
  });

  test("a new contact with an e-mail the book has suggests the existing contact, which fills the last role", async () => {
    const page = tc.page;
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Add party' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add party' });
    await chooseRole(page, 'Title / escrow officer');
    await dialog.getByRole('button', { name: 'New contact' }).click();
    await dialog.getByRole('button', { name: 'Add party' }).click();
    await dialog.getByText('A contact needs a name').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Lone Star Title Co.');
    await dialog.getByLabel('E-mail').fill(`  CLOSER.${RUN}@LoneStarTitle.example `);
    await dialog.getByRole('button', { name: 'Add party' }).click();
    const suggestion = dialog.getByRole('alert');
    await suggestion.getByText(TITLE_CONTACT.name).waitFor({ timeout: 10_000 });
    expect(await suggestion.textContent(), 'the existing contact is named').toContain(`${TITLE_CONTACT.name} is already in your contacts`);
    await saveScreenshot(page, 'parties-duplicate-contact-desktop');
    await suggestion.getByRole('button', { name: 'Use this contact' }).click();
    await dialog.getByText(`Adding ${TITLE_CONTACT.name} as Title / escrow officer.`).waitFor();
    await dialog.getByRole('button', { name: 'Add party' }).click();
    await dialog.waitFor({ state: 'detached' });
    await roleGroup(page, 'Title / escrow officer').getByText(TITLE_CONTACT.name).waitFor();
    await missingBanner(page).waitFor({ state: 'detached' });

    const stored = await query<{ count: string }>(stack, `select count(*) from public.contacts where email = $1`, [TITLE_CONTACT.email]);
    expect(stored[0].count, 'the e-mail is stored once: no second contact').toBe('1');
    await settled(page);
    await dismissToasts(page);
    await saveScreenshot(page, 'parties-tab-desktop');
    await expectNoSeriousA11yViolations(page, 'parties tab');
  });

  test('edit a contact, remove a party (confirmed)', async () => {
    const page = tc.page;
    await page.getByRole('button', { name: `Edit ${AGENT_CONTACT.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${AGENT_CONTACT.name}` });
    await edit.getByLabel('Display name (for greetings)').fill('Dana');
    await edit.getByLabel('Phone').fill('(512) 555-0199');
    await edit.getByRole('button', { name: 'Save contact' }).click();
    await edit.waitFor({ state: 'detached' });
    await roleGroup(page, "Buyer's agent").getByText('(512) 555-0199').waitFor();

    await page.getByRole('button', { name: `Remove ${AGENT_CONTACT.name} as Buyer's agent` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await roleGroup(page, "Buyer's agent").waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('[data-testid="missing-party-roles"]')?.textContent === "Still needed for Under Contract: Buyer's agent");
    const [contact] = await query<{ phone: string; display_name: string }>(stack, 'select phone, display_name from public.contacts where email = $1', [AGENT_CONTACT.email]);
    expect(contact, 'the edit is stored, and removing the party keeps the contact in the book').toEqual({ phone: '(512) 555-0199', display_name: 'Dana' });
  });

  test("a party the listing's agent adds elsewhere arrives live, the messages to parties below", async () => {
    const page = tc.page;
    const agentSession = await sessionOf(AGENT);
    const { error } = await clientWithToken(stack, agentSession.access_token).rpc('add_listing_party', {
      listing_id: listingId,
      role: 'inspector',
      contact: { name: `Ines Inspector ${RUN}`, email: `ines.${RUN}@inspect.example` },
    });
    expect(error, 'the agent on the listing may add a party').toBeNull();
    await roleGroup(page, 'Inspector').getByText(`Ines Inspector ${RUN}`).waitFor({ timeout: 5000 });
    await page.getByRole('heading', { name: 'Messages for parties' }).waitFor();
  });

  test('a contract read by intake proposes its people too; the checked ones are added', async () => {
    const page = tc.page;
    const intakeListingId = await createListing(stack, AGENT, `${RUN} Party Intake Ln, Austin, TX 78704`);
    await page.goto(`${appUrl}/listing/${intakeListingId}?tab=contract`);
    await page.getByRole('button', { name: 'Read a contract' }).click();
    const reader = page.getByRole('dialog', { name: 'Read a contract' });
    await reader.getByTestId('contract-intake-file').setInputFiles({ name: 'tx-trec-numbered-text.pdf', mimeType: 'application/pdf', buffer: textContract });
    await page.locator('[data-testid="intake-fact"][data-key="buyer_names"]').waitFor({ timeout: 60_000 });
    for (const undecided of await page.locator('[data-testid="intake-fact"][data-decision="undecided"]').all()) {
      const accept = undecided.getByRole('button', { name: /^Accept / });
      if (await accept.count()) await accept.click();
    }
    await reader.getByRole('button', { name: 'Create contract' }).click();

    const proposals = page.getByRole('region', { name: 'Add these people to the deal?' });
    await proposals.waitFor({ timeout: 20_000 });
    expect(await proposals.getByTestId('party-proposal').allTextContents(), "the buyer, the buyer's agent, the title company and the lender the contract names").toEqual([
      expect.stringContaining('Buyer: Priya Raman'),
      expect.stringContaining("Buyer's agent: Luis Ortega"),
      expect.stringContaining('Title / escrow officer: Lone Star Title LLC'),
      expect.stringContaining('Lender / loan officer: Hill Country Mortgage'),
    ]);
    await proposals.getByRole('checkbox', { name: /Lender/ }).click();
    await proposals.getByRole('button', { name: 'Add 3 people' }).click();
    await page.getByText('3 people added to the deal').first().waitFor();
    expect(await partiesOf(intakeListingId), 'the three checked people are on the listing, the unchecked lender is not').toEqual([
      { role: 'buyer', name: 'Priya Raman' },
      { role: 'buyers_agent', name: 'Luis Ortega' },
      { role: 'seller', name: 'Contract Test Seller' },
      { role: 'title_escrow', name: 'Lone Star Title LLC' },
    ]);
  });

  test('phone: the Parties tab fits', async () => {
    const phone = await openPage(browser, 'phone');
    try {
      await signInAs(phone.page, appUrl, stack, COORDINATOR, `/listing/${listingId}?tab=parties`, await sessionOf(COORDINATOR));
      await roleGroup(phone.page, 'Buyer').waitFor({ timeout: 20_000 });
      await settled(phone.page);
      await saveScreenshot(phone.page, 'parties-tab-phone');
      await expectNoSeriousA11yViolations(phone.page, 'parties tab on a phone');
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'nothing is wider than the phone').toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
