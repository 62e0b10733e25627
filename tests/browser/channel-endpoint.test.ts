// The channel screen's airline endpoint, as staff use it: the test channel says where its calls go
// and in which wire format, the endpoint is saved with its API key (shown afterwards only as
// saved, never in the page), and "Test connection" answers with its timing, or with the reason
// when the channel's wire format cannot be reached. Each message's path, SOAPAction and timeout
// are edited, saved and shown again.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
let admin: TestAccount;
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db, `Endpoint ${Date.now().toString(36)}`);
  admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shotsDir, `channel-endpoint-${name}.png`), fullPage: true });
}

describe('channel endpoint', () => {
  it('shows the wire format, saves the endpoint with a write-only key and tests the connection', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, admin);
    await page.waitForURL((a) => a.pathname === '/');
    await page.goto(`${stack.baseUrl}/admin/partner?id=${tenant.agencyId}`);
    const channel = page.getByRole('article', { name: 'Lufthansa (sandbox)' });
    await channel.getByRole('button', { name: 'Settings of Lufthansa (sandbox)' }).click();
    const form = channel.getByRole('form', { name: 'Airline endpoint' });
    await form.getByText('Test channel: reaches the sandbox only').waitFor();
    expect(await form.getByTestId('wire-format').textContent()).toBe('NDC-shaped JSON over REST');

    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => form.getByTestId('connection-test').textContent())
      .toMatch(/^Answered in \d+ ms with \d+ offers \(FRA-LHR\)$/);
    await shoot(page, 'sandbox-json');

    await form.getByLabel('API key header').fill('Ocp-Apim-Subscription-Key');
    await form.getByLabel('API key', { exact: true }).fill('vs-key-SECRET-9');
    await form.getByLabel('Adapter').click();
    await page.getByRole('option', { name: 'ndc-xml', exact: true }).click();
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByText('Saved.').first().waitFor();
    await expect.poll(() => form.getByTestId('wire-format').textContent()).toBe('NDC 21.3 XML over REST');
    await form.getByText('Saved — leave empty to keep').waitFor();
    expect(await form.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain('vs-key-SECRET-9');

    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => form.getByTestId('connection-test').textContent())
      .toMatch(/^Answered in \d+ ms with \d+ offers \(FRA-LHR\)$/);
    await shoot(page, 'ndc-xml');
    await context.close();
  });

  it('edits each message’s path, SOAPAction and timeout, and shows them again', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, admin);
    await page.waitForURL((a) => a.pathname === '/');
    const open = async () => {
      await page.goto(`${stack.baseUrl}/admin/partner?id=${tenant.agencyId}`);
      const channel = page.getByRole('article', { name: 'Lufthansa (sandbox)' });
      await channel.getByRole('button', { name: 'Settings of Lufthansa (sandbox)' }).click();
      return channel.getByRole('form', { name: 'Airline endpoint' });
    };
    let form = await open();
    // REST shows no SOAPAction; SOAP does.
    expect(await form.getByLabel('SOAPAction of AirShopping').count()).toBe(0);
    await form.getByLabel('Transport').click();
    await page.getByRole('option', { name: 'SOAP 1.1' }).click();
    await form.getByLabel('Path of AirShopping').fill('/ndc/v21/AirShopping');
    await form.getByLabel('SOAPAction of AirShopping').fill('http://airline.example/AirShopping');
    await form.getByLabel('Timeout of OrderChange, ms').fill('45000');
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByText('Saved.').first().waitFor();
    await expect.poll(() => form.getByTestId('wire-format').textContent()).toBe('NDC 21.3 XML over SOAP 1.1');

    form = await open();
    await form.getByTestId('wire-format').waitFor();
    expect(await form.getByLabel('Path of AirShopping').inputValue()).toBe('/ndc/v21/AirShopping');
    expect(await form.getByLabel('SOAPAction of AirShopping').inputValue()).toBe('http://airline.example/AirShopping');
    expect(await form.getByLabel('Timeout of OrderChange, ms').inputValue()).toBe('45000');
    // Fields left empty stay defaults: nothing was stored for them.
    expect(await form.getByLabel('Path of OfferPrice').inputValue()).toBe('');
    const saved = (await (
      await fetch(`${stack.baseUrl}/api/v1/ticketing/agency_channels/ach_${tenant.agencyId}_lh/endpoint`, {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).json()) as { message_paths: Record<string, string> };
    expect(saved).toMatchObject({
      transport: 'soap',
      message_paths: { AirShopping: '/ndc/v21/AirShopping' },
      soap_actions: { AirShopping: 'http://airline.example/AirShopping' },
      message_timeouts_ms: { OrderChange: 45000 },
    });
    expect(Object.keys(saved.message_paths)).toEqual(['AirShopping']);
    expect(await seriousAxeViolations(page, 'channel endpoint', 'form[aria-label="Airline endpoint"]')).toEqual([]);

    // The screen in each back-office language, wide and narrow.
    if (shotsDir) {
      for (const language of ['en', 'ua', 'pl'] as const) {
        await page.evaluate((l) => localStorage.setItem('language', l), language);
        for (const width of [1280, 400]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${stack.baseUrl}/admin/partner?id=${tenant.agencyId}`);
          const channel = page.locator('article').filter({ hasText: 'Lufthansa (sandbox)' }).first();
          await channel.getByRole('button', { name: /Lufthansa \(sandbox\)/ }).click();
          await page.getByTestId('wire-format').waitFor();
          // The endpoint form alone: a full-page shot of this long page repeats the sticky header.
          const endpointForm = page.locator('form').filter({ has: page.getByTestId('wire-format') });
          await page.waitForTimeout(300);
          await endpointForm.screenshot({
            path: path.join(shotsDir, `channel-endpoint-messages-${language}-${width}.png`),
          });
        }
      }
    }
    await context.close();
  }, 120_000);
});
