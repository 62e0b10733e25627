// Accounts in a real browser, against the API and the test database: signing in by password and by
// a code read from the outbox, a wrong code's notice (product spec §8), signing out to /, the two
// onboarding steps, the settings, and an API token shown once and revoked.
// With CONSOLE_SHOTS_DIR set, one more test saves screenshots of every screen at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { launchBrowser } from '../support/browser';
import { startStack } from '../support/stack';
import { waitFor } from '../support/wait';

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let browser: Browser | undefined;
let tenant: TestTenant | undefined;
const contexts: BrowserContext[] = [];

const invalidCredentials = 'Invalid credentials. Enter current credentials.';
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    // Each browser profile comes from an address of its own (X-Forwarded-For, trusted here): the
    // sign-in limiter counts failures per address in the shared Redis, and other test files fail
    // sign-ins from 127.0.0.1 on purpose.
    startStack({ env: { TRUST_PROXY: 'true' } }),
    launchBrowser(),
  ]);
  tenant = await createTenant(stack.ctx.db);
}, 60_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

function ready() {
  if (!stack || !browser || !tenant) throw new Error('the stack or the browser did not start');
  return { stack, browser, tenant };
}

/** A fresh browser profile (cookies, localStorage) per page. */
async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await ready().browser.newContext({
    locale: 'en-GB',
    viewport,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  contexts.push(context);
  // A missing element fails the step in seconds, with Playwright's message, not at the test's timeout.
  context.setDefaultTimeout(5_000);
  return context.newPage();
}

/** A random address in 10.0.0.0/8, a new one per browser profile. */
const clientAddress = () =>
  ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

const url = (pathname: string) => `${ready().stack.baseUrl}${pathname}`;
const pathOf = (page: Page) => new URL(page.url()).pathname;

function account(options: Parameters<typeof createAccount>[1] = {}): Promise<TestAccount> {
  const { stack, tenant } = ready();
  return createAccount(stack.ctx.db, { tenant, ...options });
}

/** The newest sign-in code sent to this address (the worker does not run: it stays in the outbox). */
async function latestCode(recipient: string): Promise<string> {
  // A slow send may land just after start_sign_in answered.
  const message = await waitFor(
    `a code for ${recipient}`,
    () =>
      ready()
        .stack.ctx.db.selectFrom('mail_messages')
        .select(['body', 'recipient'])
        .where('recipient', '=', recipient)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),
    (row) => row !== undefined,
    5_000,
  );
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

async function enterIdentity(page: Page, identity: string): Promise<void> {
  await page.goto(url('/sign_in'));
  await page.getByLabel('Email or phone').fill(identity);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signInWithPassword(page: Page, who: TestAccount): Promise<void> {
  await enterIdentity(page, who.email);
  // start_sign_in does not tell a password account from a code account: the person chooses.
  await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Types a code into the code boxes; the last digit submits it. */
async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
}

const header = (page: Page) => page.getByRole('banner');
const mainNavigation = (page: Page) => header(page).getByRole('navigation', { name: 'Main' });

async function expectSignedInAs(page: Page, name: string): Promise<void> {
  await header(page).getByText(name, { exact: true }).waitFor();
  await header(page).getByRole('button', { name: 'Sign out' }).waitFor();
  // At 1280 px the logo is the way home (app-header.tsx): the header's room goes to the pages.
  expect(await mainNavigation(page).getByRole('link').allTextContents()).toEqual([
    'Search',
    'Bookings',
    'Fare Watch',
    'Sales',
    'Analytics',
    'Support',
    'Settings',
  ]);
}

describe('signing in', () => {
  it('signs in with a password and lands on / signed in', async () => {
    const agent = await account({ authMethod: 'password' });
    const page = await newPage();
    await signInWithPassword(page, agent);

    await page.waitForURL((address) => address.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Contrail' }).waitFor();
    await expectSignedInAs(page, 'Test Agent');
  }, 30_000);

  it('signs in with the code sent to the email', async () => {
    const agent = await account({ authMethod: 'otp' });
    const page = await newPage();
    await enterIdentity(page, agent.email);

    await page.getByText('We have sent you a 6-digit code').waitFor();
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Call me with the code' }).isDisabled()).toBe(true);
    await enterCode(page, await latestCode(agent.email));

    await page.waitForURL((address) => address.pathname === '/');
    await expectSignedInAs(page, 'Test Agent');
  }, 30_000);

  it('shows the invalid-credentials notice for a wrong code and lets the person try again', async () => {
    const agent = await account({ authMethod: 'otp' });
    const page = await newPage();
    await enterIdentity(page, agent.email);
    await page.getByText('We have sent you a 6-digit code').waitFor();
    const code = await latestCode(agent.email);
    const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10));

    await enterCode(page, wrong);
    const notice = page.getByRole('alert').filter({ hasText: invalidCredentials });
    await notice.waitFor();
    expect(await notice.getAttribute('data-type')).toBe('error');
    expect(pathOf(page)).toBe('/sign_in');

    // The boxes are emptied for the next try, and the right code still signs in.
    expect(await page.getByRole('textbox', { name: 'Digit 1 of 6' }).inputValue()).toBe('');
    await enterCode(page, code);
    await page.waitForURL((address) => address.pathname === '/');
    await expectSignedInAs(page, 'Test Agent');
  }, 30_000);

  it('shows the invalid-credentials notice for a wrong password', async () => {
    const agent = await account({ authMethod: 'password' });
    const page = await newPage();
    await signInWithPassword(page, { ...agent, password: `${agent.password}-wrong` });
    await page.getByRole('alert').filter({ hasText: invalidCredentials }).waitFor();
    expect(pathOf(page)).toBe('/sign_in');
  }, 30_000);

  it('goes back to the identity step to use another email or phone', async () => {
    const agent = await account({ authMethod: 'password' });
    const page = await newPage();
    await enterIdentity(page, agent.email);
    await page.getByRole('button', { name: 'Use another email or phone' }).click();
    expect(await page.getByLabel('Email or phone').inputValue()).toBe(agent.email);
  }, 30_000);
});

describe('the session', () => {
  it('signs out back to / signed out', async () => {
    const agent = await account();
    const page = await newPage();
    await signInWithPassword(page, agent);
    await expectSignedInAs(page, 'Test Agent');

    await header(page).getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await mainNavigation(page).getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await header(page).getByText('Test Agent').count()).toBe(0);

    // Signed out for real: the settings now ask to sign in.
    await page.goto(url('/settings'));
    await page.waitForURL((address) => address.pathname === '/sign_in');
  }, 30_000);

  it('sends the signed out from /settings to sign in, and back to /settings after it', async () => {
    const agent = await account();
    const page = await newPage();
    await page.goto(url('/settings'));
    await page.waitForURL((address) => address.pathname === '/sign_in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/settings');

    await page.getByLabel('Email or phone').fill(agent.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
    await page.getByLabel(/^Password/).fill(agent.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((address) => address.pathname === '/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  }, 30_000);
});

describe('onboarding', () => {
  it('takes a new account through both steps to /, onboarded', async () => {
    const agent = await account({ authMethod: 'password', onboarding: 'initial' });
    const page = await newPage();
    await signInWithPassword(page, agent);

    await page.waitForURL((address) => address.pathname === '/onboarding');
    await page.getByRole('heading', { level: 2, name: 'About you' }).waitFor();
    await page.getByLabel('First name').fill('Olena');
    await page.getByLabel('Last name').fill('Kovalenko');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { level: 2, name: 'Terms and privacy' }).waitFor();
    await page.getByText(/^Terms of use, version \S+/).waitFor();
    await page.getByText(/^Privacy policy, version \S+/).waitFor();
    // Not without the checkbox.
    await page.getByRole('button', { name: 'Accept and finish' }).click();
    await page.getByText('Accept the terms of use and the privacy policy to continue.').waitFor();
    await page.getByLabel('I accept the terms of use and the privacy policy').check();
    await page.getByRole('button', { name: 'Accept and finish' }).click();

    await page.waitForURL((address) => address.pathname === '/');
    await page.getByRole('status').filter({ hasText: 'Your account is ready.' }).waitFor();
    await expectSignedInAs(page, 'Olena Kovalenko');

    const row = await ready()
      .stack.ctx.db.selectFrom('accounts')
      .select(['onboarding_state', 'terms_accepted_at', 'first_name', 'last_name'])
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.onboarding_state).toBe('complete');
    expect(row.terms_accepted_at).not.toBeNull();
    expect([row.first_name, row.last_name]).toEqual(['Olena', 'Kovalenko']);
  }, 30_000);
});

describe('settings', () => {
  it('saves the name, and the header follows', async () => {
    const agent = await account();
    const page = await newPage();
    await signInWithPassword(page, agent);
    await expectSignedInAs(page, 'Test Agent');

    await page.goto(url('/settings'));
    await page.getByLabel('First name').fill('Marta');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Your name is saved.' }).waitFor();
    await header(page).getByText('Marta Agent', { exact: true }).waitFor();
  }, 30_000);
});

describe('settings: email and language', () => {
  it('changes the email with the code sent to the new address', async () => {
    const agent = await account();
    const page = await newPage();
    await signInWithPassword(page, agent);
    await expectSignedInAs(page, 'Test Agent');

    await page.goto(url('/settings'));
    const newEmail = `new-${agent.email}`;
    await page.getByLabel('New email').fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).first().click();
    await page.getByText(`Enter the 6-digit code we sent to ${newEmail}.`).waitFor();
    await enterCode(page, await latestCode(newEmail));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'Your email is changed.' }).waitFor();
    await page.getByText(`Current email: ${newEmail}`).waitFor();

    const row = await ready()
      .stack.ctx.db.selectFrom('accounts')
      .select('email')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(newEmail);
  }, 30_000);

  it("speaks the account's language when the browser has none, and saves a new choice to the account", async () => {
    const agent = await account();
    const { db } = ready().stack.ctx;
    await db.updateTable('accounts').set({ language: 'ua' }).where('id', '=', agent.id).execute();
    const page = await newPage();
    await signInWithPassword(page, agent);
    await page.getByRole('heading', { level: 1, name: 'Вітаємо в Contrail' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();

    await page.getByRole('group', { name: 'Мова інтерфейсу' }).getByRole('button', { name: 'PL' }).click();
    await page.getByRole('heading', { level: 1, name: 'Witamy w Contrail' }).waitFor();
    await expect
      .poll(async () => {
        const row = await db.selectFrom('accounts').select('language').where('id', '=', agent.id).executeTakeFirst();
        return row?.language;
      })
      .toBe('pl');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pl');
  }, 30_000);
});

describe('API tokens', () => {
  it('shows a new token once, then revokes it', async () => {
    const agent = await account();
    const page = await newPage();
    await signInWithPassword(page, agent);
    await expectSignedInAs(page, 'Test Agent');

    await page.goto(url('/settings/api_tokens'));
    // The agency has no production API: a live token is refused, and the API's reason shown.
    const mode = page.getByRole('radiogroup', { name: 'Mode' });
    await mode.getByText('Live', { exact: true }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Live tokens need the agency's production API switched on." })
      .waitFor();
    expect(await page.locator('[data-token]').count()).toBe(0);

    await mode.getByText('Test', { exact: true }).click();
    await page.getByLabel('Name (optional)').fill('CI robot');
    await page.getByRole('button', { name: 'Create token' }).click();

    const shown = page.locator('[data-token]');
    await shown.waitFor();
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).toMatch(/^ctr_test_/);
    await page.getByText('This is the only time the token is shown.').waitFor();
    // Read from the cookie and deleted at once.
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain('contrail_api_token');
    // The token works.
    const asToken = { headers: { Authorization: `Bearer ${token}` } };
    expect((await fetch(url('/api/v1/account/details'), asToken)).status).toBe(200);

    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await shown.count()).toBe(0);
    const row = page.getByRole('row').filter({ hasText: 'CI robot' });
    await row.waitFor();
    expect(await row.textContent()).toContain(token.slice(0, 12));

    await row.getByRole('button', { name: /^Revoke token/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('status').filter({ hasText: 'The token is revoked.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await fetch(url('/api/v1/account/details'), asToken)).status).toBe(401);
  }, 30_000);
});

describe.runIf(shotsDir)('screenshots', () => {
  const widths = [1280, 390] as const;

  /** The header's buttons on wide screens, its language menu on phones. */
  async function switchLanguage(page: Page, code: string, nativeName: string): Promise<void> {
    const label = /(Interface language|Мова інтерфейсу|Język interfejsu)/;
    const buttons = page.getByRole('group', { name: label });
    if (await buttons.isVisible()) {
      await buttons.getByRole('button', { name: code }).click();
      return;
    }
    await page.getByRole('button', { name: label }).click();
    await page.getByRole('menuitem', { name: nativeName }).waitFor();
    await shoot(page, `15-language-menu-${code.toLowerCase()}`, page.viewportSize()?.width ?? 0);
    await page.getByRole('menuitem', { name: nativeName }).click();
  }

  /** The whole page: the viewport grows to it, so the fixed header and footer stay where they belong. */
  async function shoot(page: Page, name: string, width: number): Promise<void> {
    // Let fonts, the footer's health call and enter animations settle.
    await page.waitForTimeout(400);
    const viewport = page.viewportSize() ?? { width, height: 900 };
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(viewport.height, height) });
    await page.screenshot({ path: path.join(shotsDir ?? '.', `${name}-${width}.png`) });
    await page.setViewportSize(viewport);
  }

  it.each(widths)(
    'saves every screen at %i px',
    async (width) => {
      mkdirSync(shotsDir ?? '.', { recursive: true });
      const viewport = { width, height: width > 600 ? 900 : 844 };

      const otp = await account({ authMethod: 'otp' });
      const page = await newPage(viewport);
      await page.goto(url('/sign_in'));
      await page.getByLabel('Email or phone').waitFor();
      await shoot(page, '01-sign-in-identity', width);
      await page.getByLabel('Email or phone').fill(otp.email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('We have sent you a 6-digit code').waitFor();
      await shoot(page, '02-sign-in-code', width);
      await enterCode(page, '000000');
      await page.getByRole('alert').filter({ hasText: invalidCredentials }).waitFor();
      await shoot(page, '03-sign-in-code-wrong', width);

      const password = await account({ authMethod: 'password', onboarding: 'initial' });
      const second = await newPage(viewport);
      await enterIdentity(second, password.email);
      await second.getByLabel(/^Password/).waitFor();
      await shoot(second, '04-sign-in-password', width);
      await second.getByLabel(/^Password/).fill(password.password);
      await second.getByRole('button', { name: 'Sign in', exact: true }).click();
      await second.getByRole('heading', { level: 2, name: 'About you' }).waitFor();
      await shoot(second, '05-onboarding-about', width);
      await second.getByRole('button', { name: 'Continue' }).click();
      await second.getByRole('heading', { level: 2, name: 'Terms and privacy' }).waitFor();
      await second.getByText(/^Terms of use, version/).waitFor();
      await shoot(second, '06-onboarding-privacy', width);
      await second.getByLabel('I accept the terms of use and the privacy policy').check();
      await second.getByRole('button', { name: 'Accept and finish' }).click();
      await second.waitForURL((address) => address.pathname === '/');
      await shoot(second, '07-home-signed-in', width);

      await second.goto(url('/settings'));
      await second.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await shoot(second, '08-settings', width);
      await second.getByLabel('New email').fill(`new-${password.email}`);
      await second.getByRole('button', { name: 'Send code' }).first().click();
      await second.getByText('Enter the 6-digit code we sent to').waitFor();
      await second.getByRole('radio', { name: 'A one-time code sent by email or SMS' }).check();
      await shoot(second, '09-settings-email-code', width);

      await second.goto(url('/settings/api_tokens'));
      await second
        .getByRole('button', { name: /^Revoke token/ })
        .first()
        .waitFor();
      await shoot(second, '10-api-tokens', width);
      await second.getByLabel('Name (optional)').fill('Booking robot');
      await second.getByRole('button', { name: 'Create token' }).click();
      await second.locator('[data-token]').waitFor();
      await shoot(second, '11-api-tokens-new', width);
      await second.getByRole('button', { name: 'I have stored it' }).click();
      // A table row on wide screens, a card on phones.
      const entry = second.locator('tr, li').filter({ hasText: 'Booking robot', visible: true });
      await entry.getByRole('button', { name: /^Revoke token/ }).click();
      await second.getByRole('dialog').waitFor();
      await shoot(second, '12-api-tokens-revoke', width);
      await second.keyboard.press('Escape');

      // The longest texts: Ukrainian and Polish.
      await switchLanguage(second, 'UA', 'Українська');
      await second.getByRole('heading', { level: 2, name: 'Ваші токени' }).waitFor();
      await shoot(second, '13-api-tokens-ua', width);
      await second.goto(url('/settings'));
      await switchLanguage(second, 'PL', 'Polski');
      await second.getByRole('heading', { level: 1, name: 'Ustawienia' }).waitFor();
      await shoot(second, '14-settings-pl', width);
    },
    60_000,
  );
});
