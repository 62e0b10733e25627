// The corporate number on the console's booking form, in a real browser against the real API and
// sandbox: with the agency's corporate_number_on switch on, an agent searches, opens the booking
// form, sees the field, types a number and books; the booking keeps the number (read through the
// API) and the sandbox airline keeps it on its order as CorporateID (read by OrderRetrieve on the
// agency's own channel). With the switch off the form has no such field. The form passes axe at
// 400 and 1280 px; with CONSOLE_SHOTS_DIR set, the form with the field is saved in en, ua and pl.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { bearer, inDays } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, tokens, type Stack } from '../support/stack';

type Language = 'en' | 'ua' | 'pl';
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

let stack: Stack;
let browser: Browser;
let on: { tenant: TestTenant; agent: TestAccount };
let off: { tenant: TestTenant; agent: TestAccount };
const sessions = new Map<string, Session>();
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
// A day well ahead, so the search never meets a past date or a fare whose ticketing time is up.
const departure = inDays(36);

/** The texts this test finds the form by, in each language, straight from the console's catalogues. */
const texts = Object.fromEntries(
  (['en', 'ua', 'pl'] as const).map((language) => {
    const catalogue = JSON.parse(
      readFileSync(path.join(import.meta.dirname, `../../console/src/locales/${language}.json`), 'utf8'),
    ) as { search: { book: Record<string, string>; details: Record<string, string> } };
    const book = catalogue.search.book;
    // "{{flight}}: class {{code}}, {{basis}}, seats left {{seats}}": the seats are the one number last.
    const seatsLeft = catalogue.search.details['bookingClass']!.replace(/^.*\}\}([^{}]+)\{\{seats\}\}$/, '$1');
    return [
      language,
      {
        open: book['open']!,
        submit: new RegExp(`^${book['submit']!.replace('{{price}}', '')}`),
        label: book['corporateNumber']!,
        hint: book['corporateNumberHint']!,
        seats: new RegExp(`${seatsLeft}(\\d+)$`),
      },
    ];
  }),
) as Record<Language, { open: string; submit: RegExp; label: string; hint: string; seats: RegExp }>;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
  const agencyWithAgent = async () => {
    const tenant = await createTenant(stack.ctx.db);
    return { tenant, agent: await createAccount(stack.ctx.db, { userType: 'Agent', tenant }) };
  };
  [on, off] = await Promise.all([agencyWithAgent(), agencyWithAgent()]);
  // Staff turn the switch on the way the back office does.
  const res = await request(stack.baseUrl)
    .patch(`/api/v1/agencies/${on.tenant.agencyId}/corporate_number_on`)
    .set(bearer(tokens.Admin))
    .send({ active: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

/** A fresh profile with `who`'s session (signed in through the page once), in `language`, at `pathname`. */
async function pageAs(
  who: TestAccount,
  pathname: string,
  options: { width?: number; language?: Language } = {},
): Promise<Page> {
  let session = sessions.get(who.email);
  if (!session) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address() } });
    contexts.push(context);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
    await page.waitForURL((a) => a.pathname === '/');
    session = await context.storageState();
    sessions.set(who.email, session);
  }
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width: options.width ?? 1280, height: 900 },
    storageState: session,
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  await context.addInitScript((language) => localStorage.setItem('language', language), options.language ?? 'en');
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}${pathname}`);
  return page;
}

/** The screen as the agent sees it with `field` scrolled into the drawer's view (the drawer scrolls, not the page). */
async function shoot(page: Page, field: Locator, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(600); // the drawer slides in
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

/**
 * Runs the one-way WAW→FRA search for one adult from its address, opens a fare of the first offer
 * with a seat to spare beyond the one booked (its details list the seats left per flight), and opens
 * its booking form. Answers the drawer with the form.
 */
async function openBookingForm(page: Page, language: Language = 'en'): Promise<Locator> {
  await page.goto(`${stack.baseUrl}/search?trip=oneWay&legs=WAW-FRA-${departure}&adt=1&cabin=economy`);
  const offer = page.getByRole('article').first();
  await offer.waitFor({ timeout: 20_000 });
  const fares = await offer.getByRole('button').count();
  const drawer = page.getByRole('dialog');
  // The first button shows the offer's flights; each one after it is a fare, cheapest first.
  for (let fare = 1; fare < fares; fare++) {
    await offer.getByRole('button').nth(fare).click();
    await drawer.getByTestId('details-price').waitFor();
    const seats = (await drawer.getByText(texts[language].seats).allTextContents()).map((text) =>
      Number(texts[language].seats.exec(text)![1]),
    );
    if (seats.length > 0 && Math.min(...seats) >= 2) {
      await drawer.getByRole('button', { name: texts[language].open }).click();
      await drawer.getByRole('button', { name: texts[language].submit }).waitFor();
      return drawer;
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  }
  throw new Error(`no fare of the first WAW→FRA offer on ${departure} has a seat to spare`);
}

describe('corporate number on the booking form', () => {
  it('goes with the booking to the airline when the switch is on', async () => {
    const page = await pageAs(on.agent, '/search');
    const drawer = await openBookingForm(page);
    const field = drawer.getByRole('textbox', { name: 'Corporate number' });
    await field.waitFor();
    await drawer.getByText(texts.en.hint).waitFor();
    // The form's own check first: no spaces, as the airline takes it.
    await field.fill('acme 42');
    await drawer.getByRole('combobox', { name: 'Title' }).click();
    await page.getByRole('option', { name: 'Mrs' }).click();
    await drawer.getByLabel(/^First name/).fill('Olena');
    await drawer.getByLabel(/^Last name/).fill('Kovalenko');
    await drawer.getByLabel(/^Date of birth/).fill('1985-03-14');
    await drawer.getByLabel(/^Email/).fill('olena@example.com');
    await drawer.getByLabel(/^Phone/).fill('+48 600 100 200');
    await drawer.getByRole('button', { name: texts.en.submit }).click();
    await drawer.getByText('Up to 20 Latin letters, digits or hyphens').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('acme-42');
    await drawer.getByRole('button', { name: texts.en.submit }).click();
    await page.waitForURL((url) => url.pathname === '/bookings' && url.searchParams.has('locator'), {
      timeout: 20_000,
    });
    const locator = new URL(page.url()).searchParams.get('locator')!;
    expect(locator).toMatch(/^[A-Z0-9]{6}$/);

    // The booking keeps it, upper-cased as the airline keeps it, and its page shows it.
    const booking = await request(stack.baseUrl).get(`/api/v1/bookings/${locator}`).set(bearer(on.agent.token));
    expect(booking.status, JSON.stringify(booking.body)).toBe(200);
    expect(booking.body.corporate_number).toBe('ACME-42');
    await page
      .getByRole('dialog', { name: `Booking ${locator}` })
      .getByText('ACME-42')
      .waitFor();

    // The airline has it on its order: OrderRetrieve on the agency's own channel to that airline.
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select(['airline_locator', 'carrier'])
      .where('locator', '=', locator)
      .executeTakeFirstOrThrow();
    const order = await request(stack.sandboxUrl)
      .post('/ndc/OrderRetrieve')
      .set('Authorization', `Bearer sbx_${row.carrier}_${on.tenant.agencyId}`)
      .send({ OrderID: row.airline_locator });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.Order.CorporateID).toBe('ACME-42');
  }, 120_000);

  it('is absent when the switch is off', async () => {
    const page = await pageAs(off.agent, '/search');
    const drawer = await openBookingForm(page);
    await drawer.getByLabel(/^Phone/).waitFor();
    expect(await drawer.getByText(texts.en.label).count()).toBe(0);
    expect(await drawer.getByText(texts.en.hint).count()).toBe(0);
  }, 60_000);

  for (const width of [400, 1280]) {
    it(`passes axe at ${width} px with the field shown`, async () => {
      const page = await pageAs(on.agent, '/search', { width });
      const drawer = await openBookingForm(page);
      const field = drawer.getByRole('textbox', { name: 'Corporate number' });
      await field.waitFor();
      await shoot(page, field, `booking-form-corporate-en-${width}`);
      // The search behind the drawer is judged by its own test.
      expect(await seriousAxeViolations(page, `the booking form at ${width} px`, '[role="dialog"]')).toEqual([]);
    }, 60_000);
  }

  for (const language of ['ua', 'pl'] as const) {
    it(`labels the field and its help in ${language}`, async () => {
      const page = await pageAs(on.agent, '/search', { width: 400, language });
      const drawer = await openBookingForm(page, language);
      const field = drawer.getByRole('textbox', { name: texts[language].label });
      await field.waitFor();
      await drawer.getByText(texts[language].hint).waitFor();
      // Nothing of the field runs past the drawer's edge on a phone.
      const box = (await field.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(400);
      await shoot(page, field, `booking-form-corporate-${language}-400`);
    }, 60_000);
  }
});
