// The guides at /docs/guides/: docs/guides rendered at build time to static pages, served under the
// docs' Content-Security-Policy with no script at all; the index lists them in reading order, links
// between guides and their anchors lead somewhere, and a browser shows them with no CSP report, no
// request to another host, and no serious axe fault at 1280 and 400 px.
// Screenshots go to CONSOLE_SHOTS_DIR when it is set.
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.js';
import { launchBrowser } from '../support/browser.js';
import { startStack, type Stack } from '../support/stack.js';

const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const guides = readdirSync('docs/guides')
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -'.md'.length));
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ withSandbox: false }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

it('serves every guide and the index with the docs’ policy and no script', async () => {
  const index = await request(stack.baseUrl).get('/docs/guides/');
  expect(index.status).toBe(200);
  expect((await request(stack.baseUrl).get('/docs/guides')).text).toBe(index.text);
  const listed = [...index.text.matchAll(/href="\/docs\/guides\/([\w-]+)"/g)].map((m) => m[1]);
  expect(listed.slice(0, 10)).toEqual([
    'quickstart',
    'auth',
    'idempotency',
    'errors',
    'pagination',
    'webhooks',
    'schedule-changes',
    'fare-watch',
    'accounting-documents',
    'sandbox',
  ]);
  expect([...listed].sort()).toEqual([...guides].sort());
  const links = new Set<string>();
  for (const name of ['', ...guides]) {
    const page = await request(stack.baseUrl).get(`/docs/guides/${name}`);
    expect(page.status, name).toBe(200);
    expect(page.type).toBe('text/html');
    const policy = String(page.headers['content-security-policy']);
    expect(
      policy
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))
        ?.trim(),
    ).toBe("script-src 'self'");
    expect(page.text).not.toMatch(/<script/i);
    // The samples test's notes (HTML comments) are not for readers.
    expect(page.text).not.toContain('&lt;!--');
    expect(page.text).not.toMatch(/\son\w+="/i);
    for (const [, href] of page.text.matchAll(/href="(\/docs\/guides\/[^"#]*)(#[^"]*)?"/g)) links.add(href!);
  }
  for (const link of links) expect((await request(stack.baseUrl).get(link)).status, link).toBe(200);
  // An anchor another guide links to exists on its page.
  expect((await request(stack.baseUrl).get('/docs/guides/auth')).text).toContain('id="test-mode-and-live-mode"');
  // Code samples keep their language, for the run that executes them.
  expect((await request(stack.baseUrl).get('/docs/guides/webhooks')).text).toContain('class="language-ts"');
  expect((await request(stack.baseUrl).get('/docs/guides/no-such-guide')).status).toBe(404);
  expect((await request(stack.baseUrl).get('/docs/guides/..%2Fpackage.json')).status).toBe(404);
  const css = await request(stack.baseUrl).get('/docs/guides/guides.css');
  expect(css.status).toBe(200);
  expect(css.type).toBe('text/css');
});

it('says plainly that no token reaches a real airline', async () => {
  const quickstart = (await request(stack.baseUrl).get('/docs/guides/quickstart')).text;
  expect(quickstart).toContain('talks to Contrail’s own sandbox'.replace('’', "'"));
  expect(quickstart).toMatch(/no token, test or live, reaches a real airline/);
});

it('shows the guides with no CSP report, no other host, axe clean at 1280 and 400', async () => {
  for (const width of [1280, 400]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const tab = await context.newPage();
    const problems: string[] = [];
    const foreign: string[] = [];
    tab.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    tab.on('pageerror', (e) => problems.push(e.message));
    tab.on('request', (r) => {
      if (!r.url().startsWith(stack.baseUrl)) foreign.push(r.url());
    });
    for (const name of ['', 'quickstart', 'webhooks']) {
      await tab.goto(`${stack.baseUrl}/docs/guides/${name}`);
      await tab.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousAxeViolations(tab, `guides ${name || 'index'} ${width}`)).toEqual([]);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (shotsDir) {
        mkdirSync(shotsDir, { recursive: true });
        await tab.screenshot({ path: path.join(shotsDir, `guides-${name || 'index'}-${width}.png`) });
      }
    }
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  }
}, 90_000);
