// The developer workspace in a real browser against the real API and worker (a database of this
// file's own, so its worker delivers only this file's webhooks) and a real HTTP receiver on loopback:
// the reference (Scalar) renders our own contract, its try-it sends a GET with the workspace's test
// token and gets 200, marked as the workspace's; live mode refuses a write before it leaves the
// browser; the events and webhooks section creates an endpoint (its secret shown once), sends a
// test event, resends a delivery, rotates, edits and switches off, and lists a booking's event with
// its delivery. No page asks another host for anything; axe finds no serious or critical fault at
// 1280 and 400 px in en, ua and pl, Scalar's own markup included. Screenshots go to CONSOLE_SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { signInByPassword } from '../support/browser';
import { createAccount, type TestAccount, type TestTenant } from '../support/factories';
import type { Stack } from '../support/stack';
import { bookWithEvent, startWebhookConsole, type WebhookConsole } from '../support/webhook-console';
import { waitFor } from '../support/wait';
import { verifyStandardWebhook, type Receiver } from '../support/webhook-receiver';

let setup: WebhookConsole;
let stack: Stack;
let browser: Browser;
let receiver: Receiver;
let tenant: TestTenant;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  setup = await startWebhookConsole('workspace');
  ({ stack, browser, receiver, tenant } = setup);
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await setup?.close();
});

interface Watched {
  page: Page;
  /** Every request the page made to another origin. */
  foreign: string[];
  /** Every request to the API, with its method and headers. */
  api: { method: string; url: string; headers: Record<string, string> }[];
}

async function signedIn(who: TestAccount, width: number): Promise<Watched> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}` },
  });
  contexts.push(context);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const watched: Watched = { page, foreign: [], api: [] };
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(stack.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:'))
      watched.foreign.push(url);
    if (url.startsWith(`${stack.baseUrl}/api/`))
      watched.api.push({ method: req.method(), url, headers: req.headers() });
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
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) }).last();
    // The reference shows one section of the contract at a time.
    await page.getByLabel('Section', { exact: true }).selectOption('account');
    await operation('Who am I')
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const send = page.getByRole('button', { name: /^Send get request to .*\/account\/details$/ });
    await send.click();
    await page.getByText('200 OK').first().waitFor();
    await shot(page, 'try-it-en-1280');
    const call = api.find(
      (r) => r.method === 'GET' && r.url.endsWith('/api/v1/account/details') && r.headers['authorization'],
    );
    expect(call?.headers['authorization']).toMatch(/^Bearer ctr_test_/);
    expect(call?.headers['contrail-source']).toBe('workspace');
    expect(foreign).toEqual([]);
  }, 120_000);

  it('is read-only in live mode: a write never leaves the browser', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const { page, foreign, api } = await signedIn(agent, 1280);
    await page.goto(`${stack.baseUrl}/workspace`);
    await page.getByText('Live', { exact: true }).click();
    await page.locator('[data-mode-note="live"]').getByText('Live mode is read-only here').waitFor();
    // Not a live token: said at once, nothing kept.
    await page.getByLabel('Paste a token').fill('ctr_test_abc');
    await page.getByRole('button', { name: 'Use token' }).click();
    await page.getByText('This is not a live token').waitFor();
    await page.getByLabel('Paste a token').fill(`ctr_live_${'0'.repeat(32)}`);
    await page.getByRole('button', { name: 'Use token' }).click();
    await page.locator('[data-workspace-token="live"]').waitFor();
    const operation = (name: string) =>
      page.locator('section', { has: page.getByRole('heading', { name, exact: true }) }).last();
    await page.getByLabel('Section', { exact: true }).selectOption('account');
    await operation('Change my name')
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const before = api.length;
    await page.getByRole('button', { name: /^Send put request to .*\/account\/details$/ }).click();
    await page.getByText('Live mode is read-only in the workspace: PUT requests are not sent.').first().waitFor();
    await shot(page, 'live-refused-en-1280');
    expect(api.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await page.getByText('200 OK').count()).toBe(0);
    expect(foreign).toEqual([]);
  }, 120_000);
});

/**
 * Scalar renders its sections in idle time after its first paint, and its markup is mended after
 * each change (scalar-markup.ts): waits until the reference has not changed for half a second.
 */
async function referenceRendered(page: Page): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    const quiet = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const root = document.querySelector('.contrail-scalar');
          if (!root) return resolve(false);
          let changed = false;
          const observer = new MutationObserver(() => (changed = true));
          observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(!changed);
          }, 500);
        }),
    );
    if (quiet) return;
  }
  throw new Error('the reference kept changing for 30 s');
}

const axeClean = async (page: Page, where: string) => expect(await seriousAxeViolations(page, where)).toEqual([]);

const bookOne = (who: TestAccount) => bookWithEvent(stack, who, 'Worksp');

describe('the workspace in every language', () => {
  it('is axe clean at 1280 and 400 px in en, ua and pl, and fits a phone', async () => {
    for (const language of ['en', 'ua', 'pl'] as const) {
      const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
      await stack.ctx.db.updateTable('accounts').set({ language }).where('id', '=', agent.id).execute();
      for (const width of [1280, 400]) {
        const { page, foreign } = await signedIn(agent, width);
        // The first section by default; on a phone, another one asked for by the address (its list
        // of endpoints scrolls sideways there).
        await page.goto(`${stack.baseUrl}/workspace${width === 400 ? '?section=account' : ''}`);
        await page.locator('[data-mode-note="test"]').waitFor();
        await page.locator('.scalar-app').first().waitFor();
        await page.locator('.scalar-app section').first().waitFor();
        const sectionLabel = { en: 'Section', ua: 'Розділ', pl: 'Sekcja' }[language];
        expect(await page.getByLabel(sectionLabel, { exact: true }).inputValue()).toBe(
          width === 400 ? 'account' : 'health',
        );
        await referenceRendered(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The whole page, Scalar's markup included (scalar-markup.ts mends its faults).
        expect(await seriousAxeViolations(page, `workspace ${language} ${width}`)).toEqual([]);
        await shot(page, `reference-${language}-${width}`);
        expect(foreign).toEqual([]);
      }
    }
  }, 240_000);

  it('leaves the console’s own screens as they were once the reference has loaded', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const { page } = await signedIn(agent, 1280);
    await page.goto(`${stack.baseUrl}/settings/api_tokens`);
    await page.getByRole('button', { name: 'Create token' }).waitFor();
    const look = () =>
      page.evaluate(() => {
        const pick = (el: Element | null) => {
          if (!el) return null;
          const style = getComputedStyle(el);
          return [
            style.fontFamily,
            style.fontSize,
            style.lineHeight,
            style.margin,
            style.padding,
            style.color,
            style.backgroundColor,
            style.borderRadius,
            el.getBoundingClientRect().height,
          ].join(' | ');
        };
        return {
          body: pick(document.body),
          heading: pick(document.querySelector('h1')),
          button: pick(document.querySelector('button[type="submit"]')),
          input: pick(document.querySelector('input[name="token-name"]')),
          link: pick(document.querySelector('nav a')),
          card: pick(document.querySelector('section')),
        };
      });
    const before = await look();
    await shot(page, 'api-tokens-before');
    // Into the workspace (the reference and its stylesheet load), and back within the app.
    await page.getByRole('link', { name: 'Developer workspace' }).click();
    await page.locator('.scalar-app section').first().waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Create token' }).waitFor();
    expect(await page.locator('link[rel="stylesheet"][href*="scalar-reference"], style').count()).toBeGreaterThan(0);
    expect(await look()).toEqual(before);
    await shot(page, 'api-tokens-after');
  }, 120_000);
});

describe('the workspace’s events and webhooks', () => {
  it('creates an endpoint, sends a test event, resends, rotates, edits, switches off; lists events with deliveries', async () => {
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
    const { page, foreign } = await signedIn(supervisor, 1280);
    await page.goto(`${stack.baseUrl}/workspace`);
    await page
      .getByRole('navigation', { name: 'Workspace sections' })
      .getByRole('link', { name: 'Events & webhooks' })
      .click();
    await page.waitForURL((url) => url.pathname === '/workspace/events');
    await page.getByRole('heading', { name: 'New webhook endpoint' }).waitFor();

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('checkbox', { name: 'booking.created' }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secretBox = page.getByLabel('Signing secret', { exact: true });
    await secretBox.waitFor();
    const secret = (await secretBox.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await shot(page, 'events-secret-en-1280', true);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('heading', { name: 'New webhook endpoint' }).waitFor();
    expect(await page.content()).not.toContain(secret);

    // A test event of a chosen type, then a resend of that one delivery.
    await page.getByRole('button', { name: `Open endpoint ${receiver.url}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Webhook endpoint' });
    await drawer.getByLabel('Test event').selectOption('ping');
    await drawer.getByRole('button', { name: 'Send test event' }).click();
    const delivered = drawer.locator('[data-deliveries] tbody tr[data-status="succeeded"]');
    await delivered.first().waitFor({ timeout: 20_000 });
    const ping = receiver.received.at(-1)!;
    expect(verifyStandardWebhook(ping, [secret])).toEqual([0]);
    const pingId = ping.headers['webhook-id'] as string;
    await drawer.getByRole('button', { name: 'Resend ping' }).first().click();
    await waitFor(
      'the resent ping',
      async () => receiver.received.filter((d) => d.headers['webhook-id'] === pingId).length,
      (n) => n === 2,
      20_000,
    );
    await axeClean(page, 'workspace endpoint drawer 1280');

    // The event log: a booking's event with its delivery.
    const { eventId } = await bookOne(supervisor);
    await waitFor(
      'the event’s delivery',
      async () => receiver.received.filter((d) => d.headers['webhook-id'] === eventId).length,
      (n) => n === 1,
      20_000,
    );
    await page.reload();
    const eventRow = page.locator(`[data-event="${eventId}"]`);
    await eventRow.waitFor();
    await eventRow.getByRole('button', { name: `Open event booking.created ${eventId}` }).click();
    const eventDrawer = page.getByRole('dialog', { name: 'Event' });
    await eventDrawer.locator('[data-deliveries]').waitFor();
    await shot(page, 'events-event-en-1280');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Open endpoint ${receiver.url}` }).click();
    // Rotate: the new secret shown once.
    await drawer.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = (await drawer.getByLabel('Signing secret', { exact: true }).innerText()).trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await drawer.getByRole('button', { name: 'I have stored it' }).click();
    await shot(page, 'events-drawer-en-1280');

    // Edit: a description, saved.
    await drawer.getByLabel('Description (optional)').fill('Workspace robot');
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Endpoint saved.').waitFor();
    await expect
      .poll(
        async () =>
          (
            await stack.ctx.db
              .selectFrom('webhook_endpoints')
              .select('description')
              .where('agency_id', '=', tenant.agencyId)
              .executeTakeFirstOrThrow()
          ).description,
      )
      .toBe('Workspace robot');

    // Switch off.
    await drawer.getByRole('button', { name: 'Switch off' }).click();
    await drawer.getByRole('button', { name: 'Switch on' }).waitFor();
    await page.keyboard.press('Escape');

    await axeClean(page, 'workspace events 1280');
    expect(foreign).toEqual([]);
  }, 180_000);
});
