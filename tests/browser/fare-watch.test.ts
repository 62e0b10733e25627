// Fare Watch in the console. Two held test bookings; the sandbox opens a cheaper class on each
// (POST /sandbox/bookings/{locator}/cheaper_fare, test mode) and a watch pass checks them; then in
// the browser the agent sees both opportunities on the Fare Watch page (the fares side by side,
// the saving, Accept and Decline), the badge and the check log on the booking page, declines one
// with a reason and accepts the other, and the analytics page's savings panel counts both. The
// supervisor's settings form saves. axe finds nothing serious or critical at 1280 and 400 px; with
// CONSOLE_SHOTS_DIR set, each page is saved in en, ua and pl at both widths.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { bearer, book, findFares } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { closedPort } from '../support/services';
import { startStack, testEnv, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let agent: TestAccount;
let supervisor: TestAccount;
let admin: TestAccount;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const widths = [1280, 400] as const;
const languages = ['en', 'ua', 'pl'] as const;
/** The two bookings: one is declined, the other accepted. */
let declined: string;
let accepted: string;

beforeAll(async () => {
  const env = {
    TRUST_PROXY: 'true',
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-fare-watch-browser`,
    PORT: String(await closedPort()),
  };
  [stack, browser] = await Promise.all([startStack({ env }), launchBrowser()]);
  const tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  admin = await createAccount(stack.ctx.db, { userType: 'Admin', tenant });
  const settings = await request(stack.baseUrl)
    .put('/api/v1/fare_watch/settings')
    .set(bearer(supervisor.token))
    .send({ held_enabled: true, min_saving_amount: '0.00', min_saving_percent: 0, stop_before_hours: 0 });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);

  [declined, accepted] = [await heldBooking(), await heldBooking()];
  for (const locator of [declined, accepted]) {
    const check = await request(stack.baseUrl)
      .post(`/api/v1/sandbox/bookings/${locator}/cheaper_fare`)
      .set(bearer(agent.token))
      .send({ conditions: 'equal' });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.outcome).toBe('found');
  }
  // A watch pass, as the worker runs it: both bookings due now, both checked again and found.
  await stack.ctx.db
    .updateTable('fare_watch_bookings')
    .set({ next_check_at: new Date(0) })
    .execute();
  expect(await stack.ctx.fareWatch.runPass({ limit: 100, perChannel: 2 })).toBeGreaterThanOrEqual(2);
  const open = await request(stack.baseUrl)
    .get('/api/v1/fare_watch/opportunities')
    .query({ status: 'open' })
    .set(bearer(agent.token));
  expect(open.body.data.map((o: { locator: string }) => o.locator).sort()).toEqual([declined, accepted].sort());
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

let day = 120;
async function heldBooking(): Promise<string> {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  // The rebook takes new seats while the hold keeps its own: a class with seats to spare (on some
  // days the cheapest class has one left, and the cheaper fare falls back to it).
  const roomy = fares.filter((f) => f.seatsLeft >= 3);
  return (await book(stack.baseUrl, bearer(agent.token), roomy.find((f) => f.family === 'CL') ?? roomy[0]!)).locator;
}

const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/** A page of `who` at `pathname`: signed in once per person, the session reused after. */
async function pageAs(who: TestAccount, pathname: string, width: number): Promise<Page> {
  if (!sessions.has(who.email)) {
    const context = await browser.newContext({ locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
    await page.waitForURL((a) => a.pathname === '/');
    sessions.set(who.email, await context.storageState());
  }
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    storageState: sessions.get(who.email),
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}${pathname}`);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The page in ua and pl too (saved only with CONSOLE_SHOTS_DIR); back in English after. */
async function shootLanguages(page: Page, name: string, ready: (page: Page) => Promise<unknown>) {
  if (!shotsDir) return;
  for (const language of languages) {
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await page.reload();
    await ready(page);
    await shoot(page, `${name}-${language}`);
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await ready(page);
}

/** What in the header runs past its edge (as console-phone.test.ts judges it), or false. */
const headerOverflows = (page: Page) =>
  page.getByRole('banner').evaluate(
    (header) =>
      [header, ...header.querySelectorAll('nav, nav *')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.tagName}.${e.className} ${e.scrollWidth}>${e.clientWidth}`)
        .join('; ') || false,
  );

const card = (page: Page, locator: string) => page.getByRole('article', { name: `Booking ${locator}` });

it('shows the open opportunities with the fares side by side, at 1280 and 400 px', async () => {
  for (const width of widths) {
    const page = await pageAs(agent, '/fare_watch', width);
    await page.getByRole('heading', { name: 'Fare Watch', level: 1 }).waitFor();
    for (const locator of [declined, accepted]) {
      const opportunity = card(page, locator);
      await opportunity.getByRole('region', { name: `Booked fare and cheaper fare of ${locator}` }).waitFor();
      await opportunity.getByRole('button', { name: `Accept the cheaper fare of ${locator}` }).waitFor();
      await opportunity.getByRole('button', { name: `Decline the cheaper fare of ${locator}` }).waitFor();
      const rows = await opportunity.getByRole('row').allInnerTexts();
      expect(rows.join('\n')).toMatch(/Brand/);
      expect(rows.join('\n')).toMatch(/Checked bags/);
      expect(rows.join('\n')).toMatch(/Price/);
      expect(await opportunity.getByTestId('fare-watch-saving').innerText()).toMatch(/€\s?\d|\d.*€|EUR/);
    }
    expect(await seriousAxeViolations(page, `the Fare Watch page at ${width} px`)).toEqual([]);
    await shootLanguages(page, `fare-watch-${width}`, (p) => p.getByRole('article').first().waitFor());
  }
}, 180_000);

it('shows the badge and the check log on the booking page', async () => {
  for (const width of widths) {
    const page = await pageAs(agent, `/bookings?locator=${accepted}`, width);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: `Cheaper fare found: open Fare Watch for ${accepted}` }).waitFor();
    const section = dialog.getByRole('region', { name: 'Fare Watch', exact: true });
    await section.getByRole('switch', { name: 'Watch this booking for cheaper fares' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    const log = await section.getByRole('row').allInnerTexts();
    // The sandbox's check and the pass's: both found a cheaper fare.
    expect(log.filter((row) => row.includes('Cheaper fare found')).length).toBeGreaterThanOrEqual(2);
    expect(await seriousAxeViolations(page, `the booking page at ${width} px`, '[role="dialog"]')).toEqual([]);
    await shootLanguages(page, `fare-watch-booking-${width}`, async (p) => {
      await p.getByRole('dialog').getByTestId('fare-watch-badge').waitFor();
      await p.getByRole('dialog').getByRole('switch').last().scrollIntoViewIfNeeded();
    });
  }
}, 180_000);

it('declines one with a reason and accepts the other; the badge goes', async () => {
  const page = await pageAs(agent, '/fare_watch', 1280);
  await card(page, declined)
    .getByRole('button', { name: `Decline the cheaper fare of ${declined}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Decline the cheaper fare of ${declined}` });
  await dialog.getByRole('radio', { name: 'The timing' }).check();
  expect(await seriousAxeViolations(page, 'the decline dialog', '[role="dialog"]')).toEqual([]);
  await shoot(page, 'fare-watch-decline-1280');
  await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await page.getByText(`The cheaper fare of ${declined} is declined.`).waitFor();
  await card(page, declined).waitFor({ state: 'detached' });

  await card(page, accepted)
    .getByRole('button', { name: `Accept the cheaper fare of ${accepted}` })
    .click();
  await page
    .getByText(`${accepted} is rebooked at the cheaper fare. The old hold is released.`)
    .waitFor({ timeout: 30_000 });
  await page.getByText('No cheaper fares are waiting for a decision.').waitFor();

  await page.getByLabel('Show').selectOption('accepted');
  await card(page, accepted).getByText('Accepted', { exact: true }).waitFor();
  await page.getByLabel('Show').selectOption('declined');
  await card(page, declined).getByText('Reason: The timing', { exact: false }).waitFor();
  await shoot(page, 'fare-watch-declined-1280');

  const opps = await request(stack.baseUrl)
    .get('/api/v1/fare_watch/opportunities')
    .set(bearer(agent.token))
    .query({ per_page: 100 });
  const status = (locator: string) =>
    opps.body.data
      .filter((o: { locator: string; status: string }) => o.locator === locator && o.status !== 'superseded')
      .map((o: { status: string }) => o.status);
  expect(status(declined)).toEqual(['declined']);
  expect(status(accepted)).toEqual(['accepted']);

  const booking = await pageAs(agent, `/bookings?locator=${accepted}`, 1280);
  await booking.getByRole('dialog').getByRole('region', { name: 'Fare Watch', exact: true }).waitFor();
  expect(await booking.getByTestId('fare-watch-badge').count()).toBe(0);
}, 180_000);

it('counts them on the analytics page: found, accepted with the saving, declined by reason', async () => {
  for (const width of widths) {
    const page = await pageAs(agent, '/analytics', width);
    const panel = page.getByRole('region', { name: 'Fare Watch savings' });
    const total = panel.getByRole('row', { name: /^Total/ });
    await total.waitFor();
    // Found, accepted, saved, declined, expired.
    expect(await total.getByRole('cell').allInnerTexts()).toEqual(['2', '1', expect.stringMatching(/\d/), '1', '0']);
    await panel.getByText('The timing: 1').waitFor();
    expect(await seriousAxeViolations(page, `the analytics page at ${width} px`)).toEqual([]);
    await shootLanguages(page, `fare-watch-analytics-${width}`, (p) => p.getByTestId('fare-watch-savings').waitFor());
  }
}, 180_000);

it("saves the agency's settings from the supervisor's form; an agent is told it is not theirs", async () => {
  for (const width of widths) {
    const page = await pageAs(supervisor, '/settings/fare_watch', width);
    const form = page.getByRole('region', { name: 'Fare Watch' });
    await form.getByRole('switch', { name: 'Watch held bookings' }).waitFor();
    expect(await form.getByRole('switch', { name: 'Watch held bookings' }).isChecked()).toBe(true);
    expect(await seriousAxeViolations(page, `the Fare Watch settings at ${width} px`)).toEqual([]);
    await shootLanguages(page, `fare-watch-settings-${width}`, (p) =>
      p.getByRole('region').getByRole('switch').first().waitFor(),
    );
    if (width === 1280) {
      // The header keeps every link, Fare Watch's too, on one line in every language.
      for (const language of languages) {
        await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
        await page.reload();
        await page.getByRole('region').getByRole('switch').first().waitFor();
        expect(await headerOverflows(page), `${language}, supervisor`).toBe(false);
      }
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();
      await form.getByLabel('Check every (hours)').fill('12');
      await form.getByRole('switch', { name: /^Watch issued bookings/ }).click({ force: true });
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Fare Watch settings saved.').waitFor();
      const saved = await request(stack.baseUrl).get('/api/v1/fare_watch/settings').set(bearer(supervisor.token));
      expect(saved.body).toMatchObject({ check_every_hours: 12, held_enabled: true, issued_enabled: true });
      // Saving again keeps the issued tier: the form sends every setting, not only the ones it started with.
      await form.getByLabel('Check every (hours)').fill('8');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Fare Watch settings saved.').last().waitFor();
      const again = await request(stack.baseUrl).get('/api/v1/fare_watch/settings').set(bearer(supervisor.token));
      expect(again.body).toMatchObject({ check_every_hours: 8, issued_enabled: true });
    }
  }
  const page = await pageAs(agent, '/settings/fare_watch', 1280);
  await page.getByText('Fare Watch settings are for supervisors and staff.').waitFor();
  // Staff have the longest header (Admin): one line too, in every language.
  const staffPage = await pageAs(admin, '/fare_watch', 1280);
  for (const language of languages) {
    await staffPage.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await staffPage.reload();
    await staffPage.getByRole('heading', { level: 1, name: 'Fare Watch' }).waitFor();
    expect(await headerOverflows(staffPage), `${language}, staff`).toBe(false);
  }
}, 180_000);
