// The console's webhook endpoints and events screens in a real browser, against the real API and
// worker (a database of this file's own, so its worker delivers only this file's webhooks) and a
// real HTTP receiver on loopback: a supervisor creates an endpoint and sees its secret once, sends a
// test event that arrives signed with that secret while the delivery row turns "Delivered", resends
// it, rotates the secret (the next delivery carries both signatures), switches the endpoint off and
// deletes it; the events screen shows a booking's event, its JSON body and its delivery; an agent gets one
// sentence instead. axe finds no serious or critical fault at 1280 and 400 px, in en and ua.
// Screenshots at both widths in both languages when CONSOLE_SHOTS_DIR is set.
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
  setup = await startWebhookConsole('webhooks');
  ({ stack, browser, receiver, tenant } = setup);
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await setup?.close();
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

/** The whole page, or only the window when a drawer covers it. */
async function shot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `webhooks-${name}.png`), fullPage });
}

async function axeClean(page: Page, where: string, include?: string) {
  expect(await seriousAxeViolations(page, where, include)).toEqual([]);
}

async function noSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const arrivalsOf = (eventId: string) => receiver.received.filter((d) => d.headers['webhook-id'] === eventId);

const bookOne = (who: TestAccount) => bookWithEvent(stack, who, 'Hookova');

describe('webhook endpoints', () => {
  it('creates, shows the secret once, delivers a test event, resends, rotates, switches off and deletes', async () => {
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
    const page = await signedIn(supervisor, 1280);
    await page.goto(`${stack.baseUrl}/settings`);
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'New webhook endpoint' }).waitFor();

    // Create: the URL, a description, two event types; test mode by default.
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Booking robot');
    await page.getByRole('checkbox', { name: 'booking.issued' }).check();
    await page.getByRole('checkbox', { name: 'booking.created' }).check();
    await shot(page, 'create-en-1280');
    await page.getByRole('button', { name: 'Create endpoint' }).click();

    // The secret, once: copy button, "you will not see it again".
    const secretBox = page.getByLabel('Signing secret', { exact: true });
    await secretBox.waitFor();
    const secret = (await secretBox.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('you will not see it again').waitFor();
    await page.getByRole('button', { name: 'Copy secret' }).waitFor();
    await axeClean(page, 'secret 1280');
    await shot(page, 'secret-en-1280');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('heading', { name: 'New webhook endpoint' }).waitFor();
    await page.reload();
    const row = page.locator('[data-endpoints] tbody tr');
    await row.first().waitFor();
    expect(await page.content()).not.toContain(secret);
    await expect(row.count()).resolves.toBe(1);
    expect(await row.first().innerText()).toContain(receiver.url);
    await row.first().getByText('None yet').waitFor();

    // A test event: it arrives signed with the secret, and its row turns "Delivered".
    await page.getByRole('button', { name: `Open endpoint ${receiver.url}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Webhook endpoint' });
    await drawer.getByText('Nothing delivered yet.').waitFor();
    await drawer.getByLabel('Test event').selectOption('ping');
    await drawer.getByRole('button', { name: 'Send test event' }).click();
    const delivered = drawer.locator('[data-deliveries] tbody tr[data-status="succeeded"]');
    await delivered.first().waitFor({ timeout: 20_000 });
    expect((await delivered.first().innerText()).toLowerCase()).toContain('delivered');
    expect(await delivered.first().innerText()).toContain('204');
    expect(receiver.received).toHaveLength(1);
    const ping = receiver.received[0]!;
    expect(verifyStandardWebhook(ping, [secret])).toEqual([0]);
    expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping', live_mode: false });
    await axeClean(page, 'endpoint drawer 1280');
    await shot(page, 'drawer-en-1280', false);

    // Resend that delivery: the same webhook-id arrives again, as a second row.
    const pingId = ping.headers['webhook-id'] as string;
    await drawer.getByRole('button', { name: 'Resend ping' }).first().click();
    await waitFor(
      'the resent ping',
      async () => arrivalsOf(pingId).length,
      (n) => n === 2,
      20_000,
    );
    await expect.poll(() => delivered.count(), { timeout: 20_000 }).toBe(2);

    // Rotate: the new secret shown once; the next delivery carries both signatures.
    await drawer.getByRole('button', { name: 'Rotate secret' }).click();
    const rotatedBox = drawer.getByLabel('Signing secret', { exact: true });
    await rotatedBox.waitFor();
    const rotated = (await rotatedBox.innerText()).trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await drawer.getByText('you will not see it again').waitFor();
    await shot(page, 'rotated-en-1280', false);
    await drawer.getByRole('button', { name: 'I have stored it' }).click();
    await expect(rotatedBox.count()).resolves.toBe(0);
    await drawer.getByText('Previous secret also signs until').waitFor();
    await drawer.getByRole('button', { name: 'Send test event' }).click();
    await waitFor(
      'the ping after rotation',
      async () => receiver.received.length,
      (n) => n === 3,
      20_000,
    );
    expect(verifyStandardWebhook(receiver.received[2]!, [rotated, secret])).toEqual([0, 1]);

    // The events screen: the agency's event, its JSON body and its delivery to this endpoint.
    const { locator, eventId } = await bookOne(supervisor);
    await waitFor(
      'the event’s delivery',
      async () => arrivalsOf(eventId).length,
      (n) => n === 1,
      20_000,
    );
    const events = await signedIn(supervisor, 1280);
    await events.goto(`${stack.baseUrl}/settings/events`);
    await events.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const eventRow = events.locator(`[data-event="${eventId}"]`);
    await eventRow.waitFor();
    expect(await eventRow.innerText()).toContain('booking.created');
    await eventRow.getByRole('link', { name: locator }).waitFor();
    await axeClean(events, 'events 1280');
    await shot(events, 'events-en-1280');
    await eventRow.getByRole('button', { name: `Open event booking.created ${eventId}` }).click();
    const eventDrawer = events.getByRole('dialog', { name: 'Event' });
    expect(JSON.parse(await eventDrawer.locator('[data-payload]').innerText())).toMatchObject({
      id: eventId,
      type: 'booking.created',
      data: { object: { locator } },
    });
    await eventDrawer.locator('[data-deliveries] tr[data-status="succeeded"]').waitFor({ timeout: 20_000 });
    expect(await eventDrawer.locator('[data-deliveries]').innerText()).toContain(receiver.url);
    await axeClean(events, 'event drawer 1280');
    await shot(events, 'event-drawer-en-1280', false);

    // Switch off: the badge says so, and the test event waits for it to be switched on.
    await drawer.getByRole('button', { name: 'Switch off' }).click();
    await drawer.getByRole('button', { name: 'Switch on' }).waitFor();
    await drawer.getByText('Off', { exact: true }).waitFor();
    await expect(drawer.getByRole('button', { name: 'Send test event' }).isDisabled()).resolves.toBe(true);
    const endpointRow = await stack.ctx.db
      .selectFrom('webhook_endpoints')
      .select(['enabled'])
      .where('agency_id', '=', tenant.agencyId)
      .executeTakeFirstOrThrow();
    expect(endpointRow.enabled).toBe(false);

    // Delete, after a confirmation.
    await drawer.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No webhook endpoints yet.').waitFor();
  }, 180_000);

  it('fits a 400 px phone in Ukrainian, axe clean', async () => {
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
    await bookOne(supervisor);
    await stack.ctx.db.updateTable('accounts').set({ language: 'ua' }).where('id', '=', supervisor.id).execute();
    for (const width of [400, 1280]) {
      const page = await signedIn(supervisor, width);
      await page.goto(`${stack.baseUrl}/settings/webhooks`);
      await page.getByRole('heading', { name: 'Новий вебхук-ендпоінт' }).waitFor();
      if (width === 400) {
        await page.getByLabel('URL ендпоінта').fill(receiver.url);
        await page.getByRole('button', { name: 'Позначити всі' }).click();
        await page.getByRole('button', { name: 'Створити ендпоінт' }).click();
        await page.getByLabel('Ключ підпису', { exact: true }).waitFor();
        await noSideways(page);
        await axeClean(page, `secret ua ${width}`);
        await shot(page, `secret-ua-${width}`);
        await page.getByRole('button', { name: 'Я зберіг ключ' }).click();
      }
      const open = page.getByRole('button', { name: `Відкрити ендпоінт ${receiver.url}` });
      await open.first().waitFor();
      await noSideways(page);
      await axeClean(page, `list ua ${width}`);
      await shot(page, `list-ua-${width}`);
      await open.filter({ visible: true }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Вебхук-ендпоінт' });
      await drawer.getByRole('button', { name: 'Надіслати тестову подію' }).click();
      await drawer.locator('[data-deliveries] tr[data-status="succeeded"]').first().waitFor({ timeout: 20_000 });
      await axeClean(page, `drawer ua ${width}`);
      await shot(page, `drawer-ua-${width}`, false);

      const events = await signedIn(supervisor, width);
      await events.goto(`${stack.baseUrl}/settings/events`);
      await events.getByRole('heading', { name: 'Події', exact: true }).waitFor();
      await events.locator('[data-events]').waitFor();
      await noSideways(events);
      await axeClean(events, `events ua ${width}`);
      await shot(events, `events-ua-${width}`);
    }
    // English at 400 px too.
    const en = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
    const page = await signedIn(en, 400);
    await page.goto(`${stack.baseUrl}/settings/webhooks`);
    await page
      .getByRole('button', { name: `Open endpoint ${receiver.url}` })
      .first()
      .waitFor();
    await noSideways(page);
    await axeClean(page, 'list en 400');
    await shot(page, 'list-en-400');
    await page
      .getByRole('button', { name: `Open endpoint ${receiver.url}` })
      .filter({ visible: true })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Webhook endpoint' }).locator('[data-deliveries]').waitFor();
    await axeClean(page, 'drawer en 400');
    await shot(page, 'drawer-en-400', false);
    const events = await signedIn(en, 400);
    await events.goto(`${stack.baseUrl}/settings/events`);
    await events.locator('[data-events]').waitFor();
    await noSideways(events);
    await axeClean(events, 'events en 400');
    await shot(events, 'events-en-400');
  }, 240_000);
});

describe('an agent', () => {
  it('is told in one sentence that webhooks are for supervisors', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const page = await signedIn(agent, 1280);
    for (const pathname of ['/settings/webhooks', '/settings/events']) {
      await page.goto(`${stack.baseUrl}${pathname}`);
      await page.getByText("Webhooks and the event log are for your agency's supervisors").waitFor();
    }
    await expect(
      page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Webhooks' }).count(),
    ).resolves.toBe(0);
    await axeClean(page, 'agent notice');
  }, 60_000);
});
