// The console's Back office page (/settings/back_office) in a real browser, against the real API and
// a real OpenSSH server on loopback: a supervisor creates an SFTP connection (the private key never
// comes back to the page), tests it (probe file written and removed), opens it to see the next
// batch's first rows, sees a delivered batch and resends it (queued again, same name), queues a
// backfill, and edits the connection; an agent gets one sentence instead. axe finds no serious or
// critical fault at 1280 and 400 px. Screenshots at both widths when CONSOLE_SHOTS_DIR is set.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cutBatch, sendDueDelivery } from '../../api/src/domain/back-office-feed/deliveries';
import { recordTopUps } from '../support/accounting-documents';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { testSecretKey } from '../support/services';
import { startSftpServer, type SftpServer } from '../support/sftp-server';
import { deliveryDeps } from '../support/back-office-deliveries.js';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let server: SftpServer;
let tenant: TestTenant;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser, server] = await Promise.all([
    startStack({ withSandbox: false, env: { WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8', TRUST_PROXY: 'true' } }),
    launchBrowser(),
    startSftpServer(),
  ]);
  tenant = await createTenant(stack.ctx.db);
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
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

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `back-office-feed-${name}.png`), fullPage: true });
}

async function noSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const deps = () => deliveryDeps(stack.ctx.db, testSecretKey);

describe('the Back office page', () => {
  it('creates, tests, previews, resends, backfills and edits an SFTP connection', { timeout: 120_000 }, async () => {
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
    await recordTopUps(stack.ctx.db, tenant, supervisor.id, 15);
    const page = await signedIn(supervisor, 1280);
    const keyTraffic: string[] = [];
    const keyLine = server.privateKey.split('\n')[2]!;
    page.on('response', (r) => {
      if (r.url().includes('/back_office_connections'))
        void r.text().then(
          (text) => text.includes(keyLine) && keyTraffic.push(r.url()),
          () => undefined,
        );
    });
    await page.goto(`${stack.baseUrl}/settings`);
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Back office' })
      .click();
    await page.getByRole('heading', { name: 'New connection' }).waitFor();
    await page.getByText('No connections yet.').waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mid office');
    await page.getByRole('textbox', { name: 'Host', exact: true }).fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(server.port));
    await page.getByRole('textbox', { name: 'User name' }).fill(server.username);
    await page.getByRole('textbox', { name: 'Folder' }).fill(server.folder);
    await page.getByRole('textbox', { name: 'Host key fingerprint' }).fill(server.hostKeyFingerprint);
    await page.getByLabel('Private key').fill(server.privateKey);
    await shot(page, 'create-1280');
    expect(await seriousAxeViolations(page, 'create at 1280')).toEqual([]);
    await page.getByRole('button', { name: 'Create connection' }).click();
    await page.getByText('Connection created.').waitFor();
    const card = page.locator('[data-connection]');
    await card.waitFor();
    // The form is empty again: the key is not kept in the page.
    expect(await page.getByLabel('Private key').inputValue()).toBe('');

    await card.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('[data-test-result="ok"]').waitFor();
    await page.getByText('The server took a probe file').waitFor();

    // Opened once created: the next batch's first rows.
    expect(await page.getByRole('button', { name: 'Open Mid office' }).getAttribute('aria-expanded')).toBe('true');
    await page.locator('[data-preview]').getByText('Documents 1–15 (15), first ones:').waitFor();

    // The worker delivers a batch: it shows as delivered, and Resend queues the same one again.
    const id = (await card.getAttribute('data-connection'))!;
    const batch = (await cutBatch(deps(), id))!;
    await sendDueDelivery(deps(), batch.id);
    await page.reload();
    await page.getByRole('button', { name: 'Open Mid office' }).click();
    const row = page.locator(`[data-delivery="${batch.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('delivered');
    await page.getByText('Nothing new since the last batch (through 15).').waitFor();
    await row.getByRole('button', { name: `Resend ${batch.file_name}` }).click();
    await page.getByText('The batch is queued to be sent again, under the same name.').waitFor();
    await page.locator(`[data-delivery="${batch.id}"][data-status="pending"]`).waitFor();

    // Backfill numbers 5 to 10.
    const backfill = page.locator('[data-backfill-form]');
    await backfill.getByLabel('After number').fill('4');
    await backfill.getByLabel('Through number (optional)').fill('10');
    await backfill.getByRole('button', { name: 'Queue batch' }).click();
    await page.getByText(`Batch contrail-${tenant.agencyId}-0000000005-0000000010.csv queued.`).waitFor();
    await expect.poll(() => page.locator('[data-delivery]').count()).toBe(2);
    await shot(page, 'opened-1280');
    expect(await seriousAxeViolations(page, 'opened at 1280')).toEqual([]);

    // Edit: a daily schedule needs its time; the saved key stays when both fields are left empty.
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('[data-connection-form]');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Accountant');
    await form.getByLabel('Schedule').selectOption('daily');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.').waitFor();
    await page.getByText('Daily at 06:00 · CSV').waitFor();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('[data-test-result="ok"]').waitFor();

    // At 400 px: nothing runs off the side.
    await page.setViewportSize({ width: 400, height: 900 });
    await page.waitForTimeout(300);
    await noSideways(page);
    await shot(page, 'opened-400');
    expect(await seriousAxeViolations(page, 'opened at 400')).toEqual([]);
    expect(keyTraffic).toEqual([]);
  });

  it(
    'creates an HTTPS connection, shows its secret once and tests it; creates an email one at 400 px',
    {
      timeout: 120_000,
    },
    async () => {
      const own = await createTenant(stack.ctx.db);
      const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: own });
      const probes: string[] = [];
      const receiver = createServer((req, res) => {
        probes.push(String(req.headers['contrail-probe']));
        req.resume();
        req.on('end', () => res.end('ok'));
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/feed`;
        for (const width of [1280, 400]) {
          const page = await signedIn(supervisor, width);
          await page.goto(`${stack.baseUrl}/settings/back_office`);
          await page.getByRole('heading', { name: 'New connection' }).waitFor();
          const kind = width === 1280 ? 'https' : 'email';
          await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Feed ${kind}`);
          await page.getByRole('combobox', { name: 'Kind' }).selectOption(kind);
          // Only the kind's own fields are asked for.
          expect(await page.getByRole('textbox', { name: 'Host', exact: true }).count()).toBe(0);
          if (kind === 'https') await page.getByRole('textbox', { name: 'Receiver URL' }).fill(url);
          else
            await page.getByRole('textbox', { name: 'Email addresses' }).fill('books@agency.test\naudit@agency.test');
          await shot(page, `create-${kind}-${width}`);
          expect(await seriousAxeViolations(page, `create ${kind} at ${width}`)).toEqual([]);
          await noSideways(page);
          await page.getByRole('button', { name: 'Create connection' }).click();
          await page.getByText('Connection created.').waitFor();
          const card = page.locator('[data-connection]').filter({ hasText: `Feed ${kind}` });
          await card.waitFor();
          if (kind === 'https') {
            expect(await page.locator('[data-secret]').textContent()).toMatch(/^whsec_/);
            await card.getByText(url).waitFor();
            await card.getByRole('button', { name: 'Test connection' }).click();
            await page.locator('[data-test-result="ok"]').waitFor();
            await page.getByText('The receiver answered the signed probe with 2xx').waitFor();
            expect(probes).toEqual(['true']);
          } else {
            expect(await page.locator('[data-secret]').count()).toBe(0);
            await card.getByText('mailto:books@agency.test,audit@agency.test').waitFor();
          }
          await shot(page, `created-${kind}-${width}`);
          await noSideways(page);
        }
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
      }
    },
  );

  it('names a refused host key in the test result', { timeout: 60_000 }, async () => {
    const t = await createTenant(stack.ctx.db);
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
    const created = await fetch(`${stack.apiUrl}/back_office_connections`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${supervisor.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Changed server',
        kind: 'sftp',
        format: 'csv',
        schedule: 'each',
        sftp: {
          host: '127.0.0.1',
          port: server.port,
          username: server.username,
          folder: server.folder,
          host_key_fingerprint: `SHA256:${'A'.repeat(43)}`,
          private_key: server.privateKey,
        },
      }),
    });
    expect(created.status).toBe(201);
    const page = await signedIn(supervisor, 400);
    await page.goto(`${stack.baseUrl}/settings/back_office`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.locator('[data-test-result="host_key"]').getByText('Host key refused').waitFor();
    await noSideways(page);
    await shot(page, 'host-key-400');
    expect(await seriousAxeViolations(page, 'refused at 400')).toEqual([]);
  });

  it('tells an agent in one sentence', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const page = await signedIn(agent, 1280);
    await page.goto(`${stack.baseUrl}/settings/back_office`);
    await page.getByText("Back-office connections are managed by the agency's supervisors.").waitFor();
  });
});
