// Product analytics takes its key from configuration (ANALYTICS_KEY, written into the pages) and
// loads on the marketing pages, the landing page and the console only after the visitor accepts
// cookies: before that not one request goes to the analytics vendor.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ withSandbox: false, env: { ANALYTICS_KEY: 'test-analytics-key-123' } }),
    launchBrowser(),
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** A fresh profile whose requests to the vendor are noted (and answered here, never sent out). */
async function watched(): Promise<{ context: BrowserContext; page: Page; sent: string[] }> {
  const context = await browser.newContext({ locale: 'en-GB' });
  context.setDefaultTimeout(15_000);
  const sent: string[] = [];
  await context.route(/amplitude\.com/, (route) => {
    sent.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{"code":200}' });
  });
  return { context, page: await context.newPage(), sent };
}

it('writes the configured key into the pages', async () => {
  for (const path of ['/sign_in', '/neo-flights', '/en']) {
    const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
    expect(html, path).toContain('<meta name="contrail-analytics-key" content="test-analytics-key-123" />');
  }
});

it('sends nothing before consent, and starts once the visitor accepts cookies', async () => {
  const { context, page, sent } = await watched();
  try {
    for (const path of ['/en', '/neo-flights', '/sign_in']) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2_500); // longer than the SDK's 1 s flush, were it loaded
    }
    expect(sent).toEqual([]);

    await page.goto(`${stack.baseUrl}/en`);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(sent.every((url) => new URL(url).hostname.endsWith('amplitude.com'))).toBe(true);
  } finally {
    await context.close();
  }
}, 60_000);

it('sends nothing when the visitor declines', async () => {
  const { context, page, sent } = await watched();
  try {
    await page.goto(`${stack.baseUrl}/en`);
    await page.getByRole('button', { name: 'Only necessary' }).click();
    await page.goto(`${stack.baseUrl}/neo-flights`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2_500);
    expect(sent).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);
