// A schedule change in the console: a test booking the sandbox airline disrupted shows the
// pending change on its page (the flights as booked beside the flights now, the deadline and what
// happens then) with its decisions; accepting it takes the change away. The "Disrupt this order"
// panel of a test booking makes the airline change it from the page. With CONSOLE_SHOTS_DIR set,
// the page is saved at 1280 and 400 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startWorker, type WorkerHandle } from '../../api/src/worker';
import { loadConfig } from '../../api/src/config';
import { seriousAxeViolations } from '../support/axe';
import { bearer, book, findFares } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { disrupt } from '../support/schedule-changes';
import { closedPort } from '../support/services';
import { startStack, testEnv, type Stack } from '../support/stack';
import { waitFor } from '../support/wait';
import request from 'supertest';

let stack: Stack;
let worker: WorkerHandle;
let browser: Browser;
let agent: TestAccount;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  const env = {
    TRUST_PROXY: 'true',
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-schedule-browser`,
    PORT: String(await closedPort()),
  };
  [stack, browser] = await Promise.all([startStack({ env }), launchBrowser()]);
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await worker?.close();
  await stack?.close();
});

async function agentPage(pathname: string, width: number): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width, height: 900 } });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, agent);
  await page.waitForURL((a) => a.pathname === '/');
  await page.goto(`${stack.baseUrl}${pathname}`);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

let day = 90;
async function heldBooking() {
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), {
    origin: 'WAW',
    destination: 'FRA',
    days: (day += 1),
  });
  return (await book(stack.baseUrl, bearer(agent.token), fare!)).locator;
}

const pendingOf = (locator: string) =>
  waitFor(
    'the pending schedule change',
    async () =>
      (
        await request(stack.baseUrl)
          .get('/api/v1/schedule_changes')
          .query({ locator, status: 'pending' })
          .set(bearer(agent.token))
      ).body.data as unknown[],
    (data) => data?.length === 1,
  );

it('shows a pending change beside the booked flights, at 1280 and 400 px, and accepts it', async () => {
  const locator = await heldBooking();
  await disrupt(stack.baseUrl, bearer(agent.token), locator, { kind: 'delay', minutes: 95, notice: 'full' });
  await pendingOf(locator);
  for (const width of [1280, 400]) {
    const page = await agentPage(`/bookings?locator=${locator}`, width);
    const panel = page.getByRole('region', { name: 'Schedule change' });
    await panel.getByText('The airline changed this booking: delay').waitFor();
    await panel.getByRole('group', { name: 'As booked' }).waitFor();
    await panel.getByRole('group', { name: 'Now' }).waitFor();
    await panel.getByText('If nobody decides, the change is accepted.').waitFor();
    await page.getByRole('region', { name: 'Disrupt this order (test mode)' }).waitFor();
    expect(await seriousAxeViolations(page, 'the booking with a schedule change', '[role="dialog"]')).toEqual([]);
    await shoot(page, `schedule-change-${width}`);
    if (width === 400) {
      await panel.getByRole('button', { name: 'Accept' }).click();
      await page.getByText(`${locator}: the new flights are accepted.`).waitFor();
      await panel.waitFor({ state: 'hidden' });
    }
  }
}, 120_000);

it('disrupts a test booking from its page and shows the change that follows', async () => {
  const locator = await heldBooking();
  const page = await agentPage(`/bookings?locator=${locator}`, 1280);
  const form = page.getByRole('region', { name: 'Disrupt this order (test mode)' });
  await form.getByLabel('What changes').click();
  await page.getByRole('option', { name: 'flight cancelled' }).click();
  await form.getByText('Light (retrieve the order)').click();
  await form.getByRole('button', { name: 'Disrupt' }).click();
  const panel = page.getByRole('region', { name: 'Schedule change' });
  await panel.getByText('The airline changed this booking: flight cancelled').waitFor({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Decline: cancel booking' }).waitFor();
  await shoot(page, 'schedule-change-disrupted-1280');
}, 120_000);
