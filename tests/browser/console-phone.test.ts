// The console as a new user meets it on a phone (400 px) and on a desktop (1280 px), for every
// role: every screen is free of serious and critical axe faults; at 400 px the header keeps every
// page in reach (a menu lists them: none clipped, none hidden) and the language button is named by
// what it shows; a page a role has no part in says so once, with no forms and no refusals.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
const people = new Map<string, TestAccount>();
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
const contexts: BrowserContext[] = [];
const roles = ['Admin', 'Support', 'Supervisor', 'Agent'] as const;
type Role = (typeof roles)[number];
// Switching the language saves it on the account (product spec §9), and every later page of that
// account would speak it: the agent who switches is a person of their own, so the other walks stay
// in English whatever order they run in.
const switcher = 'Agent who switches language';
type Person = Role | typeof switcher;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ withSandbox: false }), launchBrowser()]);
  tenant = await createTenant(stack.ctx.db);
  for (const role of roles) people.set(role, await createAccount(stack.ctx.db, { userType: role, tenant }));
  people.set(switcher, await createAccount(stack.ctx.db, { userType: 'Agent', tenant }));
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function pageAs(role: Person, width: number): Promise<Page> {
  if (!sessions.has(role)) {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, people.get(role)!);
    await page.waitForURL((u) => u.pathname === '/');
    sessions.set(role, await context.storageState());
  }
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    storageState: sessions.get(role),
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${stack.baseUrl}${pathname}`);
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

const navigationOf: Record<Role, string[]> = {
  Admin: ['Home', 'Search', 'Bookings', 'Fare Watch', 'Sales', 'Analytics', 'Support', 'Settings', 'Admin'],
  Support: ['Home', 'Search', 'Bookings', 'Fare Watch', 'Sales', 'Analytics', 'Support', 'Settings', 'Admin'],
  Supervisor: ['Home', 'Search', 'Bookings', 'Fare Watch', 'Sales', 'Analytics', 'Support', 'Settings', 'Agency'],
  Agent: ['Home', 'Search', 'Bookings', 'Fare Watch', 'Sales', 'Analytics', 'Support', 'Settings'],
};

describe('the header at 400 px', () => {
  it.each(roles)('keeps every page of the %s in reach, none clipped, and one banner', async (role) => {
    const page = await pageAs(role, 400);
    await open(page, '/');
    const banner = page.getByRole('banner');
    expect(await banner.count()).toBe(1);
    // Nothing in the header runs past its edge or hides in a scrolled-away strip.
    const overflow = await banner.evaluate((header) =>
      [header, ...header.querySelectorAll('nav, nav *')].some((e) => e.scrollWidth > e.clientWidth + 1),
    );
    expect(overflow).toBe(false);
    const navigation = banner.getByRole('navigation', { name: 'Main' });
    await navigation.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(navigationOf[role]);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
  });

  it('names the language button by the code it shows, and switches from its menu', async () => {
    const page = await pageAs(switcher, 400);
    await open(page, '/');
    const button = page.getByRole('banner').getByRole('button', { name: /Interface language/ });
    const text = (await button.textContent())?.trim();
    expect(text).toBe('EN');
    const name = await button.getAttribute('aria-label');
    expect(name?.startsWith(text!)).toBe(true);
    await button.click();
    await page.getByRole('menuitem', { name: 'Polski' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^PL · Język interfejsu/ })
      .waitFor();
  });

  it('shows every page at 1280 px as links, with no menu button (the logo is the way home)', async () => {
    const page = await pageAs('Admin', 1280);
    await open(page, '/');
    const navigation = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    expect(await navigation.getByRole('link').allTextContents()).toEqual(navigationOf.Admin.slice(1));
    await page.getByRole('banner').getByRole('link', { name: 'Contrail, home' }).waitFor();
    expect(await navigation.getByRole('button', { name: 'Menu' }).count()).toBe(0);
  });
});

describe('what a role may do', () => {
  it('shows an agent at /agency one sentence and the way home: no forms, no refusals', async () => {
    const page = await pageAs('Agent', 400);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/') && r.status() === 403) refused.push(r.url());
    });
    await open(page, '/agency');
    await page.getByText("This page is for your agency's supervisors.", { exact: false }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(refused).toEqual([]);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('shows an agent the admin screens the same way, and only the join requests among them', async () => {
    const page = await pageAs('Agent', 1280);
    await open(page, '/admin/gates');
    await page.getByText("These screens are for Contrail's staff.", { exact: false }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await open(page, '/admin/join_requests');
    const sections = page.getByRole('navigation', { name: 'Administration' });
    if (await sections.count()) expect(await sections.getByRole('link').allTextContents()).toEqual(['Join requests']);
  });
});

describe('axe', () => {
  const everyone = [
    '/',
    '/search',
    '/bookings',
    '/fare_watch',
    '/sales',
    '/analytics',
    '/settings',
    '/settings/api_tokens',
    '/de',
  ];
  const adminScreens = () => [
    '/admin/partners',
    `/admin/partner?id=${tenant.agencyId}`,
    '/admin/companies',
    `/admin/company?id=${tenant.companyId}`,
    '/admin/join_requests',
    '/admin/support_users',
    '/admin/gates',
    '/admin/credit_cards',
    '/admin/exchange_rates',
    '/admin/audit_log',
  ];
  // Each role's own screens, and the ones it has no part in (they show a role notice).
  const screensOf = (role: Role): string[] =>
    role === 'Admin' || role === 'Support'
      ? [...everyone, ...adminScreens(), '/agency']
      : [...everyone, '/agency', '/admin/join_requests', '/admin/gates'];

  async function walk(role: Role, width: number): Promise<string[]> {
    const faults: string[] = [];
    const page = await pageAs(role, width);
    for (const pathname of screensOf(role)) {
      await open(page, pathname);
      faults.push(...(await seriousAxeViolations(page, `${role} ${pathname} at ${width} px`)));
      const notices = await page.locator('[role="alert"][data-type="error"]').allTextContents();
      if (notices.length) faults.push(`${role} ${pathname} at ${width} px: error notices ${notices.join(' | ')}`);
    }
    return faults;
  }

  it.each(roles)(
    'finds no serious or critical fault and no error notice on any screen of the %s, at 1280 and at 400 px',
    async (role) => {
      // The two widths walk side by side, each in a browser context of its own: most of a walk is
      // waiting for its pages to settle, so two at once take little longer than one.
      const faults = await Promise.all([1280, 400].map((width) => walk(role, width)));
      expect(faults.flat()).toEqual([]);
    },
    360_000, // up to twenty screens at each width, axe on each: minutes when the whole suite shares two cores
  );
});
