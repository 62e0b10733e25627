// The console shell in a real browser, served by the API: the build loads from /packs/, the
// notification stack keeps the product's timings (spec §9: success gone 4 s + 1 s fade after it
// appears, error after 15 s + 1 s, close control), and the interface language survives a reload.
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { startStack } from '../support/stack';

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
}, 60_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** A fresh browser profile per test, so one test's localStorage cannot leak into the next. */
async function newPage(): Promise<Page> {
  if (!browser) throw new Error('the browser did not start');
  context = await browser.newContext({ locale: 'en-GB' });
  // A missing element fails the step in seconds, with Playwright's message, not at the test's timeout.
  context.setDefaultTimeout(3_000);
  return context.newPage();
}

function url(path: string): string {
  if (!stack) throw new Error('the stack did not start');
  return `${stack.baseUrl}${path}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface NoticeLife {
  shown: number | null;
  closing: number | null;
  removed: number | null;
  samples: { at: number; state: string | null; opacity: number }[];
}

/**
 * Runs in the page before its scripts: notes, on the page's clock, when the notice with this text
 * appears, starts closing and leaves, and samples its state and opacity 3.5 s and 4.5 s after it appears.
 */
function recordNoticeLife(text: string): void {
  const life: NoticeLife = { shown: null, closing: null, removed: null, samples: [] };
  (window as unknown as { noticeLife: NoticeLife }).noticeLife = life;
  let notice: Element | null = null;
  new MutationObserver(() => {
    const now = performance.now();
    if (!notice) {
      notice = [...document.querySelectorAll('[role="status"]')].find((e) => e.textContent?.includes(text)) ?? null;
      if (!notice) return;
      life.shown = now;
      for (const at of [3_500, 4_500])
        setTimeout(() => {
          const state = notice!.getAttribute('data-state');
          life.samples.push({ at, state, opacity: Number(getComputedStyle(notice!).opacity) });
        }, at);
    }
    if (life.closing === null && notice.getAttribute('data-state') === 'closing') life.closing = now;
    if (life.removed === null && !notice.isConnected) life.removed = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
}

const opacityOf = (locator: Locator) => locator.evaluate((element) => Number(getComputedStyle(element).opacity));

describe('console shell', () => {
  // Signed out, / is the marketing agency home (tests/browser/marketing.test.ts); the frame is
  // checked on the console's other pages.
  it('loads the console from /packs/ and renders the frame at /sign_in', async () => {
    const page = await newPage();
    const packScripts: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().resourceType() === 'script' && pathname.startsWith('/packs/') && response.ok()) {
        packScripts.push(pathname);
      }
    });

    const response = await page.goto(url('/sign_in'));
    expect(response?.ok()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Contrail' }).waitFor();
    expect(packScripts.length).toBeGreaterThan(0);

    const navigation = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    expect(await navigation.getByRole('link').allTextContents()).toEqual(['Home', 'Sign in']);
    expect(await page.getByRole('main').count()).toBe(1);
    // The footer's status comes from the SDK's health call to this same API.
    await page.getByRole('contentinfo').getByText('API: ok').waitFor({ timeout: 10_000 });

    await page.goto(url('/sign_in'));
    await page.getByRole('heading', { level: 1, name: 'Sign in to Contrail' }).waitFor();
    expect(await navigation.getByRole('link', { name: 'Sign in' }).getAttribute('aria-current')).toBe('page');
  }, 20_000);

  it('shows a success notice from the address and removes it, faded, 5 s after it appears', async () => {
    const page = await newPage();
    await page.addInitScript(recordNoticeLife, 'Saved');
    await page.goto(url('/sign_in?message=Saved&type=success'));
    const notice = page.getByRole('status').filter({ hasText: 'Saved' });
    await notice.waitFor({ state: 'visible', timeout: 10_000 });

    expect(await notice.getAttribute('data-type')).toBe('success');
    // The two parameters are taken out of the address once shown.
    expect(new URL(page.url()).search).toBe('');

    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    // Timed on the page's own clock, so a slow test process cannot read a step late.
    const life = await page.evaluate(() => (window as unknown as { noticeLife: NoticeLife }).noticeLife);
    expect(life.shown).not.toBeNull();
    const after = (at: number | null) => (at === null ? null : at - life.shown!);
    expect(life.samples.find((s) => s.at === 3_500)).toMatchObject({ state: 'open', opacity: 1 });
    // The 1 s fade starts at 4 s: halfway through it the notice is closing and half transparent.
    expect(after(life.closing)).toBeGreaterThanOrEqual(3_900);
    expect(after(life.closing)).toBeLessThan(4_400);
    const midFade = life.samples.find((s) => s.at === 4_500)!;
    expect(midFade.state).toBe('closing');
    expect(midFade.opacity).toBeGreaterThan(0);
    expect(midFade.opacity).toBeLessThan(1);
    expect(after(life.removed)).toBeGreaterThanOrEqual(4_900);
    expect(after(life.removed)).toBeLessThan(5_600);
  }, 20_000);

  it('keeps an error notice past 6 s and removes it when its close control is used', async () => {
    const page = await newPage();
    await page.goto(url('/sign_in?message=Broken&type=error'));
    const notice = page.getByRole('alert').filter({ hasText: 'Broken' });
    await notice.waitFor({ state: 'visible', timeout: 10_000 });
    const shownAt = Date.now();
    expect(await notice.getAttribute('data-type')).toBe('error');

    await sleep(shownAt + 6_000 - Date.now());
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.getAttribute('data-state')).toBe('open');
    expect(await opacityOf(notice)).toBe(1);

    await notice.getByRole('button', { name: 'Close notification' }).click();
    await notice.waitFor({ state: 'detached', timeout: 2_500 });
  }, 20_000);

  it('keeps the chosen language across a reload', async () => {
    const page = await newPage();
    await page.goto(url('/sign_in'));
    await page.getByRole('group', { name: 'Interface language' }).getByRole('button', { name: 'PL' }).click();
    await page.getByRole('heading', { level: 1, name: 'Logowanie do Contrail' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Logowanie do Contrail' }).waitFor();
    const navigation = page.getByRole('navigation', { name: 'Nawigacja główna' });
    expect(await navigation.getByRole('link').allTextContents()).toEqual(['Strona główna', 'Zaloguj się']);
    expect(await page.getByRole('button', { name: 'PL' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pl');
    expect(await page.locator('html').getAttribute('lang')).toBe('pl');
  }, 20_000);
});
