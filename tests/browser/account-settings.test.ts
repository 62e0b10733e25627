// Settings shows the account's access (active, open by its supervisor, API token, its company's
// channels with their state); a supervisor uploads the agency's logo there, and it appears in the
// header of the agency's users. axe finds nothing serious. With CONSOLE_SHOTS_DIR set, en/ua/pl
// shots at 400 and 1280 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
let supervisor: TestAccount;
let agent: TestAccount;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db, `Logo ${Date.now().toString(36)}`);
  [supervisor, agent] = await Promise.all([
    createAccount(stack.ctx.db, { userType: 'Supervisor', tenant }),
    createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await stack?.close();
});

const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

async function signedIn(who: TestAccount, language = 'en', width = 1280): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
  await page.waitForURL((a) => a.pathname === '/');
  if (language !== 'en') await page.evaluate((l) => localStorage.setItem('language', l), language);
  await page.goto(`${stack.baseUrl}/settings`);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Images named like `name` that the browser has drawn (loaded and decoded), not merely placed. */
function drawnImages(page: Page, name: RegExp | string) {
  return page
    .getByRole('img', { name })
    .evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length);
}

describe('settings: access and the agency logo', () => {
  it('lets a supervisor upload the logo, which the agent then sees in the header', async () => {
    const page = await signedIn(supervisor);
    await expect.poll(() => page.getByRole('heading', { name: 'Agency logo' }).count()).toBe(1);
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => drawnImages(page, 'Your agency’s logo')).toBe(1);
    expect(await seriousAxeViolations(page, 'settings (supervisor)')).toEqual([]);
    await shoot(page, 'settings-supervisor-en-1280');

    for (const language of ['en', 'ua', 'pl']) {
      for (const width of [400, 1280]) {
        const agentPage = await signedIn(agent, language, width);
        await expect.poll(() => agentPage.getByRole('table').count()).toBeGreaterThan(0);
        if (width === 1280 && language === 'en')
          await expect.poll(() => drawnImages(agentPage, /logo/)).toBeGreaterThan(0);
        expect(await seriousAxeViolations(agentPage, `settings (agent, ${language}, ${width})`)).toEqual([]);
        await shoot(agentPage, `settings-agent-${language}-${width}`);
      }
    }
  }, 120_000);
});
