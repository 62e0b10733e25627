// The airline message log (/admin/airline_messages) and the corporate number in a real browser against
// the real API: an admin opens a booking's airline messages from the booking's page, sees the
// OrderCreate with its request laid out and a download of each half; an agent of an agency with
// corporate_number_on books with a corporate number and the booking's page shows it. Screenshots
// into CONSOLE_SHOTS_DIR when set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, bookingBody, findFares } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
let agent: TestAccount;
let admin: TestAccount;
let locator: string;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db);
  [agent, admin] = await Promise.all([
    createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
    createAccount(stack.ctx.db, { userType: 'Admin' }),
  ]);
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 33 });
  locator = (await book(stack.baseUrl, bearer(agent.token), fare!, 'Msglog')).locator;
  await stack.ctx.airlineMessageRecorder.flush();
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function signedIn(who: TestAccount): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
  await page.waitForURL((u) => !u.pathname.startsWith('/sign_in'));
  return page;
}

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

describe('airline message log', () => {
  it("staff open a booking's airline messages from its page, read the exchange and download it", async () => {
    const page = await signedIn(admin);
    await page.goto(`${stack.baseUrl}/bookings?locator=${locator}`);
    await page.getByRole('link', { name: 'Airline messages' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/airline_messages');
    expect(new URL(page.url()).searchParams.get('booking_id')).toBe(locator);
    const table = page.getByRole('table', { name: 'Airline messages' });
    await table.getByRole('button', { name: 'OrderCreate' }).click();
    const request = page.getByLabel('Request', { exact: true });
    await expect.poll(() => request.textContent()).toMatch(/msglog/i);
    // laid out: the JSON is indented, one field a line
    expect((await request.textContent())!.split('\n').length).toBeGreaterThan(5);
    await page.waitForTimeout(400); // the drawer's slide-in, for the screenshot
    await shot(page, 'airline-message-detail');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download request.json' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-request\.json$/);
    await page.keyboard.press('Escape');
    await shot(page, 'airline-messages-list');
    // An agent is not shown the link, and the screen tells them it is staff's.
    const agentPage = await signedIn(agent);
    await agentPage.goto(`${stack.baseUrl}/bookings?locator=${locator}`);
    await agentPage.getByText(locator).first().waitFor();
    expect(await agentPage.getByRole('link', { name: 'Airline messages' }).count()).toBe(0);
  });
});

describe('corporate number', () => {
  it("the booking's page shows the corporate number it was made with", async () => {
    await stack.ctx.db
      .updateTable('agencies')
      .set({ corporate_number_on: true })
      .where('id', '=', tenant.agencyId)
      .execute();
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 34 });
    const res = await request(stack.baseUrl)
      .post('/api/v1/bookings')
      .set(bearer(agent.token))
      .send({ ...bookingBody(fare!, 'Corpnum'), corporate_number: 'acme-42' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const details = await request(stack.baseUrl).get('/api/v1/account/details').set(bearer(agent.token));
    expect(details.body.agency.corporate_number_on).toBe(true);
    const page = await signedIn(agent);
    await page.goto(`${stack.baseUrl}/bookings?locator=${res.body.locator as string}`);
    await page.getByText('ACME-42').waitFor();
    await shot(page, 'booking-corporate-number');
  });
});
