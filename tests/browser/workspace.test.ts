// The developer workspace in a real browser against the real API: the reference (Scalar) renders our
// own contract, its try-it sends a GET with the workspace's test token and gets 200, marked as the
// workspace's; live mode refuses a POST before it leaves the browser; the page asks no other host
// for anything. Screenshots go to CONSOLE_SHOTS_DIR when it is set.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ withSandbox: false }), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db);
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

interface Watched {
  page: Page;
  /** Every request the page made to another origin. */
  foreign: string[];
  /** Every request to the API, with its method and headers. */
  api: { method: string; url: string; headers: Record<string, string> }[];
}

async function signedIn(who: TestAccount, width: number, locale = 'en-GB'): Promise<Watched> {
  const context = await browser.newContext({
    locale,
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}` },
  });
  contexts.push(context);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const watched: Watched = { page, foreign: [], api: [] };
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(stack.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) watched.foreign.push(url);
    if (url.startsWith(`${stack.baseUrl}/api/`)) watched.api.push({ method: req.method(), url, headers: req.headers() });
  });
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
  await page.waitForURL((url) => url.pathname === '/');
  return watched;
}

async function shot(page: Page, name: string, fullPage = false) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `workspace-${name}.png`), fullPage });
}

describe('the workspace reference', () => {
  it('renders our contract offline, with the workspace’s own test token', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const { page, foreign, api } = await signedIn(agent, 1280);
    await page.goto(`${stack.baseUrl}/workspace`);
    await page.getByRole('heading', { name: 'Developer workspace' }).waitFor();
    await page.getByRole('button', { name: 'Create a test token' }).click();
    await page.locator('[data-workspace-token="test"]').waitFor();
    await page.locator('.scalar-app').first().waitFor();
    await shot(page, 'reference-en-1280');
    // Try it: "Who am I" with the prefilled token answers 200, and the call is marked as the workspace's.
    const operation = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) }).first();
    await page.locator('.scalar-app').getByText('account', { exact: true }).first().click();
    await operation('Who am I').getByRole('button', { name: /Test Request/ }).first().click();
    const send = page.getByRole('button', { name: /^Send get request to .*\/account\/details$/ });
    await send.click();
    await page.getByText('200 OK').first().waitFor();
    await shot(page, 'try-it-en-1280');
    const call = api.find((r) => r.method === 'GET' && r.url.endsWith('/api/v1/account/details') && r.headers['authorization']);
    expect(call?.headers['authorization']).toMatch(/^Bearer ctr_test_/);
    expect(call?.headers['contrail-source']).toBe('workspace');
    expect(foreign).toEqual([]);
  }, 120_000);
});
