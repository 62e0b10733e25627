// The workspace's sandbox page (/workspace/sandbox): the scenario catalogue and the agency's own
// sandbox clock. The agent tries a route scenario (no offers) and a surname one (books with SHORTTL),
// then moves the clock past a held test booking's time limit and finds the booking expired. axe
// finds nothing serious or critical at 1280 and 400 px; with CONSOLE_SHOTS_DIR set, the page is
// saved in en, ua and pl at both widths.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
let held: { locator: string; timeLimit: Date };
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const widths = [1280, 400] as const;
const languages = ['en', 'ua', 'pl'] as const;

beforeAll(async () => {
  const env = {
    TRUST_PROXY: 'true',
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-sandbox-workspace-browser`,
    PORT: String(await closedPort()),
  };
  [stack, browser] = await Promise.all([startStack({ env }), launchBrowser()]);
  const tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 40 },
    { carriers: ['LH'] },
  );
  const { locator } = await book(stack.baseUrl, bearer(agent.token), fares[0]!);
  const row = await stack.ctx.db
    .selectFrom('bookings')
    .select('time_limit')
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
  held = { locator, timeLimit: row.time_limit! };
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

async function pageAt(pathname: string, width: number): Promise<Page> {
  if (!session) {
    const context = await browser.newContext({ locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, agent);
    await page.waitForURL((a) => a.pathname === '/');
    session = await context.storageState();
  }
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    storageState: session,
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

const ready = (page: Page) => page.locator('[data-scenario="no_offers"]').waitFor();
const scenario = (page: Page, id: string) => page.locator(`[data-scenario="${id}"]`);

it('shows the clock and every scenario, at 1280 and 400 px, in en, ua and pl', async () => {
  for (const width of widths) {
    const page = await pageAt('/workspace/sandbox', width);
    await page.getByRole('heading', { name: 'Sandbox', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Sandbox clock' }).getByText('Runs with real time').waitFor();
    await ready(page);
    expect(await page.locator('[data-scenario]').count()).toBeGreaterThanOrEqual(17);
    await scenario(page, 'time_limit_change').getByText('Passenger surname SHORTTL').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(overflow).toBe(false);
    expect(await seriousAxeViolations(page, `the sandbox page at ${width} px`)).toEqual([]);
    if (shotsDir)
      for (const language of languages) {
        await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
        await page.reload();
        await ready(page);
        await shoot(page, `sandbox-${width}-${language}`);
      }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }
}, 180_000);

it('tries a route scenario and a surname scenario, and shows each outcome', async () => {
  const page = await pageAt('/workspace/sandbox', 1280);
  await ready(page);
  await scenario(page, 'no_offers').getByRole('button', { name: 'Try it: No offers' }).click();
  await expect
    .poll(() => scenario(page, 'no_offers').getByTestId('scenario-outcome').innerText())
    .toMatch(/The search found no offers/);
  const shortTl = scenario(page, 'time_limit_change');
  await shortTl.getByRole('button', { name: 'Try it: Time-limit change' }).click();
  await shortTl.getByTestId('scenario-outcome').waitFor();
  expect(await shortTl.getByTestId('scenario-outcome').innerText()).toMatch(/The search found \d+ offers/);
  await shortTl.getByRole('button', { name: 'Book with SHORTTL' }).click();
  await shortTl.getByTestId('scenario-booking').waitFor();
  expect(await shortTl.getByTestId('scenario-booking').innerText()).toMatch(/Booked [A-Z0-9]{6}: New\./);
  expect(await seriousAxeViolations(page, 'the sandbox page after trying scenarios')).toEqual([]);
  await shoot(page, 'sandbox-tried-1280');
}, 120_000);

it("moves the clock past a held booking's time limit: the booking is expired", async () => {
  const page = await pageAt('/workspace/sandbox', 1280);
  const clock = page.getByRole('region', { name: 'Sandbox clock' });
  await clock.getByText('Runs with real time').waitFor();
  const hours = Math.ceil((held.timeLimit.getTime() - Date.now()) / 3_600_000) + 1;
  await clock.getByLabel('Move forward by').fill(String(hours));
  await clock.getByRole('button', { name: 'Move forward', exact: true }).click();
  const status = clock.getByRole('status');
  await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/Holds expired: [1-9]/);
  await clock.getByText(/ahead of real time/).waitFor();
  await shoot(page, 'sandbox-moved-1280');

  const booking = await pageAt(`/bookings?locator=${held.locator}`, 1280);
  await booking.getByRole('dialog').getByText('Expired', { exact: true }).first().waitFor();
  await shoot(booking, 'sandbox-booking-expired-1280');
}, 120_000);
