// Paying for tickets in a real browser: an agent issues a booking whose channel pays with the
// agency's credit card (added by its supervisor through the API, so the card carries the brand the
// back office gave it); an agent whose company balance is kept in PLN sees, in the issue dialog,
// what the balance will be debited and at which rate, and issues; an admin sets a rate on the
// exchange rates screen. With CONSOLE_SHOTS_DIR set, the dialog and the screen (1280 and 400 px
// wide) are saved there.
import { reopenBalance } from '../support/ledgers.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { bearer, book, findFares, payBy } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

async function signedIn(who: TestAccount, pathname: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
  await page.waitForURL((a) => a.pathname === '/');
  await page.goto(`${stack.baseUrl}${pathname}`);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** A held LH booking of a fresh agency's agent, paid as `form` says. */
async function heldBooking(form: 'credit_card' | 'company_balance', balanceCurrency = 'EUR') {
  const db = stack.ctx.db;
  const tenant = await createTenant(db);
  const agent = await createAccount(db, { userType: 'Agent', tenant });
  await payBy(db, tenant, form);
  await reopenBalance(db, tenant.companyId, balanceCurrency, '10000.00');
  if (form === 'credit_card') {
    const supervisor = await createAccount(db, { userType: 'Supervisor', tenant });
    const channel = await db
      .selectFrom('agency_channels as ac')
      .innerJoin('source_channels as sc', 'sc.id', 'ac.source_channel_id')
      .select('ac.id')
      .where('ac.agency_id', '=', tenant.agencyId)
      .where('sc.carrier', '=', 'LH')
      .executeTakeFirstOrThrow();
    const added = await request(stack.baseUrl)
      .post(`/api/v1/ticketing/agency_channels/${channel.id}/credit_cards`)
      .set(bearer(supervisor.token))
      .send({ number: '5555 5555 5555 4444', exp_month: 12, exp_year: new Date().getFullYear() + 2, holder: 'AGENCY' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const [fare] = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 53 },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
  return { agent, locator: booked.locator };
}

async function openIssueDialog(page: Page, locator: string) {
  const view = page.getByRole('dialog', { name: `Booking ${locator}` });
  await view.getByRole('button', { name: 'Issue tickets' }).click();
  const dialog = page.getByRole('dialog', { name: `Issue tickets for ${locator}?` });
  await dialog.getByText('To pay').waitFor();
  return dialog;
}

it("issues with the channel's credit card from the console", async () => {
  const { agent, locator } = await heldBooking('credit_card');
  const page = await signedIn(agent, `/bookings?locator=${locator}`);
  const dialog = await openIssueDialog(page, locator);
  await dialog.getByRole('button', { name: /^Issue for / }).click();
  await page.getByText(`Issued ${locator}: tickets 1`).waitFor({ timeout: 30_000 });
  const row = await stack.ctx.db
    .selectFrom('bookings')
    .select(['status', 'form_of_payment'])
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: 'issued', form_of_payment: 'credit_card' });
}, 120_000);

it('shows the balance debit in its own currency and the rate before issue, then issues', async () => {
  const { agent, locator } = await heldBooking('company_balance', 'PLN');
  const page = await signedIn(agent, `/bookings?locator=${locator}`);
  const dialog = await openIssueDialog(page, locator);
  await dialog.getByText('Debited from the balance').waitFor();
  await dialog.getByText(/^1 EUR = [0-9.]+ PLN$/).waitFor();
  expect(await dialog.getByText(/PLN/).first().textContent()).toMatch(/PLN/);
  await shoot(page, 'booking-issue-balance-in-pln');
  await dialog.getByRole('button', { name: /^Issue for / }).click();
  await page.getByText(`Issued ${locator}: tickets 1`).waitFor({ timeout: 30_000 });
}, 120_000);

it('sets an exchange rate on the admin screen, at 1280 and 400 px', async () => {
  const admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
  for (const width of [1280, 400]) {
    const page = await signedIn(admin, '/admin/exchange_rates', width);
    await page.getByRole('heading', { name: 'Set an exchange rate' }).waitFor();
    const rate = width === 1280 ? '4.2817' : '4.2818';
    await page.getByLabel('From (ISO code)').fill('EUR');
    await page.getByLabel('To (ISO code)').fill('PLN');
    await page.getByLabel('Rate', { exact: true }).fill(rate);
    await page.getByRole('button', { name: 'Set rate' }).click();
    await page.getByRole('cell', { name: rate, exact: true }).waitFor();
    await shoot(page, `admin-exchange-rates-${width}`);
  }
}, 120_000);
