// The back office in a real browser: a partner's gate switch moves it between the lists, a
// supervisor is added, a balance change shows in the ledger, and a supervisor sets a channel's
// form of payment. With CONSOLE_SHOTS_DIR set, the admin and agency screens are saved too.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack | undefined;
let browser: Browser | undefined;
let tenant: TestTenant;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

const tenantName = `Browser Travel ${Date.now().toString(36)}`;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db, tenantName);
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

function ready() {
  if (!stack || !browser) throw new Error('the stack or the browser did not start');
  return { stack, browser };
}
const url = (pathname: string) => `${ready().stack.baseUrl}${pathname}`;
const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

async function signedIn(who: TestAccount, width = 1280): Promise<Page> {
  const context = await ready().browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, url('/sign_in'), who);
  await page.waitForURL((a) => a.pathname === '/');
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  // The viewport grows to the page, so the fixed header and footer stay where they belong.
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path: path.join(shotsDir, `bo-${name}.png`) });
  await page.setViewportSize(viewport);
}

const staff = (userType: 'Admin' | 'Support' = 'Admin') => createAccount(ready().stack.ctx.db, { userType });

describe('admin', () => {
  it("switches a partner's gate and sees it move to the closed list", async () => {
    const page = await signedIn(await staff());
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((a) => a.pathname === '/admin/partners');
    const name = tenantName;
    // Other test files add partners to the same database: find this one by name.
    await page.getByLabel('Find a partner by name').fill(name);
    const row = page.getByRole('table', { name: 'Ticketing open' }).getByRole('row').filter({ hasText: name }).first();
    const partnerName = (await row.getByRole('link').first().textContent())!;
    await shoot(page, 'partners-open');
    await page.getByRole('switch', { name: `Ticketing gate of ${partnerName}` }).click({ force: true });
    await page.getByText('Saved.').waitFor();
    await page
      .getByRole('table', { name: 'Ticketing open' })
      .getByText(partnerName, { exact: true })
      .waitFor({ state: 'detached' });
    await page.locator('label', { hasText: 'Ticketing closed' }).click();
    await page.getByRole('table', { name: 'Ticketing closed' }).getByText(partnerName, { exact: true }).waitFor();
    await shoot(page, 'partners-closed');
    const gate = await ready()
      .stack.ctx.db.selectFrom('agencies')
      .select('ticketing_active')
      .where('name', '=', partnerName)
      .executeTakeFirstOrThrow();
    expect(gate.ticketing_active).toBe(false);
  }, 40_000);

  it('adds a supervisor on the partner page', async () => {
    const page = await signedIn(await staff('Support'));
    await page.goto(url(`/admin/partner?id=${tenant.agencyId}`));
    const supervisors = page.getByRole('region', { name: 'Supervisors' });
    const email = `browser-sup-${Date.now()}@example.com`;
    await supervisors.getByLabel('Email').fill(email);
    await supervisors.getByLabel('First name').fill('Bruna');
    await supervisors.getByLabel('Last name').fill('Boss');
    await supervisors.getByRole('button', { name: 'Add supervisor' }).click();
    await supervisors.getByRole('cell', { name: email }).waitFor();
    await shoot(page, 'partner-detail');
  }, 40_000);

  it("changes a company's balance and sees the entry in the ledger", async () => {
    const page = await signedIn(await staff());
    await page.goto(url(`/admin/company?id=${tenant.companyId}`));
    await page.getByTestId('balance').getByText('€1,000.00').waitFor();
    await page.getByLabel('Amount').fill('-125.50');
    await page.getByLabel('Reason').fill('Browser correction');
    await page.getByRole('button', { name: 'Change balance' }).click();
    await page.getByTestId('balance').getByText('€874.50').waitFor();
    const ledger = page.getByRole('table', { name: 'Ledger' });
    await ledger.getByRole('row').filter({ hasText: 'Browser correction' }).filter({ hasText: '-€125.50' }).waitFor();
    await shoot(page, 'company');
  }, 40_000);

  it('shows the other admin screens', async () => {
    const page = await signedIn(await staff());
    for (const [pathname, heading] of [
      ['/admin/companies', 'Companies'],
      ['/admin/join_requests', 'Join requests'],
      ['/admin/gates', 'Ticketing gates'],
      ['/admin/credit_cards', 'Add a credit card'],
      ['/admin/support_users', 'Support users'],
      ['/admin/audit_log', 'Audit log'],
    ] as const) {
      await page.goto(url(pathname));
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
      await shoot(page, pathname.split('/').pop()!);
    }
  }, 60_000);

  it('keeps the admin screens and the agency screen free of serious axe faults at 1280 and 400 px', async () => {
    const admin = await staff();
    const supervisor = await createAccount(ready().stack.ctx.db, { userType: 'Supervisor', tenant });
    // A balance change, so the company's ledger and the audit log have rows to show.
    const first = await signedIn(admin);
    await first.goto(url(`/admin/company?id=${tenant.companyId}`));
    await first.getByLabel('Amount').fill('10');
    await first.getByLabel('Reason').fill('Axe check');
    await first.getByRole('button', { name: 'Change balance' }).click();
    await first.getByRole('table', { name: 'Ledger' }).getByRole('row').filter({ hasText: 'Axe check' }).waitFor();
    const screens = [
      [admin, '/admin/partners', 'Partners'],
      [admin, `/admin/partner?id=${tenant.agencyId}`, tenantName],
      [admin, '/admin/companies', 'Companies'],
      [admin, `/admin/company?id=${tenant.companyId}`, 'Ledger'],
      [admin, '/admin/gates', 'Ticketing gates'],
      [admin, '/admin/audit_log', 'Audit log'],
      [supervisor, '/agency', tenantName],
    ] as const;
    const faults: string[] = [];
    for (const width of [1280, 400]) {
      const pages = new Map<TestAccount, Page>();
      for (const [who, pathname, heading] of screens) {
        const page = pages.get(who) ?? (await signedIn(who, width));
        pages.set(who, page);
        await page.goto(url(pathname));
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.getByRole('table').first().waitFor();
        faults.push(...(await seriousAxeViolations(page, `${pathname} at ${width} px`)));
      }
    }
    expect(faults).toEqual([]);
  }, 240_000); // a dozen screens at two widths: minutes when the whole suite shares two cores
});

describe('supervisor', () => {
  it("sets a channel's form of payment for their own agency", async () => {
    const supervisor = await createAccount(ready().stack.ctx.db, { userType: 'Supervisor', tenant });
    const page = await signedIn(supervisor);
    await page.getByRole('banner').getByRole('link', { name: 'Agency' }).click();
    await page.waitForURL((a) => a.pathname === '/agency');
    const select = page.getByLabel('Form of payment for Lufthansa (sandbox)').first();
    await select.click();
    await page.getByRole('option', { name: 'Company balance' }).click();
    await page.getByText('Saved.').waitFor();
    const row = await ready()
      .stack.ctx.db.selectFrom('agency_channels')
      .select('form_of_payment')
      .where('id', '=', `ach_${tenant.agencyId}_lh`)
      .executeTakeFirstOrThrow();
    expect(row.form_of_payment).toBe('company_balance');
    await shoot(page, 'agency');
  }, 40_000);
});

describe.runIf(shotsDir)('screenshots', () => {
  it('saves the partner list and the agency screen in Ukrainian and Polish on a phone', async () => {
    const admin = await staff();
    const supervisor = await createAccount(ready().stack.ctx.db, { userType: 'Supervisor', tenant });
    for (const language of ['ua', 'pl'] as const) {
      for (const [who, pathname] of [
        [admin, '/admin/partners'],
        [supervisor, '/agency'],
      ] as const) {
        const page = await signedIn(who, 390);
        await page.evaluate((l) => localStorage.setItem('language', l), language);
        await page.goto(url(pathname));
        await page.getByRole('table').first().waitFor();
        await shoot(page, `${pathname.split('/').pop()!}-${language}-390`);
      }
    }
  }, 60_000);
});
