// A supervisor runs the agency's balances from /agency: reads a company's ledger with the running
// balance, filters it by kind, exports it as CSV (the file the browser saves), transfers money
// to another of the agency's companies in the dialog (both balances checked in PostgreSQL), sees a
// refusal as the server's text, and sets the company's low-balance threshold. Shots in en, ua and pl
// go to /work/wt/shots/h23b when CONSOLE_SHOTS_DIR names it.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
let supervisor: TestAccount;
// Named to sort after the tenant's own company, which the section opens with.
const branch = `Zulu branch ${Date.now().toString(36)}`;
let branchId = '';
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db, `Ledger Agency ${Date.now().toString(36)}`);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  branchId = `cmp_${Date.now().toString(36)}branch`;
  await stack.ctx.db
    .insertInto('companies')
    .values({ id: branchId, agency_id: tenant.agencyId, name: branch, balance_currency: 'EUR' })
    .execute();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const url = (pathname: string) => `${stack.baseUrl}${pathname}`;
const balanceOf = async (id: string) =>
  (await stack.ctx.db.selectFrom('companies').select('balance_amount').where('id', '=', id).executeTakeFirstOrThrow())
    .balance_amount;

async function signedIn(language: 'en' | 'ua' | 'pl' = 'en'): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, url('/sign_in'), supervisor);
  await page.waitForURL((a) => a.pathname === '/');
  await page.evaluate((l) => localStorage.setItem('language', l), language);
  return page;
}

async function shoot(page: Page, name: string, title: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  // The balances section alone: the nearest block around its heading that holds the table.
  const section = page.getByRole('heading', { name: title }).locator('xpath=ancestor::div[.//table][1]');
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await section.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

it('reads, filters, exports and transfers a company balance, and sets its threshold', async () => {
  const page = await signedIn();
  await page.goto(url('/agency'));
  await page.getByRole('heading', { name: 'Balances' }).waitFor();
  const table = page.getByRole('table', { name: 'Balances' });
  await table.waitFor();
  // The tenant's company opens with its opening balance as the first entry.
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(1);
  await expect.poll(() => table.textContent()).toContain('Opening');

  // Transfer 125.50 to the branch through the dialog.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('combobox', { name: /^To company/ }).click();
  await page.getByRole('option', { name: branch }).click();
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('125.50');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Float for the branch');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await balanceOf(branchId)).toBe('125.50');
  await expect.poll(() => table.textContent()).toContain('Float for the branch');
  await expect.poll(() => table.textContent()).toContain('-125.50 EUR');

  // A transfer beyond the balance: the server's text, nothing moved.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await dialog.getByRole('combobox', { name: /^To company/ }).click();
  await page.getByRole('option', { name: branch }).click();
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('99999999.00');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Too much');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await page
    .getByText(/The balance is .* this needs 99999999\.00 EUR/)
    .first()
    .waitFor();
  expect(await balanceOf(branchId)).toBe('125.50');
  await page.keyboard.press('Escape');

  // Filter by kind: only the transfer.
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Transfer' }).click();
  await expect.poll(() => table.getByRole('row').count()).toBe(2);

  // Export what the filter keeps.
  // The file the console saves, made from the API's answer.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ledger-${tenant.companyId}.csv`);
  const csv = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toMatch(/^id,created_at,kind,amount/);
  expect(csv.slice(1).map((l) => l.split(',').slice(2, 4))).toEqual([['transfer', '-125.50']]);

  // The low-balance threshold.
  await page.getByLabel('Low-balance alert below (EUR)', { exact: true }).fill('500');
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect
    .poll(
      async () =>
        (
          await stack.ctx.db
            .selectFrom('companies')
            .select('low_balance_threshold')
            .where('id', '=', tenant.companyId)
            .executeTakeFirstOrThrow()
        ).low_balance_threshold,
    )
    .toBe('500.00');
  await page.context().close();
});

it('shows the balances section in en, ua and pl', async () => {
  const titles = { en: 'Balances', ua: 'Баланси', pl: 'Salda' } as const;
  for (const language of ['en', 'ua', 'pl'] as const) {
    const page = await signedIn(language);
    await page.goto(url('/agency'));
    await page.getByRole('heading', { name: titles[language] }).waitFor();
    await page.getByRole('table', { name: titles[language] }).waitFor();
    await shoot(page, `agency-balances-${language}`, titles[language]);
    await page
      .getByRole('button', { name: { en: 'Transfer', ua: 'Переказ', pl: 'Przelew' }[language], exact: true })
      .click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `agency-transfer-${language}.png`) });
    await page.context().close();
  }
});
