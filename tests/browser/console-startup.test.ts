// What a first visit to the console fetches, in a real browser: only the reader's language (the
// others load when the reader switches, and the page changes language only once their texts are
// in: never a key or the wrong language in between), and on /bookings the list is asked for
// beside the account, not after its answer (no waterfall), as are the workspace reference's code and
// the contract it shows, beside each other. The causes of the Lighthouse scores
// that tests/bench/lighthouse.ts measures.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let agent: TestAccount;
let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
const contexts: BrowserContext[] = [];

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

async function newPage(signedIn: boolean): Promise<Page> {
  if (signedIn && !session) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address() } });
    contexts.push(context);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, agent);
    await page.waitForURL((a) => a.pathname === '/');
    session = await context.storageState();
  }
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 400, height: 860 },
    ...(signedIn ? { storageState: session } : {}),
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

const localeOf = (url: string) => /\/assets\/(en|ua|pl)-[\w-]+\.js$/.exec(url)?.[1];

it('fetches only the reader’s language, and another one only when the reader switches to it', async () => {
  const page = await newPage(false);
  const fetched: string[] = [];
  page.on('request', (r) => {
    const locale = localeOf(r.url());
    if (locale) fetched.push(locale);
  });
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('language', 'pl');
      sessionStorage.setItem('seeded', '1');
    }
  });
  // The console keeps the choice in localStorage and mirrors it into a cookie (the page the API
  // serves preloads that language's texts; a choice stored before the cookie existed costs one
  // English preload, and the cookie is written on that visit).
  await page.context().addCookies([{ name: 'contrail_language', value: 'pl', url: stack.baseUrl }]);
  await page.goto(`${stack.baseUrl}/sign_in`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('pl');
  expect(fetched).toEqual(['pl']);

  // Every text the page shows while switching is Polish or Ukrainian, never a key or English.
  const headings: string[] = [];
  await page.exposeFunction('seen', (text: string) => headings.push(text));
  await page.evaluate(() => {
    const h1 = document.querySelector('h1')!;
    new MutationObserver(() => (window as unknown as { seen: (t: string) => void }).seen(h1.textContent ?? '')).observe(
      h1,
      { childList: true, subtree: true, characterData: true },
    );
  });
  const before = await page.getByRole('heading', { level: 1 }).textContent();
  await page.getByRole('button', { name: /^PL · / }).click();
  await page.getByRole('menuitem', { name: 'Українська' }).click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('uk');
  const after = await page.getByRole('heading', { level: 1 }).textContent();
  expect(after).not.toBe(before);
  expect(fetched).toEqual(['pl', 'ua']);
  expect(headings.every((text) => text === after)).toBe(true);

  // The choice is mirrored into a cookie, so the next page the API serves preloads its texts.
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'contrail_language')?.value;
  expect(await cookie()).toBe('ua');
  const html = await (await page.request.get(`${stack.baseUrl}/sign_in`, { headers: { Accept: 'text/html' } })).text();
  expect(html).toMatch(/<link rel="modulepreload"[^>]*href="\/packs\/assets\/ua-[\w-]+\.js"/);
});

it('opens the sign-in page without asking who is signed in: no 401, no error in the console', async () => {
  const page = await newPage(false);
  const errors: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/account/details') asked.push(r.url());
  });
  await page.goto(`${stack.baseUrl}/sign_in`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel('Email or phone').waitFor();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
  // Signing in still finds the account and leaves the page.
  await page.getByLabel('Email or phone').fill(agent.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
  await page.getByLabel(/^Password/).fill(agent.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((a) => a.pathname === '/');
  await page.goto(`${stack.baseUrl}/search`);
  await page.getByRole('heading', { level: 1, name: 'Flight search' }).waitFor();
  expect(asked.length).toBeGreaterThan(0);
});

it('asks for the bookings list beside the account, not after its answer', async () => {
  const page = await newPage(true);
  const events: string[] = [];
  // The account answers late: a list that waited for it would be asked for after this.
  await page.route('**/api/v1/account/details', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    events.push('account answered');
    await route.continue();
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/v1/bookings') events.push('bookings asked');
  });
  await page.goto(`${stack.baseUrl}/bookings`);
  await page
    .getByText(/^Bookings: \d+/)
    .or(page.getByText('No bookings match the filters.'))
    .first()
    .waitFor();
  expect(events.indexOf('bookings asked')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('bookings asked')).toBeLessThan(events.indexOf('account answered'));
  // The early answer is the screen's own: the list is asked for once.
  expect(events.filter((e) => e === 'bookings asked')).toHaveLength(1);
});

it('asks for the workspace reference’s code and the contract beside the account, neither waiting for the other', async () => {
  const page = await newPage(true);
  const events: string[] = [];
  // The account and the contract answer late: code that waited for either would be asked for after it.
  for (const [path, answered] of [
    ['**/api/v1/account/details', 'account answered'],
    ['**/api/v1/openapi.json', 'contract answered'],
  ] as const)
    await page.route(path, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      events.push(answered);
      await route.continue();
    });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/v1/openapi.json') events.push('contract asked');
    if (/\/packs\/assets\/scalar-reference-[\w-]+\.js$/.test(url.pathname)) events.push('reference asked');
  });
  await page.goto(`${stack.baseUrl}/workspace`);
  await page.locator('.scalar-app section').first().waitFor({ timeout: 30_000 });
  const at = (event: string) => {
    expect(events, event).toContain(event);
    return events.indexOf(event);
  };
  expect(at('contract asked')).toBeLessThan(at('account answered'));
  expect(at('reference asked')).toBeLessThan(at('account answered'));
  expect(at('reference asked')).toBeLessThan(at('contract answered'));
  // The startup's ask is the screen's own: the contract is asked for once.
  expect(events.filter((e) => e === 'contract asked')).toHaveLength(1);
});

it('paints the frame and the screen’s title from the HTML alone, where the app then draws them', async () => {
  const page = await newPage(true);
  // The stylesheet and the scripts held back: what shows is the HTML's own shell.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/packs\/assets\/.+\.(js|css)$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${stack.baseUrl}/bookings`, { waitUntil: 'commit' });
  const shellTitle = page.locator('.shell-title');
  await expect.poll(() => shellTitle.textContent()).toBe('Bookings');
  const box = async (selector: string) => {
    const found = await page.locator(selector).evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height, weight: getComputedStyle(element).fontWeight };
    });
    return found;
  };
  const before = await box('.shell-title');
  expect(before.height).toBeGreaterThan(20);
  expect(await page.locator('.shell-header svg').isVisible()).toBe(true);

  release();
  const title = page.getByRole('heading', { level: 1, name: 'Bookings' });
  await title.waitFor();
  await expect.poll(() => page.locator('.shell-title').count()).toBe(0);
  // The app's title takes the very place and size of the shell's: nothing jumps, and the page's
  // largest paint stays the early one.
  expect(await box('h1')).toEqual(before);
  // The stylesheet applied before the app rendered: Mantine's frame is styled.
  expect(await page.locator('header').evaluate((h) => getComputedStyle(h).position)).toBe('fixed');
});
