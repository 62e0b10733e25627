// A refund through 24/7 support in the console, agent and staff in two browsers: the agent opens a
// case from the booking page with a file, staff find it at the top of the queue, take it and quote
// a refund from the case; the agent accepts it in the case, and only then is the booking refunded,
// with the consent in its history. Each screen is saved in en, ua and pl when CONSOLE_SHOTS_DIR is
// set (and looked at: the shots are the note's).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { bearer, book, findFares } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { closedPort } from '../support/services';
import { startStack, testEnv, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let agent: TestAccount;
let support: TestAccount;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  const env = {
    TRUST_PROXY: 'true',
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-support-browser`,
    PORT: String(await closedPort()),
  };
  [stack, browser] = await Promise.all([startStack({ env }), launchBrowser()]);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
  support = await createAccount(stack.ctx.db, { userType: 'Support' });
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function signedIn(who: TestAccount, width = 1280): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width, height: 900 } });
  contexts.push(context);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
  await page.waitForURL((a) => a.pathname === '/');
  return page;
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

async function issuedBooking(): Promise<string> {
  const [fare] = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 70 },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const { locator } = await book(stack.baseUrl, bearer(agent.token), fare!);
  const issued = await request(stack.baseUrl).post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return locator;
}

it('walks a refund case from the booking page to the refund, agent and staff in turn', async () => {
  const locator = await issuedBooking();
  const subject = `Refund for ${locator}`;

  // The agent asks from the booking page; the form knows the booking.
  const agentPage = await signedIn(agent);
  await agentPage.goto(`${stack.baseUrl}/bookings?locator=${locator}`);
  await agentPage.getByRole('link', { name: 'Ask support about this booking' }).click();
  await expect.poll(() => agentPage.getByLabel('Booking (optional)').inputValue()).toBe(locator);
  await agentPage.getByLabel('What is it about').selectOption('refund');
  await agentPage.getByLabel('Subject').fill(subject);
  await agentPage.getByLabel('Message').fill('The passenger is ill and cannot fly. Please refund.');
  await agentPage.locator('input[type=file]').setInputFiles({
    name: 'certificate.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Medical certificate'),
  });
  await agentPage.getByRole('button', { name: 'Send to support' }).click();
  await agentPage.getByRole('heading', { name: subject }).waitFor();
  await agentPage.getByText(/Waiting for the first response/).waitFor();
  const caseUrl = agentPage.url();

  // Staff: the case is in the queue, waiting; they take it and quote the refund from the case. The
  // booking is a sandbox one, so its case is in the test queue (the live one is the default).
  const staffPage = await signedIn(support);
  await staffPage.goto(`${stack.baseUrl}/support`);
  await staffPage.getByLabel('Cases shown').selectOption('test');
  await staffPage.getByLabel('Only waiting for an answer').check();
  await staffPage.getByRole('link', { name: subject }).click();
  await staffPage.getByRole('button', { name: 'Take the case' }).click();
  await staffPage.getByText(/^Assigned to /).waitFor();
  await expect(staffPage.getByRole('button', { name: 'Download certificate.txt' }).isVisible()).resolves.toBe(true);
  await staffPage.getByRole('button', { name: 'Quote a refund' }).click();
  await staffPage.getByText('Offer sent to the agent.').waitFor();
  await staffPage.getByText(/^First response in /).waitFor();
  const history = () =>
    stack.ctx.db
      .selectFrom('booking_history as h')
      .innerJoin('bookings as b', 'b.id', 'h.booking_id')
      .select(['h.action', 'h.detail', 'b.status'])
      .where('b.locator', '=', locator)
      .execute();
  // Nothing has happened to the booking yet: the agent has not consented.
  expect((await history()).map((h) => h.action)).not.toContain('support_consent');
  expect((await history())[0]!.status).toBe('issued');

  // The agent sees the offer in the case and accepts it; the booking is refunded.
  await agentPage.goto(caseUrl);
  await agentPage.getByText('Awaiting your consent').waitFor();
  await agentPage.getByText(/^First response in /).waitFor();
  await agentPage.getByRole('button', { name: 'Accept' }).click();
  await agentPage.getByText(`Done: Booking ${locator} is refunded.`).waitFor();
  const after = await history();
  expect(after[0]!.status).toBe('refunded');
  const consent = after.find((h) => h.action === 'support_consent');
  expect(consent?.detail).toMatch(/Consent cns_\w+ in support case sc_\w+/);

  // The booking page lists the case.
  await agentPage.goto(`${stack.baseUrl}/bookings?locator=${locator}`);
  await agentPage.getByRole('link', { name: subject }).waitFor();

  // The screens in each back-office language.
  if (shotsDir) {
    for (const language of ['en', 'ua', 'pl'] as const) {
      for (const page of [agentPage, staffPage])
        await page.evaluate((l) => localStorage.setItem('language', l), language);
      await agentPage.goto(caseUrl);
      await agentPage.getByTestId('support-offer').waitFor();
      await shoot(agentPage, `agent-case-${language}`);
      await agentPage.goto(`${stack.baseUrl}/support`);
      await agentPage.getByRole('link', { name: subject }).waitFor();
      await shoot(agentPage, `agent-cases-${language}`);
      await agentPage.goto(`${stack.baseUrl}/support?new=1&locator=${locator}`);
      await agentPage.locator('form textarea').waitFor();
      await shoot(agentPage, `agent-new-case-${language}`);
      await agentPage.goto(`${stack.baseUrl}/bookings?locator=${locator}`);
      await agentPage.getByRole('link', { name: subject }).waitFor();
      await shoot(agentPage, `booking-page-${language}`);
      await staffPage.goto(`${stack.baseUrl}/support`);
      await staffPage.locator('table').first().waitFor();
      await shoot(staffPage, `staff-queue-${language}`);
      await staffPage.goto(caseUrl.replace(/^.*\/support/, `${stack.baseUrl}/support`));
      await staffPage.getByTestId('support-offer').waitFor();
      await shoot(staffPage, `staff-case-${language}`);
      await staffPage.goto(`${stack.baseUrl}/support`);
      await staffPage.getByRole('tab').nth(1).click();
      await staffPage.locator('[role=tabpanel] table').waitFor();
      await shoot(staffPage, `staff-stats-${language}`);
    }
  }
}, 180_000);
