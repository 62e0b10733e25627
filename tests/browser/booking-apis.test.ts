// Advance passenger data (APIS) in the booking form, in a real browser, as an agent of a fresh
// agency, against the sandbox airlines: a fare to an APIS country (WAW→JFK) asks for each
// passenger's gender and travel document, says why, marks what is missing and books once they are
// given; the booking shows them. A fare within Europe (WAW→FRA) asks for neither. At 400 and
// 1280 px, axe-clean; with CONSOLE_SHOTS_DIR set the form is saved at both widths.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { inDays } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let agent: TestAccount;
let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  const tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

async function agentPage(viewport: { width: number; height: number }): Promise<Page> {
  if (!session) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address() } });
    contexts.push(context);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, agent);
    await page.waitForURL((a) => a.pathname === '/');
    session = await context.storageState();
  }
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport,
    storageState: session,
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/search`);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400); // the drawer slides in
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

/** Searches one way and opens the booking form of the first offer's cheapest fare. */
async function openBookingForm(page: Page, destination: string, days: number) {
  await page.getByRole('combobox', { name: 'From', exact: true }).fill('WAW');
  await page.getByRole('combobox', { name: 'From', exact: true }).press('Escape');
  await page.getByRole('combobox', { name: 'To', exact: true }).fill(destination);
  await page.getByRole('combobox', { name: 'To', exact: true }).press('Escape');
  await page.getByLabel(/^Departure/).fill(inDays(days));
  await page.getByRole('button', { name: 'Search flights' }).click();
  const offer = page.getByRole('article').first();
  await offer.waitFor({ timeout: 20_000 });
  await offer.getByRole('button').nth(1).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('details-price').waitFor();
  await drawer.getByRole('button', { name: 'Book this fare' }).click();
  await drawer.getByRole('button', { name: /^Book for / }).waitFor();
  return drawer;
}

it.each([
  { width: 400, height: 860 },
  { width: 1280, height: 900 },
])('asks for gender and the travel document on a flight to an APIS country, at $width px', async (viewport) => {
  const page = await agentPage(viewport);
  const drawer = await openBookingForm(page, 'JFK', viewport.width === 400 ? 33 : 34);
  await drawer.getByText('The airline needs travel documents').waitFor();

  await drawer.getByRole('button', { name: /^Book for / }).click();
  // First and last name, birthdate, gender, document number, two countries, expiry, email, phone.
  await expect.poll(() => drawer.getByText('Required', { exact: true }).count()).toBe(10);
  await shoot(page, `booking-apis-required-${viewport.width}`);
  expect(await seriousAxeViolations(page, 'the booking form with APIS fields', '[role="dialog"]')).toEqual([]);

  await drawer.getByLabel(/^First name/).fill('Olena');
  await drawer.getByLabel(/^Last name/).fill('Kovalenko');
  await drawer.getByLabel(/^Date of birth/).fill('1985-03-14');
  await drawer.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await drawer.getByLabel(/^Document number/).fill('fp1234567');
  await drawer.getByLabel(/^Issuing country/).fill('ua');
  await drawer.getByLabel(/^Nationality/).fill('UA');
  await drawer.getByLabel(/^Valid until/).fill(inDays(20));
  await drawer.getByLabel(/^Email/).fill('olena@example.com');
  await drawer.getByLabel(/^Phone/).fill('+48 600 100 200');
  await drawer.getByRole('button', { name: /^Book for / }).click();
  await drawer.getByText('The document expires before the last flight').waitFor();
  await drawer.getByLabel(/^Valid until/).fill(inDays(3650));
  await shoot(page, `booking-apis-filled-${viewport.width}`);
  await drawer.getByRole('button', { name: /^Book for / }).click();

  await page.waitForURL((url) => url.pathname === '/bookings' && url.searchParams.has('locator'), { timeout: 20_000 });
  const locator = new URL(page.url()).searchParams.get('locator')!;
  const row = await stack.ctx.db
    .selectFrom('bookings')
    .select('passengers')
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
  expect((row.passengers as { gender: string; identity_document: object }[])[0]).toMatchObject({
    gender: 'female',
    identity_document: { type: 'passport', number: 'FP1234567', issuing_country: 'UA', nationality: 'UA' },
  });
});

it('asks for neither on a flight within Europe', async () => {
  const page = await agentPage({ width: 400, height: 860 });
  const drawer = await openBookingForm(page, 'FRA', 35);
  await drawer.getByLabel(/^First name/).waitFor();
  expect(await drawer.getByText('The airline needs travel documents').count()).toBe(0);
  expect(await drawer.getByLabel(/^Document number/).count()).toBe(0);
  expect(await drawer.getByRole('combobox', { name: 'Gender' }).count()).toBe(0);
});
