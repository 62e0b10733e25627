// Each preset signs in and walks its screens: a supervisor sees Search and the Users settings and
// manages a user there (gives a custom set and a visibility, suspends and reactivates, invites by
// email); an agent sees Search but not Users; an accountant sees neither Search nor Users, and the
// Users page tells them why; a senior agent manages users but cannot offer the Supervisor preset.
// Each console action is checked through the API. With CONSOLE_SHOTS_DIR set, en/ua/pl shots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presets } from '../../api/src/domain/agency-users/agency-permissions';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
let supervisor: TestAccount;
let agent: TestAccount;
let senior: TestAccount;
let accountant: TestAccount;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  const db = stack.ctx.db;
  tenant = await createTenant(db, `Users ${Date.now().toString(36)}`);
  [supervisor, agent, senior, accountant] = await Promise.all([
    createAccount(db, { userType: 'Supervisor', tenant }),
    createAccount(db, { userType: 'Agent', tenant }),
    createAccount(db, { userType: 'Agent', tenant, agencyPermissions: presets.senior_agent }),
    createAccount(db, { userType: 'Agent', tenant, agencyPermissions: presets.accountant }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await stack?.close();
});

const url = (pathname: string) => `${stack.baseUrl}${pathname}`;
const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');
const userOf = async (id: string) =>
  (
    await request(stack.baseUrl)
      .get(`/api/v1/agency_users/${id}`)
      .set({ Authorization: `Bearer ${supervisor.token}` })
  ).body as { preset: string; permissions: string[]; booking_visibility: string | null; suspended_at: string | null };

async function signedIn(who: TestAccount, language = 'en'): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, url('/sign_in'), who);
  await page.waitForURL((a) => a.pathname === '/');
  if (language !== 'en') {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.reload();
  }
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.max(height, 900) });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('each preset walks its screens', () => {
  it('a supervisor manages a user: custom permissions, visibility, suspension, an invite', async () => {
    const page = await signedIn(supervisor);
    await expect(nav(page).getByRole('link', { name: 'Search' }).count()).resolves.toBeGreaterThan(0);
    await page.goto(url('/settings/users'));
    await page.getByRole('heading', { name: 'Users of the agency' }).waitFor();
    const name = `Test Agent`;
    // The first agent row: the plain agent made above.
    const rows = page.getByRole('row').filter({ hasText: agent.email });
    await rows.getByLabel(`Permissions of ${name}`, { exact: true }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await rows.getByRole('checkbox', { name: 'Issue' }).uncheck();
    await rows.getByLabel(`Booking visibility of ${name}`, { exact: true }).click();
    await page.getByRole('option', { name: 'Company bookings' }).click();
    await rows.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await userOf(agent.id)).preset).toBe('custom');
    const changed = await userOf(agent.id);
    expect(changed.permissions).not.toContain('issue');
    expect(changed.booking_visibility).toBe('company');
    await page.getByRole('row').filter({ hasText: agent.email }).getByRole('button', { name: 'Suspend' }).click();
    await expect.poll(async () => (await userOf(agent.id)).suspended_at).not.toBeNull();
    await page.getByRole('row').filter({ hasText: agent.email }).getByText('Suspended').waitFor();
    await shoot(page, 'users-en');
    await page.getByRole('row').filter({ hasText: agent.email }).getByRole('button', { name: 'Reactivate' }).click();
    await expect.poll(async () => (await userOf(agent.id)).suspended_at).toBeNull();
    // Invite: the link is shown, the email is in the outbox.
    const email = `invitee-${Date.now()}@example.com`;
    await page.getByLabel('Email', { exact: false }).last().fill(email);
    await page.getByLabel('First name', { exact: false }).fill('Olena');
    await page.getByLabel('Last name', { exact: false }).fill('Bondar');
    // Into a subagent company of the agency.
    await page.getByLabel('Company (subagent) they book for').click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Send invite' }).click();
    const link = (await page.locator('pre').first().textContent())!;
    expect(link).toContain('/invite?token=');
    const mail = await stack.ctx.db.selectFrom('mail_messages').select('body').where('recipient', '=', email).execute();
    expect(mail[0]?.body).toContain(link);
    await page.getByText('Waiting').first().waitFor();
    await shoot(page, 'users-invited-en');
    // The link lands on the accept page; accepting makes the account.
    const visitor = await (await browser.newContext()).newPage();
    // The link names the configured public address; this stack answers on its own port.
    const landing = new URL(link);
    expect(landing.pathname).toBe('/invite');
    await visitor.goto(url(`${landing.pathname}${landing.search}`));
    await visitor.getByRole('button', { name: 'Accept invite' }).click();
    await visitor.getByText(`Sign in with ${email}`).waitFor();
    const made = await stack.ctx.db
      .selectFrom('accounts')
      .select(['agency_id', 'company_id'])
      .where('email', '=', email)
      .executeTakeFirst();
    expect(made).toEqual({ agency_id: tenant.agencyId, company_id: tenant.companyId });
  });

  it('an agent sees Search but not Users; the Users page says why', async () => {
    const page = await signedIn(agent);
    await expect(nav(page).getByRole('link', { name: 'Search' }).count()).resolves.toBeGreaterThan(0);
    await page.goto(url('/settings'));
    await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Users' }).count(),
    ).toBe(0);
    await page.goto(url('/settings/users'));
    await page.getByText('Managing users needs the Users permission').waitFor();
  });

  it('an accountant sees neither Search nor Users', async () => {
    const page = await signedIn(accountant);
    await nav(page).getByRole('link', { name: 'Bookings' }).first().waitFor();
    expect(await nav(page).getByRole('link', { name: 'Search' }).count()).toBe(0);
    await page.goto(url('/settings'));
    await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Users' }).count(),
    ).toBe(0);
    await shoot(page, 'accountant-settings-en');
  });

  it('a senior agent manages users but cannot offer the Supervisor preset', async () => {
    const page = await signedIn(senior);
    await page.goto(url('/settings'));
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users of the agency' }).waitFor();
    await page.getByLabel('Permissions', { exact: true }).click();
    await page.getByRole('option', { name: 'Senior agent' }).waitFor();
    expect(await page.getByRole('option', { name: 'Supervisor' }).count()).toBe(0);
  });

  it('the users screen in ua and pl, and the invite page in en, ua and pl', async () => {
    for (const language of ['ua', 'pl']) {
      const page = await signedIn(supervisor, language);
      await page.goto(url('/settings/users'));
      await page.getByRole('table').first().waitFor();
      await page.getByRole('row').filter({ hasText: agent.email }).waitFor();
      await shoot(page, `users-${language}`);
    }
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    for (const language of ['en', 'ua', 'pl']) {
      await visitor.goto(url('/invite?token=inv_shown_only_for_the_picture'));
      await visitor.evaluate((l) => localStorage.setItem('language', l), language);
      await visitor.reload();
      await visitor.getByRole('heading', { level: 1 }).waitFor();
      await shoot(visitor, `invite-${language}`);
    }
  });
});
