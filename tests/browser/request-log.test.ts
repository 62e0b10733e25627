// The request log screen (/workspace/logs) in a real browser against the real API: a supervisor
// sees the calls their agency's token made (method, path, status, source, token and mode), narrows
// them by status class, lists every retry of an idempotency key by clicking it, and opens a call:
// its bodies with the card number redacted, the event it caused. axe finds no serious or critical
// fault at 1280 and 400 px in en, ua and pl, and nothing runs past the phone's edge. Screenshots of
// each when CONSOLE_SHOTS_DIR is set.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { bearer, book, findFares, payBy } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, testEnv, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
let supervisor: TestAccount;
let agent: TestAccount;
let issueKey: string;
let locator: string;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const languages = ['en', 'ua', 'pl'] as const;

beforeAll(async () => {
  const env = {
    TRUST_PROXY: 'true',
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-rlg${randomBytes(3).toString('hex')}`,
    REQUEST_LOG_FLUSH_MS: '20',
  };
  [stack, browser] = await Promise.all([startStack({ env }), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db);
  [supervisor, agent] = await Promise.all([
    createAccount(stack.ctx.db, { userType: 'Supervisor', tenant }),
    createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
  ]);
  // The agency's calls: a booking and its issue sent twice with one key, a 404, a refused body
  // carrying a card number, and a workspace call.
  await payBy(stack.ctx.db, tenant, 'company_balance');
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 40 });
  locator = (await book(stack.baseUrl, bearer(agent.token), fare!, 'Logbrowser')).locator;
  issueKey = `issue-${locator}`;
  const api = () => request(stack.baseUrl);
  for (let i = 0; i < 2; i++) {
    const issued = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .set('Idempotency-Key', issueKey)
      .send({ locator });
    expect(issued.status).toBe(200);
  }
  await api().get('/api/v1/bookings/ZZZZZZ').set(bearer(agent.token));
  await api()
    .post('/api/v1/webhook_endpoints')
    .set(bearer(supervisor.token))
    .send({ url: 'https://example.com/hooks', description: 'card 4111 1111 1111 1111', extra: true });
  await api().get('/api/v1/events').set(bearer(supervisor.token)).set('Contrail-Source', 'workspace');
  await stack.ctx.requestLogRecorder!.flush();
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function signedIn(who: TestAccount, width: number): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}` },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

async function shot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shotsDir, `request-log-${name}.png`), fullPage });
}

async function axeClean(page: Page, where: string) {
  expect(await seriousAxeViolations(page, where)).toEqual([]);
}

async function noSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const table = (page: Page) => page.locator('[data-request-log]');

describe('the request log screen', () => {
  it('lists the agency calls, filters by status and by key, and opens one with its redacted bodies and events', async () => {
    const page = await signedIn(supervisor, 1280);
    await page.goto(`${stack.baseUrl}/workspace/logs`);
    await page.getByRole('heading', { name: 'Request log', level: 1 }).waitFor();
    await table(page).waitFor();
    const rows = table(page).locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(6);
    const text = await table(page).innerText();
    expect(text).toContain(`POST /api/v1/bookings/issue`);
    expect(text).toContain('GET /api/v1/bookings/ZZZZZZ');
    expect(text).toContain('Workspace');
    expect(text).toContain('test');
    await shot(page, 'en-1280');

    // Status class: only the caller's mistakes.
    await page.getByLabel('Status').selectOption('4xx');
    await expect.poll(async () => (await table(page).innerText()).includes('POST /api/v1/bookings/issue')).toBe(false);
    const statuses = await table(page).locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    for (const s of statuses) expect(s.trim()).toMatch(/^4\d\d/);
    await page.getByLabel('Status').selectOption('');

    // A key lists every retry of it: the first answer and its replay.
    await page
      .getByRole('button', { name: `List every call with the key ${issueKey}` })
      .first()
      .click();
    await page.getByText(`Every call sent with the key ${issueKey}`).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await table(page).getByText('replayed').count()).toBe(1);
    await shot(page, 'key-en-1280');
    await page.getByRole('button', { name: 'Show every call again' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(6);

    // The refused body keeps the card number redacted.
    await page.getByLabel('Method').selectOption('POST');
    await page.getByLabel('Path starts with').fill('/api/v1/webhook_endpoints');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog', { name: 'API call' });
    await drawer.locator('[data-call-detail]').waitFor();
    const body = await drawer.locator('[data-body="Request body"]').innerText();
    expect(body).toContain('[redacted]');
    expect(body).not.toContain('4111');
    await axeClean(page, 'request log drawer en 1280');
    await shot(page, 'drawer-en-1280', false);
    await page.getByRole('button', { name: 'Close' }).click();

    // The booking's call links to the booking.created event it caused.
    await page.getByLabel('Path starts with').fill('/api/v1/bookings');
    await page.getByLabel('Method').selectOption('POST');
    const create = table(page).getByRole('button', { name: /^Open call POST \/api\/v1\/bookings at/ });
    await create.first().click();
    await drawer.locator('[data-call-events]').getByText('booking.created').waitFor();
    await shot(page, 'drawer-events-en-1280', false);
  }, 120_000);

  for (const width of [1280, 400]) {
    it(`is axe-clean and fits at ${width} px in en, ua and pl`, async () => {
      const page = await signedIn(supervisor, width);
      await page.goto(`${stack.baseUrl}/workspace/logs`);
      for (const language of languages) {
        await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
        await page.reload();
        await table(page).waitFor();
        await axeClean(page, `request log ${language} ${width}`);
        await noSideways(page);
        await shot(page, `${language}-${width}`);
      }
      await page.evaluate(() => localStorage.setItem('language', 'en'));
    }, 120_000);
  }
});
