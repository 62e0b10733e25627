// Bookings in a real browser, as an agent of a fresh agency, against the sandbox airlines: a fare
// booked from the search (the form's own checks first), issued and voided; a booking cancelled; a
// price check, a bag, an issue and a refund by its quote; a flight change reissuing the tickets; a
// bag after issue whose EMD a worker issues while the booking shows the progress;
// opening a locator that cannot be opened (unknown, malformed, or one the airline no longer has)
// goes back to /bookings (product spec §8); the booking's error text shown as an error. Void and
// cancel and a confirmed refund take the booking off the list and return to /bookings (§4). The
// list's countdowns tick from one shared one-second timer, not one per row.
// With CONSOLE_SHOTS_DIR set, the list, the view, the form and each dialog are saved there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box';
import { startWorker, type WorkerHandle } from '../../api/src/worker';
import { seriousAxeViolations } from '../support/axe';
import { bearer, book, findFares, inDays } from '../support/bookings';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { testSecretKey } from '../support/services';
import { startStack, testEnv, type Stack } from '../support/stack';

let stack: Stack;
let worker: WorkerHandle;
let browser: Browser;
let tenant: TestTenant;
let agent: TestAccount;
let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

beforeAll(async () => {
  // Queues of their own: the worker here issues this file's EMDs, against this file's sandbox.
  const env = { TRUST_PROXY: 'true', KEY_PREFIX: `${testEnv().KEY_PREFIX}-bookings-browser` };
  [stack, browser] = await Promise.all([startStack({ env }), launchBrowser()]);
  worker = await startWorker(stack.config);
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
}, 60_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await worker?.close();
  await stack?.close();
});

const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

/** A fresh profile with the agent's session (signed in through the page once), at `pathname`. */
async function agentPage(pathname: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  if (!session) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address() } });
    contexts.push(context);
    const page = await context.newPage();
    await signInByPassword(page, `${stack.baseUrl}/sign_in`, agent);
    await page.waitForURL((a) => a.pathname === '/');
    session = await context.storageState();
  }
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport,
    storageState: session,
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}${pathname}`);
  return page;
}

async function shoot(page: Page, name: string, options: { settle?: number; fullPage?: boolean } = {}) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(options.settle ?? 400); // drawers and modals slide in
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: options.fullPage ?? false });
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const bookingDialog = (page: Page, locator: string) => page.getByRole('dialog', { name: `Booking ${locator}` });

/** Issues the open booking from its view, confirming the dialog, and waits for the notice. */
async function issueFromView(page: Page, locator: string) {
  await bookingDialog(page, locator).getByRole('button', { name: 'Issue tickets' }).click();
  await page
    .getByRole('dialog', { name: `Issue tickets for ${locator}?` })
    .getByRole('button', { name: /^Issue for / })
    .click();
  await page.getByText(new RegExp(`^Issued ${locator}`)).waitFor({ timeout: 20_000 });
}

/** The console is back at /bookings, the list drawn without the ended booking (in `status`, when given). */
async function expectOffTheList(page: Page, locator: string, status?: string) {
  await page.waitForURL((url) => url.pathname === '/bookings' && !url.searchParams.has('locator'));
  // The list is drawn: its total, or the words for an empty one.
  await page
    .getByText(/^Bookings: \d+/)
    .or(page.getByText('No bookings match the filters.'))
    .first()
    .waitFor();
  expect(await page.getByRole('button', { name: `Open booking ${locator}` }).count()).toBe(0);
  if (status) {
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('locator', '=', locator)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(status);
  }
}

/** Searches a one-way route, opens the cheapest fare of the first offer and books it for one adult. */
async function bookFromSearch(
  page: Page,
  route: { origin: string; destination: string; days: number },
  options: { checkForm?: boolean; flexible?: boolean } = {},
): Promise<string> {
  await page.getByRole('combobox', { name: 'From', exact: true }).fill(route.origin);
  await page.getByRole('combobox', { name: 'From', exact: true }).press('Escape');
  await page.getByRole('combobox', { name: 'To', exact: true }).fill(route.destination);
  await page.getByRole('combobox', { name: 'To', exact: true }).press('Escape');
  await page.getByLabel(/^Departure/).fill(inDays(route.days));
  await page.getByRole('button', { name: 'Search flights' }).click();
  const offer = page.getByRole('article').first();
  await offer.waitFor({ timeout: 20_000 });
  // The cheapest fare first; the last is the most flexible (changes allowed).
  await (options.flexible ? offer.getByRole('button').last() : offer.getByRole('button').nth(1)).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByTestId('details-price').waitFor();
  await drawer.getByRole('button', { name: 'Book this fare' }).click();
  const submit = drawer.getByRole('button', { name: /^Book for / });
  if (options.checkForm) {
    await submit.click();
    // First and last name, birthdate, email and phone.
    await expect.poll(() => drawer.getByText('Required', { exact: true }).count()).toBe(5);
    await drawer.getByLabel(/^First name/).fill('Олена');
    await drawer.getByLabel(/^Date of birth/).fill(inDays(400));
    await drawer.getByLabel(/^Email/).fill('olena@');
    await submit.click();
    await drawer.getByText('Latin letters, spaces, hyphens and apostrophes only, starting with a letter').waitFor();
    await drawer.getByText('The date of birth cannot be in the future').waitFor();
    await drawer.getByText('Enter an email address like name@example.com').waitFor();
    await shoot(page, 'booking-form-errors');
    // The search behind the drawer is judged by its own test.
    expect(await seriousAxeViolations(page, 'the booking form', '[role="dialog"]')).toEqual([]);
  }
  await drawer.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: 'Mrs' }).click();
  await drawer.getByLabel(/^First name/).fill('Olena');
  await drawer.getByLabel(/^Last name/).fill('Kovalenko');
  await drawer.getByLabel(/^Date of birth/).fill('1985-03-14');
  await drawer.getByLabel(/^Email/).fill('olena@example.com');
  await drawer.getByLabel(/^Phone/).fill('+48 600 100 200');
  await submit.click();
  await page.waitForURL((url) => url.pathname === '/bookings' && url.searchParams.has('locator'), { timeout: 20_000 });
  const locator = new URL(page.url()).searchParams.get('locator')!;
  expect(locator).toMatch(/^[A-Z0-9]{6}$/);
  await page.getByText(new RegExp(`^Booked ${locator}: held until `)).waitFor();
  return locator;
}

it('books a searched fare, issues it and voids it; the void takes it off the list', async () => {
  const page = await agentPage('/search');
  const locator = await bookFromSearch(page, { origin: 'WAW', destination: 'FRA', days: 30 }, { checkForm: true });

  const view = bookingDialog(page, locator);
  await view.getByText('New', { exact: true }).waitFor();
  await view.getByRole('timer').first().waitFor();
  expect(await view.getByRole('timer').first().textContent()).toMatch(/left$/);
  await view.getByText('OLENA', { exact: false }).first().waitFor();
  await view.getByRole('region', { name: 'History' }).getByText('Booked', { exact: true }).waitFor();
  // The list behind it has the held booking.
  await page.getByRole('button', { name: `Open booking ${locator}` }).waitFor();
  await shoot(page, 'booking-view-new');
  expect(await seriousAxeViolations(page, 'the booking view')).toEqual([]);

  await view.getByRole('button', { name: 'Issue tickets' }).click();
  const issue = page.getByRole('dialog', { name: `Issue tickets for ${locator}?` });
  await issue.getByText('To pay').waitFor();
  await shoot(page, 'booking-issue-dialog');
  await issue.getByRole('button', { name: /^Issue for / }).click();
  await page.getByText(`Issued ${locator}: tickets 1`).waitFor({ timeout: 20_000 });
  await view.getByText('Issued', { exact: true }).first().waitFor();
  const tickets = view.getByRole('table', { name: 'Documents' });
  await tickets.getByText(/^\d{13}$/).waitFor();
  const ticket = (await tickets.getByText(/^\d{13}$/).textContent())!;
  await shoot(page, 'booking-view-issued', { fullPage: true });

  await view.getByRole('button', { name: 'Void tickets' }).click();
  const voiding = page.getByRole('dialog', { name: `Void the tickets of ${locator}?` });
  await voiding.getByText(ticket).waitFor();
  await shoot(page, 'booking-void-dialog');
  await voiding.getByRole('button', { name: 'Void tickets' }).click();
  await page.getByText(`Tickets of ${locator} voided`).waitFor({ timeout: 20_000 });
  await bookingDialog(page, locator).waitFor({ state: 'hidden' });
  await expectOffTheList(page, locator, 'voided');

  // It is among the voided ones.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Voided' }).click();
  await page.getByRole('button', { name: `Open booking ${locator}` }).waitFor();
  await shoot(page, 'bookings-list-voided');
  expect(await seriousAxeViolations(page, 'the bookings list')).toEqual([]);
}, 120_000);

it('books, comments and cancels; the booking leaves the list and the console is back at /bookings', async () => {
  const page = await agentPage('/search');
  const locator = await bookFromSearch(page, { origin: 'WAW', destination: 'VIE', days: 33 });
  const view = bookingDialog(page, locator);
  await view.getByLabel('Add a comment').fill('Customer will call back about the dates.');
  await view.getByRole('button', { name: 'Add comment' }).click();
  const history = view.getByRole('region', { name: 'History' });
  await history.getByText('Customer will call back about the dates.').waitFor();
  await history.getByText('Comment', { exact: true }).waitFor();
  await view.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel booking ${locator}?` });
  await cancel.getByText('Booking price (not charged)').waitFor();
  await shoot(page, 'booking-cancel-dialog');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByText(`Booking ${locator} cancelled`).waitFor({ timeout: 20_000 });
  await expectOffTheList(page, locator, 'cancelled');
}, 90_000);

it('checks the price, adds a bag, issues and refunds: the quote, then back to /bookings without it', async () => {
  const page = await agentPage('/search');
  const locator = await bookFromSearch(page, { origin: 'WAW', destination: 'FRA', days: 42 }, { flexible: true });
  const view = bookingDialog(page, locator);

  await view.getByRole('button', { name: 'Check price' }).click();
  const reprice = page.getByRole('dialog', { name: `Check the price of ${locator}` });
  await reprice.getByRole('button', { name: 'Check price' }).click();
  await reprice.getByText('The airline asks now').waitFor();
  await shoot(page, 'booking-reprice-dialog');
  await reprice.getByRole('button', { name: /^(Done|Take )/ }).click();
  await reprice.waitFor({ state: 'hidden' });

  await view.getByRole('button', { name: 'Services and seats' }).click();
  const services = page.getByRole('dialog', { name: `Services and seats for ${locator}` });
  const bag = services.getByRole('checkbox').first();
  await bag.waitFor({ timeout: 20_000 });
  await bag.check();
  await shoot(page, 'booking-ancillaries-dialog');
  if (shotsDir) {
    await services.getByRole('tab', { name: 'Seats' }).click();
    await services.getByRole('table', { name: 'Seat map' }).first().waitFor({ timeout: 20_000 });
    await shoot(page, 'booking-ancillaries-seats');
    await services.getByRole('tab', { name: 'Bags' }).click();
  }
  await services.getByRole('button', { name: 'Review (1)' }).click();
  await services.getByText('Total').waitFor();
  await shoot(page, 'booking-ancillaries-review');
  await services.getByRole('button', { name: /^Add for / }).click();
  await page.getByText(new RegExp(`^Added to ${locator}: the booking now costs`)).waitFor({ timeout: 20_000 });
  await view.getByRole('table', { name: 'Services and seats' }).waitFor();

  await issueFromView(page, locator);

  await view.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: `Refund the tickets of ${locator}` });
  await refund.getByRole('button', { name: 'Get a refund quote' }).click();
  await refund.getByText('Airline penalty').waitFor({ timeout: 20_000 });
  await refund.getByText('Refunded to').waitFor();
  expect(await refund.getByRole('timer').textContent()).toMatch(/left$/);
  await shoot(page, 'booking-refund-quote');
  await refund.getByRole('button', { name: /^Refund / }).click();
  await page.getByText(new RegExp(`^Refunded ${locator}: `)).waitFor({ timeout: 20_000 });
  await expectOffTheList(page, locator, 'refunded');
}, 150_000);

it('changes the flights of an issued booking: a new date, the alternatives, priced, confirmed and reissued', async () => {
  const page = await agentPage('/search');
  const locator = await bookFromSearch(page, { origin: 'WAW', destination: 'FRA', days: 45 }, { flexible: true });
  const view = bookingDialog(page, locator);
  await issueFromView(page, locator);
  const tickets = view.getByRole('table', { name: 'Documents' });
  const before = (await tickets
    .getByText(/^\d{13}$/)
    .first()
    .textContent())!;

  await view.getByRole('button', { name: 'Change flights' }).click();
  const change = page.getByRole('dialog', { name: `Change the flights of ${locator}` });
  await change.getByRole('checkbox').first().check();
  await change.getByLabel(/^New date for /).fill(inDays(47));
  await shoot(page, 'booking-exchange-dates');
  await change.getByRole('button', { name: 'Find alternatives' }).click();
  await change.getByText('Total due').first().waitFor({ timeout: 20_000 });
  await change.getByRole('radio').first().check();
  await shoot(page, 'booking-exchange-alternatives');
  await change.getByRole('button', { name: 'Price the chosen one' }).click();
  await change.getByText('Paid by').waitFor({ timeout: 20_000 });
  await shoot(page, 'booking-exchange-confirm');
  await change.getByRole('button', { name: /^Change flights for / }).click();
  await page.getByText(`Flights of ${locator} changed: the tickets were reissued`).waitFor({ timeout: 20_000 });
  await tickets.getByText('Exchanged', { exact: true }).waitFor();
  const numbers = await tickets.getByText(/^\d{13}$/).allTextContents();
  expect(numbers).toContain(before);
  expect(numbers.length).toBeGreaterThan(1);
  // The history names the journey by its airports, not "journey 0".
  await view
    .getByRole('region', { name: 'History' })
    .getByText(/alternative\(s\) for WAW–FRA on \d{4}-\d{2}-\d{2}\./)
    .waitFor();
  await shoot(page, 'booking-view-exchanged', { settle: 1000 });
}, 150_000);

it('adds a bag and a seat from the seat map after issue: their EMDs are issued in the background, the progress shown', async () => {
  const page = await agentPage('/search');
  const locator = await bookFromSearch(page, { origin: 'WAW', destination: 'FRA', days: 48 });
  const view = bookingDialog(page, locator);
  await issueFromView(page, locator);

  await view.getByRole('button', { name: 'Services and seats' }).click();
  const services = page.getByRole('dialog', { name: `Services and seats for ${locator}` });
  await services.getByRole('checkbox').first().check({ timeout: 20_000 });
  // The seat is chosen on the same map the fare's details show, not from a list: a free seat is a
  // button; pressed, it is the passenger's, and the line under the map says which and for how much.
  await services.getByRole('tab', { name: 'Seats' }).click();
  const seatMap = services.getByRole('table', { name: 'Seat map' }).first();
  await seatMap.waitFor({ timeout: 20_000 });
  expect(await services.getByRole('combobox', { name: /^Seat for / }).count()).toBe(0);
  const seat = seatMap.getByRole('button', { name: /^\d+[A-K]: (Free|.*\d.*)$/ }).first();
  const seatName = (await seat.getAttribute('aria-label'))!.split(':')[0]!;
  await seat.click();
  expect(await seat.getAttribute('aria-pressed')).toBe('true');
  const chosen = services.getByRole('status', { name: /^Seats chosen on / }).first();
  expect(await chosen.textContent()).toContain(`Seat ${seatName}`);
  await shoot(page, 'booking-seat-map-after-issue');
  await services.getByRole('button', { name: 'Review (2)' }).click();
  await services.getByText(`Seat ${seatName}`, { exact: false }).first().waitFor();
  await services.getByText('these become EMDs', { exact: false }).waitFor();
  await shoot(page, 'booking-ancillaries-after-issue');
  await services.getByRole('button', { name: /^Add for / }).click();
  await page.getByText(`Added to ${locator}: the EMDs are being issued`).waitFor({ timeout: 20_000 });
  const progress = view.getByRole('status').filter({ hasText: 'The airline is issuing the EMDs' });
  await progress.waitFor();
  await shoot(page, 'booking-emd-progress');
  // The booking is read again every few seconds until the worker has issued the EMD.
  await progress.waitFor({ state: 'detached', timeout: 30_000 });
  const added = view.getByRole('table', { name: 'Services and seats' });
  await added
    .getByText(/^\d{13}$/)
    .first()
    .waitFor();
  await added.getByText('Issued', { exact: true }).first().waitFor();

  // Voiding now says the EMDs go with the tickets, and lists them.
  await view.getByRole('button', { name: 'Void tickets' }).click();
  const voiding = page.getByRole('dialog', { name: `Void the tickets of ${locator}?` });
  await voiding
    .getByText('The EMDs issued for services and seats are voided with the tickets', { exact: false })
    .waitFor();
  expect(await voiding.getByText('EMDs voided with them').count()).toBe(1);
  await shoot(page, 'booking-void-dialog-emds');
  await voiding.getByRole('button', { name: 'Go back' }).click();
  await voiding.waitFor({ state: 'hidden' });
}, 120_000);

it('goes back to /bookings from a locator it cannot open: unknown, malformed, or gone from the airline', async () => {
  const unknown = await agentPage('/bookings?locator=ZZZZZZ');
  await unknown.getByRole('alert').filter({ hasText: 'No such booking.' }).first().waitFor();
  await unknown.waitForURL((url) => url.pathname === '/bookings' && !url.searchParams.has('locator'));
  await unknown.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
  await bookingDialog(unknown, 'ZZZZZZ').waitFor({ state: 'hidden' });

  const malformed = await agentPage('/bookings?locator=a-b');
  await malformed.waitForURL((url) => url.pathname === '/bookings' && !url.searchParams.has('locator'));
  await malformed.getByRole('alert').first().waitFor();

  // A held booking whose airline record is gone (another record under it, as if the airline dropped it).
  const page = await agentPage('/search');
  const locator = await bookFromSearch(page, { origin: 'WAW', destination: 'FRA', days: 36 });
  // The page that booked shows the booking and reads it again; closed first, so that the list below
  // is the first to meet the missing record.
  await page.close();
  await stack.ctx.db
    .updateTable('bookings')
    .set({ airline_locator: 'QQQQQQ' })
    .where('locator', '=', locator)
    .execute();
  const gone = await agentPage('/bookings');
  await gone.getByRole('button', { name: `Open booking ${locator}` }).click();
  await gone.getByRole('alert').filter({ hasText: 'QQQQQQ' }).first().waitFor();
  await gone.waitForURL((url) => url.pathname === '/bookings' && !url.searchParams.has('locator'));
  expect(pathOf(gone)).toBe('/bookings');
  await expect.poll(() => gone.getByRole('button', { name: `Open booking ${locator}` }).count()).toBe(0);
  await shoot(gone, 'bookings-gone-notice');
}, 120_000);

it('shows the booking’s error text as an error when the airline cannot be reached', async () => {
  const page = await agentPage('/search');
  const locator = await bookFromSearch(page, { origin: 'WAW', destination: 'VIE', days: 39 });
  const booked = await stack.ctx.db
    .selectFrom('bookings')
    .select('channel_id')
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
  // The airline refuses the channel's credential: the booking is shown as last seen, with an error.
  await stack.ctx.db
    .updateTable('agency_channels')
    .set({ credential_ciphertext: createSecretBox(testSecretKey, 'channel-credential').seal('sbx_revoked_XX') })
    .where('id', '=', booked.channel_id)
    .execute();
  const reopened = await agentPage(`/bookings?locator=${locator}`);
  const view = bookingDialog(reopened, locator);
  await view.getByRole('alert').filter({ hasText: 'could not be reached' }).waitFor();
  await view.getByText('Problem with this booking').waitFor();
  await shoot(reopened, 'booking-error-text');
}, 90_000);

it('keeps the list with every status and a booking’s view accessible at 1280 and 400 px (saved with CONSOLE_SHOTS_DIR)', async () => {
  for (const width of [1280, 400]) {
    const page = await agentPage('/bookings', { width, height: 900 });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await page.getByText(/^Bookings: [1-9]/).waitFor();
    await shoot(page, `bookings-list-all-${width}`, { fullPage: true });
    expect(await seriousAxeViolations(page, `the list of every status at ${width} px`)).toEqual([]);
    await page.locator('table tbody tr').first().getByRole('button').first().click();
    await page.getByRole('dialog').getByRole('region', { name: 'History' }).waitFor();
    // The drawer's title bar is no second banner landmark: the console's header is the one.
    expect(await page.getByRole('banner').count()).toBe(1);
    await shoot(page, `booking-view-${width}`, { settle: 800 });
    expect(await seriousAxeViolations(page, `a booking's view at ${width} px`, '[role="dialog"]')).toEqual([]);
    if (shotsDir && width > 1000)
      for (const language of ['ua', 'pl']) {
        await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
        await page.reload();
        await page.getByRole('dialog').getByRole('table').first().waitFor();
        await shoot(page, `booking-view-${language}-${width}`, { settle: 1000 });
      }
  }
}, 90_000);

it('ticks every countdown on the list from one timer', async () => {
  const fares = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'VIE', destination: 'BRU', days: 41 });
  await Promise.all(fares.slice(0, 3).map((fare) => book(stack.baseUrl, bearer(agent.token), fare, 'Ticking')));
  const page = await agentPage('/bookings');
  // Counts the page's running one-second intervals, before the console's own script runs.
  await page.addInitScript(() => {
    const running = new Set<number>();
    const set = window.setInterval.bind(window);
    const clear = window.clearInterval.bind(window);
    window.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      const id = set(handler, ms, ...args);
      if (ms === 1000) running.add(id);
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      if (id !== undefined) running.delete(id);
      clear(id);
    }) as typeof window.clearInterval;
    Object.assign(window, { oneSecondTimers: () => running.size });
  });
  await page.reload();
  await page
    .getByText(/Ticking/i)
    .first()
    .waitFor();
  const counting = page
    .locator('table tbody tr')
    .filter({ hasText: /Ticking/i })
    .filter({ hasText: / left$/ });
  expect(await counting.count()).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => (window as unknown as { oneSecondTimers(): number }).oneSecondTimers())).toBe(1);
}, 60_000);
