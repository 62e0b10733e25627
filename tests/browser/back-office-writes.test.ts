// Every back-office write of the product spec from the console, one page session per role walking
// its screens, each change checked in the database or through the API: staff edit and archive a
// partner, connect an airline end to end (channel with credential, card, form of payment, codes,
// switched on), edit and remove a card, delete a channel, edit a markup, delete a company (a refusal
// shown as the server's text first), send a join request and disconnect it, and read the mail
// outbox, demo and presentation requests; a supervisor sets codes and the agency's switch, adds and
// removes a channel's card, switches a company's channel access and removes an agent; an agent asks
// to join a partner and withdraws it, and corrects a booking's contacts and a passenger's birthdate.
// Then axe at 1280 and 400 px on the new screens, and with CONSOLE_SHOTS_DIR set, en/ua/pl shots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../api/src/domain/ids';
import { seriousAxeViolations } from '../support/axe';
import { bearer, book, findFares } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let home: TestTenant; // the supervisor's and the agent's agency
let other: TestTenant; // the partner staff edit, connect an airline to, and archive
let target: TestTenant; // the partner join requests are sent to
let admin: TestAccount;
let supervisor: TestAccount;
let agent: TestAccount;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const stamp = Date.now().toString(36);

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  const db = stack.ctx.db;
  [home, other, target] = await Promise.all([
    createTenant(db, `Writes Home ${stamp}`),
    createTenant(db, `Writes Other ${stamp}`),
    createTenant(db, `Writes Target ${stamp}`),
  ]);
  [admin, supervisor, agent] = await Promise.all([
    createAccount(db, { userType: 'Admin' }),
    createAccount(db, { userType: 'Supervisor', tenant: home }),
    createAccount(db, { userType: 'Agent', tenant: home }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await stack?.close();
});

const url = (pathname: string) => `${stack.baseUrl}${pathname}`;
const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

async function signedIn(who: TestAccount, width = 1280): Promise<Page> {
  const context = await browser.newContext({
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
  await page.screenshot({ path: path.join(shotsDir, `writes-${name}.png`) });
  await page.setViewportSize(viewport);
}

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the confirmation that `button` asks for and confirms it with `confirm`. */
async function confirmed(page: Page, button: ReturnType<Page['locator']>, dialog: string, confirm: string) {
  await button.click();
  await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: confirm, exact: true }).click();
  await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'detached' });
}

const saved = async (page: Page) => {
  await page.getByText('Saved.').first().waitFor();
};

describe('staff', () => {
  it('edits a partner, connects an airline end to end, runs cards, markups, companies and join requests, reads the outbox', async () => {
    const db = stack.ctx.db;
    const page = await signedIn(admin);

    // The partner: name and status.
    await page.goto(url(`/admin/partner?id=${other.agencyId}`));
    const details = page.getByRole('region', { name: 'Partner details' });
    await details.getByLabel('Name').fill(`Writes Renamed ${stamp}`);
    await choose(page, details, 'Status', 'Suspended');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await saved(page);
    await expect
      .poll(() =>
        db.selectFrom('agencies').select(['name', 'status']).where('id', '=', other.agencyId).executeTakeFirst(),
      )
      .toEqual({ name: `Writes Renamed ${stamp}`, status: 'suspended' });

    // The sandbox Lufthansa channel goes; a real connection takes its place.
    const sandbox = page.getByRole('article', { name: 'Lufthansa (sandbox)' });
    await sandbox.getByRole('button', { name: 'Settings of Lufthansa (sandbox)' }).click();
    await confirmed(
      page,
      sandbox.getByRole('button', { name: 'Delete channel' }),
      'Delete Lufthansa (sandbox)?',
      'Delete channel',
    );
    await sandbox.waitFor({ state: 'detached' });
    expect(
      await db
        .selectFrom('agency_channels')
        .select('id')
        .where('id', '=', `ach_${other.agencyId}_lh`)
        .executeTakeFirst(),
    ).toBeUndefined();

    const connect = page.getByRole('form', { name: 'Connect an airline' });
    await choose(page, connect, 'Airline', 'Lufthansa NDC (LH)');
    await connect.getByLabel('Channel name').fill('LH Office');
    await connect.getByLabel('Credential', { exact: true }).fill('office-WAW-1');
    await connect.getByRole('button', { name: 'Connect an airline' }).click();
    const channel = page.getByRole('article', { name: 'LH Office' });
    await channel.getByText('Credential saved').waitFor();
    const row = () =>
      db
        .selectFrom('agency_channels')
        .selectAll()
        .where('agency_id', '=', other.agencyId)
        .where('title', '=', 'LH Office')
        .executeTakeFirstOrThrow();
    expect((await row()).credential_active).toBe(true);
    expect((await row()).on_by_admin).toBe(true);

    // Its card, its form of payment, its codes, a new credential, and the agency's switch.
    await channel.getByRole('button', { name: 'Add a card to this channel' }).click();
    const cardForm = channel.getByRole('form', { name: 'Add a card to this channel' });
    await cardForm.getByLabel('Card number').fill('4111 1111 1111 1111');
    await cardForm.getByLabel('Holder').fill('MARTA NOWAK');
    await cardForm.getByRole('button', { name: 'Add card' }).click();
    await expect.poll(async () => (await row()).ticketing_credit_card_id).not.toBeNull();
    await choose(page, channel, 'Form of payment for LH Office', 'Credit card');
    await expect.poll(async () => (await row()).form_of_payment).toBe('credit_card');
    await channel.getByLabel('Nego code').fill('NEGO-LH-1');
    await channel.getByLabel('Resident fares code').fill('RES-ES');
    await channel.getByRole('button', { name: 'Save codes' }).click();
    await expect
      .poll(async () => {
        const r = await row();
        return [r.nego_code, r.resident_fares_code];
      })
      .toEqual(['NEGO-LH-1', 'RES-ES']);
    const sealed = (await row()).credential_ciphertext;
    await channel.getByLabel('New credential').fill('office-WAW-2');
    await channel.getByRole('button', { name: 'Save credential' }).click();
    await expect.poll(async () => (await row()).credential_ciphertext).not.toBe(sealed);
    const agencySwitch = channel.getByRole('switch', { name: 'Switched on by the agency' });
    if (!(await agencySwitch.isChecked())) await agencySwitch.click({ force: true });
    await expect.poll(async () => (await row()).active_by_supervisor).toBe(true);
    await shoot(page, 'partner-en-1280');

    // The channel's card comes off: the channel falls back to BSP cash.
    await confirmed(
      page,
      channel.getByRole('button', { name: 'Remove card' }),
      'Remove visa •••• 1111 from LH Office?',
      'Remove card',
    );
    await expect
      .poll(async () => {
        const r = await row();
        return [r.ticketing_credit_card_id, r.form_of_payment];
      })
      .toEqual([null, 'bsp_cash']);

    // The partner's card: expiry and holder.
    const cards = page.getByRole('region', { name: 'Credit cards' });
    await cards.getByRole('button', { name: 'Edit visa •••• 1111' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit visa •••• 1111' });
    await edit.getByLabel('Holder').fill('MARTA NOWAK-KOWALSKA');
    await edit.getByLabel('Year').fill('2033');
    await edit.getByRole('button', { name: 'Save card' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        db
          .selectFrom('credit_cards')
          .select(['holder', 'exp_year'])
          .where('agency_id', '=', other.agencyId)
          .executeTakeFirst(),
      )
      .toEqual({ holder: 'MARTA NOWAK-KOWALSKA', exp_year: 2033 });

    // A markup's value.
    await page.goto(url(`/admin/company?id=${other.companyId}`));
    const markups = page.getByRole('region', { name: 'Markups' });
    await markups.getByLabel('Value').fill('3');
    await markups.getByRole('button', { name: 'Add markup' }).click();
    await markups.getByRole('button', { name: /^Edit markup 3(\.00)? %$/ }).click();
    await markups.getByLabel('Markup value').fill('4.5');
    await markups.getByRole('button', { name: 'Save changes' }).click();
    await markups.getByText(/^4\.50? %$/).waitFor();
    expect(
      await db.selectFrom('markups').select('value').where('company_id', '=', other.companyId).executeTakeFirst(),
    ).toEqual({ value: '4.50' });

    // A company with a ledger cannot go: the server's reason is shown and nothing changes.
    await page.getByRole('button', { name: 'Delete company' }).click();
    const refused = page.getByRole('dialog', { name: `Delete Writes Other ${stamp} branch?` });
    await refused.getByRole('button', { name: 'Delete company' }).click();
    await page.getByRole('alert').filter({ hasText: 'The company has ledger entries or agents' }).first().waitFor();
    await refused.getByRole('button', { name: 'Go back' }).click();
    await refused.waitFor({ state: 'detached' });
    expect(
      await db.selectFrom('companies').select('id').where('id', '=', other.companyId).executeTakeFirst(),
    ).toBeDefined();
    // One without records goes.
    const emptyId = newId('cmp');
    await db
      .insertInto('companies')
      .values({ id: emptyId, agency_id: other.agencyId, name: `Writes Empty ${stamp}`, balance_currency: 'EUR' })
      .execute();
    await page.goto(url(`/admin/company?id=${emptyId}`));
    await confirmed(
      page,
      page.getByRole('button', { name: 'Delete company' }),
      `Delete Writes Empty ${stamp}?`,
      'Delete company',
    );
    await page.waitForURL((a) => a.pathname === '/admin/companies');
    expect(await db.selectFrom('companies').select('id').where('id', '=', emptyId).executeTakeFirst()).toBeUndefined();

    // A join request for a company without a partner, accepted, then disconnected.
    const loneId = newId('cmp');
    await db
      .insertInto('companies')
      .values({ id: loneId, agency_id: null, name: `Writes Lone ${stamp}`, balance_currency: 'EUR' })
      .execute();
    await page.goto(url('/admin/join_requests'));
    const send = page.getByRole('region', { name: 'Ask to join a partner' });
    await choose(page, send, 'Partner', `Writes Target ${stamp}`);
    await choose(page, send, 'Company', `Writes Lone ${stamp}`);
    await send.getByRole('button', { name: 'Send request' }).click();
    const pending = page
      .getByRole('table', { name: 'Join requests' })
      .getByRole('row', { name: new RegExp(`Writes Lone ${stamp}`) });
    await pending.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(
        async () =>
          (await db.selectFrom('companies').select('agency_id').where('id', '=', loneId).executeTakeFirstOrThrow())
            .agency_id,
      )
      .toBe(target.agencyId);
    await shoot(page, 'join-requests-en-1280');
    await confirmed(
      page,
      page.getByRole('button', { name: `Disconnect Writes Lone ${stamp} from Writes Target ${stamp}` }),
      `Disconnect Writes Lone ${stamp} from Writes Target ${stamp}?`,
      'Disconnect',
    );
    await expect
      .poll(
        async () =>
          (await db.selectFrom('companies').select('agency_id').where('id', '=', loneId).executeTakeFirstOrThrow())
            .agency_id,
      )
      .toBeNull();

    // The outbox, demo and presentation requests.
    const api = request(stack.baseUrl);
    const mailTo = `outbox-${stamp}@example.com`;
    expect(
      (
        await api
          .post('/api/v1/mail_outbox')
          .set(bearer(admin.token))
          .send({ to: mailTo, subject: `Hello ${stamp}`, body: 'The body of the message.' })
      ).status,
    ).toBeLessThan(300);
    expect(
      (await api.post('/api/v1/demo_requests').send({ email: `demo-${stamp}@example.com`, language: 'pl' })).status,
    ).toBeLessThan(300);
    expect(
      (
        await api
          .post('/api/v1/for_airlines/send_presentation')
          .send({ email: `pres-${stamp}@example.com`, language: 'ua', type: 'api' })
      ).status,
    ).toBeLessThan(300);
    await page.goto(url('/admin/outbox'));
    await page.getByLabel('Find by recipient').fill(mailTo);
    await page.getByRole('button', { name: `Hello ${stamp}` }).click();
    await page.getByText('The body of the message.').waitFor();
    await shoot(page, 'outbox-en-1280');
    await page.getByRole('tab', { name: 'Demo requests' }).click();
    await page.getByRole('table', { name: 'Demo requests' }).getByText(`demo-${stamp}@example.com`).waitFor();
    await page.getByRole('tab', { name: 'Presentation requests' }).click();
    await page.getByRole('table', { name: 'Presentation requests' }).getByText(`pres-${stamp}@example.com`).waitFor();

    // Archiving, Admin's alone, last: the partner leaves the lists.
    await page.goto(url(`/admin/partner?id=${other.agencyId}`));
    await confirmed(
      page,
      page.getByRole('button', { name: 'Archive partner' }),
      `Archive Writes Renamed ${stamp}?`,
      'Archive partner',
    );
    await page.waitForURL((a) => a.pathname === '/admin/partners');
    expect(
      (await db.selectFrom('agencies').select('status').where('id', '=', other.agencyId).executeTakeFirstOrThrow())
        .status,
    ).toBe('archived');
  }, 180_000);
});

/**
 * Holds a screen's reads of a list back by a second and a half, so a click lands after its change is
 * stored but while the list still says what it was before: the switch must not repeat the change.
 */
async function slowReads(page: Page, list: RegExp): Promise<() => Promise<void>> {
  const held = async (route: Route) => {
    if (route.request().method() === 'GET') await sleep(1_500);
    // A failed test closes the page while a read is held: then there is nothing left to continue.
    await route.continue().catch(() => undefined);
  };
  await page.route(list, held);
  return () => page.unroute(list, held);
}

describe('supervisor', () => {
  it("sets codes and the agency's switch, runs a channel's card, a company's channel access and removes an agent", async () => {
    const db = stack.ctx.db;
    const page = await signedIn(supervisor);
    await page.goto(url('/agency'));
    const channel = page.getByRole('article', { name: 'Lufthansa (sandbox)' });
    const id = `ach_${home.agencyId}_lh`;
    const row = () => db.selectFrom('agency_channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Only what a supervisor may do is shown: no connecting, deleting, credentials or Contrail's switch.
    await channel.getByRole('button', { name: 'Settings of Lufthansa (sandbox)' }).click();
    await channel.getByLabel('Nego code').waitFor();
    expect(await page.getByRole('form', { name: 'Connect an airline' }).count()).toBe(0);
    expect(await channel.getByRole('button', { name: 'Delete channel' }).count()).toBe(0);
    expect(await channel.getByLabel('New credential').count()).toBe(0);
    expect(await channel.getByRole('switch', { name: 'Switched on by Contrail' }).count()).toBe(0);

    await channel.getByLabel('Nego code').fill('CORP-77');
    await channel.getByRole('button', { name: 'Save codes' }).click();
    await expect.poll(async () => (await row()).nego_code).toBe('CORP-77');
    // Clicked again as soon as the change is stored, before the screen's refetch: it switches back on.
    const agencyChannelsRead = await slowReads(page, /\/ticketing\/agency_channels(\?|$)/);
    await channel.getByRole('switch', { name: 'Switched on by the agency' }).click({ force: true });
    await expect.poll(async () => (await row()).active_by_supervisor).toBe(false);
    await channel.getByRole('switch', { name: 'Switched on by the agency' }).click({ force: true });
    await expect.poll(async () => (await row()).active_by_supervisor).toBe(true);
    await agencyChannelsRead();

    await channel.getByRole('button', { name: 'Add a card to this channel' }).click();
    const cardForm = channel.getByRole('form', { name: 'Add a card to this channel' });
    await cardForm.getByLabel('Card number').fill('5555 5555 5555 4444');
    await cardForm.getByLabel('Holder').fill('OLENA KOVALENKO');
    await cardForm.getByRole('button', { name: 'Add card' }).click();
    await expect.poll(async () => (await row()).ticketing_credit_card_id).not.toBeNull();
    await confirmed(
      page,
      channel.getByRole('button', { name: 'Remove card' }),
      'Remove mastercard •••• 4444 from Lufthansa (sandbox)?',
      'Remove card',
    );
    await expect.poll(async () => (await row()).ticketing_credit_card_id).toBeNull();

    // The company's access to a channel: its own switch.
    const access = page.getByRole('region', { name: `Channel access of Writes Home ${stamp} branch` });
    const companyChannelsRead = await slowReads(page, /\/ticketing\/company_channels(\?|$)/);
    await access.getByRole('switch', { name: 'Lufthansa (sandbox)' }).click({ force: true });
    const companyActive = async () =>
      (
        await db
          .selectFrom('company_channels')
          .select('active')
          .where('company_id', '=', home.companyId)
          .where('agency_channel_id', '=', id)
          .executeTakeFirst()
      )?.active;
    await expect.poll(companyActive).toBe(false);
    await access.getByRole('switch', { name: 'Lufthansa (sandbox)' }).click({ force: true });
    await expect.poll(companyActive).toBe(true);
    await companyChannelsRead();
    await saved(page);

    // An agent added, then removed.
    const email = `writes-agent-${stamp}@example.com`;
    const subagents = page.getByRole('region', { name: 'Subagents and users' });
    await subagents.getByLabel('Email').fill(email);
    await subagents.getByLabel('First name').fill('Ira');
    await subagents.getByLabel('Last name').fill('Leaving');
    await subagents.getByRole('button', { name: 'Add agent' }).click();
    await subagents.getByRole('cell', { name: email }).waitFor();
    await shoot(page, 'agency-en-1280');
    await confirmed(
      page,
      subagents.getByRole('button', { name: 'Remove Ira Leaving' }),
      `Remove Ira Leaving from Writes Home ${stamp} branch?`,
      'Remove agent',
    );
    await subagents.getByRole('cell', { name: email }).waitFor({ state: 'detached' });
    const left = await db
      .selectFrom('agent_company_relationships as r')
      .innerJoin('accounts as a', 'a.id', 'r.account_id')
      .select('r.id')
      .where('a.email', '=', email)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  }, 120_000);
});

describe('agent', () => {
  it("asks to join a partner and withdraws it, and corrects a booking's contacts and a birthdate", async () => {
    const db = stack.ctx.db;
    const fares = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 30 });
    const booking = await book(stack.baseUrl, bearer(agent.token), fares[0]!);
    const page = await signedIn(agent);

    // Where an agent looks for it: the settings.
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Join a partner' }).click();
    await page.waitForURL((a) => a.pathname === '/admin/join_requests');
    const send = page.getByRole('region', { name: 'Ask to join a partner' });
    await send.getByLabel('Partner ID').fill(target.agencyId);
    await send.getByRole('button', { name: 'Send request' }).click();
    const requests = () =>
      db
        .selectFrom('join_agency_requests')
        .select('status')
        .where('company_id', '=', home.companyId)
        .where('agency_id', '=', target.agencyId)
        .execute();
    await expect.poll(async () => (await requests()).map((r) => r.status)).toEqual(['pending']);
    // An agent does not answer requests: no Accept or Decline.
    const table = page.getByRole('table', { name: 'Join requests' });
    await table.getByText(`Writes Target ${stamp}`).waitFor();
    expect(await table.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await shoot(page, 'join-agent-en-1280');
    await confirmed(
      page,
      table.getByRole('button', {
        name: `Withdraw the request of Writes Home ${stamp} branch to Writes Target ${stamp}`,
      }),
      `Withdraw the request to Writes Target ${stamp}?`,
      'Withdraw',
    );
    await expect.poll(async () => (await requests()).length).toBe(0);

    await page.goto(url(`/bookings?locator=${booking.locator}`));
    const view = page.getByRole('dialog', { name: `Booking ${booking.locator}` });
    await view.getByRole('button', { name: 'Correct details' }).click();
    const modal = page.getByRole('dialog', { name: `Correct booking ${booking.locator}` });
    await modal.getByLabel('Email').fill('olena.new@example.com');
    await modal.getByLabel('Date of birth of Olena Kovalenko').fill('1985-03-15');
    await shoot(page, 'modify-en-1280');
    await modal.getByRole('button', { name: 'Save corrections' }).click();
    await page.getByText(`Booking ${booking.locator} corrected.`).waitFor();
    const after = await request(stack.baseUrl).get(`/api/v1/bookings/${booking.locator}`).set(bearer(agent.token));
    expect(after.body.contacts.email).toBe('olena.new@example.com');
    expect(after.body.passengers[0].birthdate).toBe('1985-03-15');
  }, 120_000);
});

describe('the new screens', () => {
  it('are free of serious axe faults at 1280 and 400 px, dialogs included', async () => {
    const fares = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 31 });
    const booking = await book(stack.baseUrl, bearer(agent.token), fares[0]!);
    const screens = [
      [admin, `/admin/partner?id=${home.agencyId}`, 'Partner details'],
      [admin, `/admin/company?id=${home.companyId}`, 'Markups'],
      [admin, '/admin/join_requests', 'Ask to join a partner'],
      [admin, '/admin/outbox', 'Mail outbox'],
      [supervisor, '/agency', 'Channel settings'],
      [agent, '/admin/join_requests', 'Ask to join a partner'],
    ] as const;
    const faults: string[] = [];
    for (const width of [1280, 400]) {
      const pages = new Map<TestAccount, Page>();
      for (const [who, pathname, heading] of screens) {
        const page = pages.get(who) ?? (await signedIn(who, width));
        pages.set(who, page);
        await page.goto(url(pathname));
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page
          .getByText('Loading')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        faults.push(...(await seriousAxeViolations(page, `${pathname} at ${width} px`)));
      }
      // Two dialogs: a destructive change's confirmation, and a booking's corrections.
      const adminPage = pages.get(admin)!;
      await adminPage.goto(url(`/admin/partner?id=${home.agencyId}`));
      const sandbox = adminPage.getByRole('article', { name: 'Lufthansa (sandbox)' });
      await sandbox.getByRole('button', { name: 'Settings of Lufthansa (sandbox)' }).click();
      faults.push(...(await seriousAxeViolations(adminPage, `a channel's settings at ${width} px`)));
      await sandbox.getByRole('button', { name: 'Delete channel' }).click();
      await adminPage.getByRole('dialog', { name: 'Delete Lufthansa (sandbox)?' }).waitFor();
      faults.push(...(await seriousAxeViolations(adminPage, `confirmation at ${width} px`, '.mantine-Modal-content')));
      const agentPage = pages.get(agent)!;
      await agentPage.goto(url(`/bookings?locator=${booking.locator}`));
      await agentPage
        .getByRole('dialog', { name: `Booking ${booking.locator}` })
        .getByRole('button', { name: 'Correct details' })
        .click();
      await agentPage.getByRole('dialog', { name: `Correct booking ${booking.locator}` }).waitFor();
      faults.push(
        ...(await seriousAxeViolations(agentPage, `booking corrections at ${width} px`, '.mantine-Modal-content')),
      );
    }
    expect(faults).toEqual([]);
  }, 240_000);
});

const correctDetails = { en: 'Correct details', ua: 'Виправити дані', pl: 'Popraw dane' } as const;

describe.runIf(shotsDir)('screenshots', () => {
  it('saves the new screens in English, Ukrainian and Polish, at 1280 px and on a phone', async () => {
    const fares = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 32 });
    const booking = await book(stack.baseUrl, bearer(agent.token), fares[0]!);
    const screens = [
      [admin, `/admin/partner?id=${home.agencyId}`, 'partner'],
      [admin, `/admin/company?id=${home.companyId}`, 'company'],
      [admin, '/admin/join_requests', 'join-requests'],
      [admin, '/admin/outbox', 'outbox'],
      [supervisor, '/agency', 'agency'],
      [agent, '/admin/join_requests', 'join-agent'],
    ] as const;
    for (const width of [1280, 400]) {
      for (const language of ['en', 'ua', 'pl'] as const) {
        const pages = new Map<TestAccount, Page>();
        for (const [who, pathname, name] of screens) {
          let page = pages.get(who);
          if (!page) {
            page = await signedIn(who, width);
            await page.evaluate((l) => localStorage.setItem('language', l), language);
            pages.set(who, page);
          }
          await page.goto(url(pathname));
          await page.getByRole('heading', { level: 2 }).first().waitFor();
          await shoot(page, `${name}-${language}-${width}`);
        }
        const agentPage = pages.get(agent)!;
        await agentPage.goto(url(`/bookings?locator=${booking.locator}`));
        await agentPage.getByRole('button', { name: correctDetails[language] }).click();
        await agentPage.locator('.mantine-Modal-content').waitFor();
        await shoot(agentPage, `modify-${language}-${width}`);
        await Promise.all([...pages.values()].map((p) => p.context().close()));
      }
    }
  }, 300_000);
});
