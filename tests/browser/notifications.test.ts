// The notification centre and "action required" in a real browser: an agent with unread
// notifications sees the bell's count, opens the list, marks one read and then all, follows a
// notification to its booking; a notification arriving while the console is open shows on the
// notice stack; the Action required page lists a booking near its time limit; the preferences
// section saves a choice. Screenshots at 1280 and 400 px when CONSOLE_SHOTS_DIR is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationConsumer } from '../../api/src/domain/notifications/notification-consumer';
import { bearer, book, findFares } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { tell } from '../support/notifications';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db);
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}` },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });
}

/** An agent with a held booking (time limit in 3 h) and three unread notifications about it. */
async function agentWithNews(): Promise<{ agent: TestAccount; locator: string }> {
  const db = stack.ctx.db;
  const agent = await createAccount(db, { userType: 'Agent', tenant });
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 40 });
  const { locator } = await book(stack.baseUrl, bearer(agent.token), fare!, 'Bellova');
  const row = await db.selectFrom('bookings').select('id').where('locator', '=', locator).executeTakeFirstOrThrow();
  const limit = new Date(Date.now() + 3 * 3_600_000);
  await db.updateTable('bookings').set({ time_limit: limit }).where('id', '=', row.id).execute();
  const consumer = createNotificationConsumer({ mail: stack.ctx.mail, appUrl: stack.baseUrl });
  for (const [type, minutesAgo] of [
    ['booking.issued', 30],
    ['emd.failed', 20],
    ['booking.time_limit_approaching', 5],
  ] as const)
    await tell(db, consumer, {
      type,
      agencyId: tenant.agencyId,
      companyId: tenant.companyId,
      bookingId: row.id,
      agentId: agent.id,
      liveMode: false,
      object: { time_limit: limit.toISOString() },
      at: new Date(Date.now() - minutesAgo * 60_000),
    });
  return { agent, locator };
}

async function signIn(page: Page, agent: TestAccount) {
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, agent);
  await page.waitForURL((url) => url.pathname === '/');
}

describe('the bell', () => {
  it('shows the unread count, lists, marks read, opens the booking and announces new ones', async () => {
    const { agent, locator } = await agentWithNews();
    const page = await newPage();
    await signIn(page, agent);
    const bell = page.getByRole('button', { name: 'Notifications: 3 unread' });
    await bell.waitFor();
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.waitFor();
    const titles = await list.locator('li').allInnerTexts();
    expect(titles[0]).toContain(`Time limit for ${locator} is close`);
    expect(titles).toHaveLength(3);
    await shot(page, 'bell-open-1280');

    await list.getByRole('button', { name: 'Mark read' }).first().click();
    await page.getByRole('button', { name: 'Notifications: 2 unread' }).waitFor();
    await list.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    await list
      .getByRole('link', { name: `Open ${locator}` })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/bookings' && url.searchParams.get('locator') === locator);

    // A notification that arrives while the console is open: the bell counts it, the stack shows it.
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('locator', '=', locator)
      .executeTakeFirstOrThrow();
    await tell(stack.ctx.db, createNotificationConsumer({ mail: stack.ctx.mail, appUrl: stack.baseUrl }), {
      type: 'booking.voided',
      agencyId: tenant.agencyId,
      bookingId: row.id,
      agentId: agent.id,
      liveMode: false,
      object: {},
    });
    await page.reload();
    await page.getByRole('button', { name: 'Notifications: 1 unread' }).waitFor({ timeout: 30_000 });
  }, 120_000);

  it('fits a 400 px phone', async () => {
    const { agent } = await agentWithNews();
    const page = await newPage(400);
    await signIn(page, agent);
    await page.getByRole('button', { name: 'Notifications: 3 unread' }).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.waitFor();
    const box = await list.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await shot(page, 'bell-open-400');
  }, 120_000);
});

describe('new notifications while the console is open', () => {
  it('show on the notice stack with a link to the booking', async () => {
    const { agent, locator } = await agentWithNews();
    const page = await newPage();
    await signIn(page, agent);
    await page.getByRole('button', { name: 'Notifications: 3 unread' }).waitFor();
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('locator', '=', locator)
      .executeTakeFirstOrThrow();
    await tell(stack.ctx.db, createNotificationConsumer({ mail: stack.ctx.mail, appUrl: stack.baseUrl }), {
      type: 'booking.cancelled',
      agencyId: tenant.agencyId,
      bookingId: row.id,
      agentId: agent.id,
      liveMode: false,
      object: {},
    });
    // The bell reads the list again every 20 s.
    const notice = page.getByText(`Booking ${locator} cancelled`).first();
    await notice.waitFor({ timeout: 40_000 });
  }, 120_000);
});

describe('the Action required page and the preferences', () => {
  it('lists the booking near its time limit and saves a notification choice', async () => {
    const { agent, locator } = await agentWithNews();
    for (const width of [1280, 400]) {
      const page = await newPage(width);
      await signIn(page, agent);
      await page.goto(`${stack.baseUrl}/action_required`);
      await page.getByRole('heading', { name: 'Action required' }).waitFor();
      const booking = page.getByRole('link', { name: locator });
      await booking.waitFor();
      await expect(
        page.getByText('Issue the tickets before the time limit, or cancel the booking.').count(),
      ).resolves.toBe(1);
      await shot(page, `action-required-${width}`);

      await page.goto(`${stack.baseUrl}/settings`);
      const select = page.getByLabel('Services and EMDs');
      await select.waitFor();
      await select.scrollIntoViewIfNeeded();
      await shot(page, `preferences-${width}`);
      if (width === 1280) {
        await select.selectOption('none');
        await page.getByText('Notification settings saved.').waitFor();
      }
    }
    const saved = await stack.ctx.notificationPreferences.get(agent.id);
    expect(saved.find((f) => f.family === 'emd')?.channel).toBe('none');
  }, 180_000);
});
