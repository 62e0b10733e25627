// Sales and analytics in a real browser: the sales page sized to the window (product spec §9), the
// ticket search, a sale's detail, the export's notices (§8), and the analytics page with its charts.
// With CONSOLE_SHOTS_DIR set, screenshots of both pages are saved there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { recordDocuments } from '../support/sales';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let supervisor: TestAccount;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const day = 86_400_000;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ env: { TRUST_PROXY: 'true', SALES_EXPORT_SYNC_LIMIT: '40' } }),
    launchBrowser(),
  ]);
  const tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  const seller = { agentId: agent.id, companyId: tenant.companyId, agencyId: tenant.agencyId };
  // 60 documents over the last ten days, over the export's limit of 40 for the whole range.
  await recordDocuments(stack.ctx.db, seller, 30, { from: new Date(Date.now() - day), stepMinutes: 400 });
  await recordDocuments(stack.ctx.db, { ...seller, agentId: supervisor.id, companyId: null }, 30, {
    from: new Date(Date.now() - 2 * day),
    stepMinutes: 380,
    carrier: 'LO',
  });
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport,
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(8_000);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, supervisor);
  await page.waitForURL((a) => a.pathname === '/');
  return page;
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const rows = (page: Page) => page.locator('table tbody tr');

it('sizes the page to the window, searches, opens a sale and shows both export notices', async () => {
  const page = await signedInPage({ width: 1280, height: 740 });
  const listed = page.waitForRequest((r) => r.url().includes('/api/v1/sales?'));
  await page.getByRole('banner').getByRole('link', { name: 'Sales' }).click();
  const request = new URL((await listed).url());
  // (740 − 200) / 18 + 1 = 31 rows, fetched as page 1.
  expect(request.searchParams.get('per_page')).toBe('31');
  expect(request.searchParams.get('page')).toBe('1');
  await page.getByText('Documents: 60').waitFor();
  expect(await rows(page).count()).toBe(31);
  await shoot(page, 'sales');

  const number = (await rows(page).nth(3).locator('td').first().innerText()).trim();
  await page.getByLabel('Ticket').fill(number.slice(3).toLowerCase());
  await page.getByText('Documents: 1', { exact: true }).waitFor();
  await rows(page).first().getByRole('button', { name: number }).click();
  await page.getByRole('dialog', { name: 'Sales document' }).getByText('Form of payment').waitFor();
  await page.waitForTimeout(400); // the drawer's slide-in
  await shoot(page, 'sales-detail');
  await page.keyboard.press('Escape');
  await page.getByLabel('Ticket').fill('');

  // An empty range: the 400 notice. The whole range is over the limit of 40: the 413 notice.
  await page.getByLabel('From').fill('2019-01-01');
  await page.getByLabel('To').fill('2019-01-31');
  await page.getByRole('button', { name: 'Export to XLSX' }).click();
  await page.getByText('No tickets for selected dates').waitFor();
  await page.getByLabel('From').fill('');
  await page.getByLabel('To').fill('');
  await page.getByRole('button', { name: 'Export to XLSX' }).click();
  await page.getByText('The report will be sent to your email soon').waitFor();
  await shoot(page, 'sales-export-notices');
}, 60_000);

it('gives a short window 5 rows', async () => {
  const page = await signedInPage({ width: 900, height: 460 });
  const listed = page.waitForRequest((r) => r.url().includes('/api/v1/sales?'));
  await page.goto(`${stack.baseUrl}/sales`);
  expect(new URL((await listed).url()).searchParams.get('per_page')).toBe('5');
  await page.getByText('Documents: 60').waitFor();
  expect(await rows(page).count()).toBe(5);
  // The pager's controls carry their names: next shows page 2, previous returns to page 1.
  const firstNumber = (await rows(page).first().locator('td').first().innerText()).trim();
  const firstCell = () => page.locator('table tbody tr td').first();
  const nextPage = page.waitForRequest((r) => new URL(r.url()).searchParams.get('page') === '2');
  await page.getByRole('button', { name: 'Next page' }).click();
  expect(new URL((await nextPage).url()).searchParams.get('per_page')).toBe('5');
  await expect.poll(async () => (await firstCell().innerText()).trim()).not.toBe(firstNumber);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect.poll(async () => (await firstCell().innerText()).trim()).toBe(firstNumber);
}, 30_000);

it('renders the analytics page with its totals and charts', async () => {
  const page = await signedInPage({ width: 1280, height: 900 });
  await page.getByRole('banner').getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  await page.getByText('Revenue by day').waitFor();
  await page.getByText('Documents by carrier').waitFor();
  await page.getByText('Top agents').waitFor();
  expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
  await page.locator('.recharts-bar-rectangle').first().waitFor();
  await shoot(page, 'analytics');
}, 30_000);

it('keeps the sales page, a sale and the analytics page free of serious axe faults at 1280 and 400 px', async () => {
  const faults: string[] = [];
  for (const width of [1280, 400]) {
    const page = await signedInPage({ width, height: 900 });
    await page.goto(`${stack.baseUrl}/sales`);
    await page.getByText('Documents: 60').waitFor();
    faults.push(...(await seriousAxeViolations(page, `sales at ${width} px`)));
    await rows(page).first().getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Sales document' }).getByText('Form of payment').waitFor();
    faults.push(...(await seriousAxeViolations(page, `a sale at ${width} px`, '[role="dialog"]')));
    await page.keyboard.press('Escape');
    await page.goto(`${stack.baseUrl}/analytics`);
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    faults.push(...(await seriousAxeViolations(page, `analytics at ${width} px`)));
  }
  expect(faults).toEqual([]);
}, 60_000);
