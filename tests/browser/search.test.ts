// Flight search in a real browser, as the demo agent, against the sandbox airlines: a route with
// offers, a filter applied and removed, a fare’s details and its seat map; an airline that did not
// answer named quietly; server field errors beside their fields; the no-offers route’s
// empty state; and, on a stack whose search deadline is shorter than the sandbox's timeout
// scenario, a failed search that goes back to start with the error notice (product spec §4, §8).
// At 1280 and 400 px the screens pass axe; with CONSOLE_SHOTS_DIR set they are saved too.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../api/src/scripts/seed';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant } from '../support/factories';
import { testSecretKey } from '../support/services';
import { startStack } from '../support/stack';

type Stack = Awaited<ReturnType<typeof startStack>>;
let stack: Stack | undefined;
let lateStack: Stack | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];
const agent = demoAccounts.find((account) => account.userType === 'Agent')!;

beforeAll(async () => {
  [stack, lateStack, browser] = await Promise.all([
    startStack({ env: { TRUST_PROXY: 'true' } }),
    // The timeout scenario keeps every airline waiting longer than this deadline.
    startStack({ env: { TRUST_PROXY: 'true', SEARCH_DEADLINE_MS: '500' } }),
    launchBrowser(),
  ]);
}, 60_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([stack?.close(), lateStack?.close()]);
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const clientAddress = () =>
  ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;
const signedIn = new Map<string, SignedIn>();
const demoAgent = { email: agent.email, password: demoPassword };

/** An agent's session on a stack (the demo agent's unless said): signed in once through the page, then reused. */
async function sessionOn(on: Stack, who = demoAgent): Promise<SignedIn> {
  const key = `${on.baseUrl} ${who.email}`;
  const known = signedIn.get(key);
  if (known) return known;
  const context = await ready().newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, `${on.baseUrl}/sign_in?next=%2Fsearch`, who);
  await page.getByRole('heading', { level: 1, name: 'Flight search' }).waitFor();
  const state = await context.storageState();
  signedIn.set(key, state);
  return state;
}

function ready(): Browser {
  if (!browser) throw new Error('the browser did not start');
  return browser;
}

/** A fresh profile with the demo agent's session, on /search. */
async function searchPage(
  on: Stack | undefined = stack,
  viewport = { width: 1280, height: 900 },
  who = demoAgent,
): Promise<Page> {
  if (!on) throw new Error('the stack did not start');
  const context = await ready().newContext({
    locale: 'en-GB',
    viewport,
    storageState: await sessionOn(on, who),
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.goto(`${on.baseUrl}/search`);
  await page.getByRole('heading', { level: 1, name: 'Flight search' }).waitFor();
  return page;
}

const fromField = (page: Page) => page.getByRole('combobox', { name: 'From', exact: true });
const toField = (page: Page) => page.getByRole('combobox', { name: 'To', exact: true });

async function search(page: Page, origin: string, destination: string, date = inDays(30)): Promise<void> {
  await fromField(page).fill(origin);
  await fromField(page).press('Escape');
  await toField(page).fill(destination);
  await toField(page).press('Escape');
  await page.getByLabel(/^Departure/).fill(date);
  await page.getByRole('button', { name: 'Search flights' }).click();
}

const shownText = (page: Page) => page.getByRole('status').filter({ hasText: /^Offers: \d+ of \d+$/ });
const offers = (page: Page) => page.getByRole('article');

describe('flight search', () => {
  it('searches WAW→FRA, applies and removes a filter, and opens a fare with its seat map', async () => {
    const page = await searchPage();
    await search(page, 'WAW', 'FRA');
    await shownText(page).waitFor({ timeout: 20_000 });
    const total = Number(/of (\d+)/.exec((await shownText(page).textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(await offers(page).count()).toBeGreaterThan(0);
    // Fares in another currency show the EUR amount the price filter and the price order compare.
    const inEur = page.getByTestId('offer-price-eur').first();
    await inEur.waitFor();
    expect(await inEur.textContent()).toMatch(/^≈ €\d/);

    // The radio follows the server's filters, so it is checked once the filtered result is back.
    await page.getByRole('radio', { name: 'Direct only' }).click();
    const inForce = page.getByRole('list', { name: 'Filters in force' });
    await inForce.getByText('Direct only').waitFor();
    const direct = Number(/^Offers: (\d+)/.exec((await shownText(page).textContent()) ?? '')?.[1]);
    expect(direct).toBeLessThan(total);
    for (const offer of (await offers(page).all()).slice(0, 5)) {
      expect(await offer.getByText(/^Stops: /).count()).toBe(0);
    }
    await inForce.getByRole('button', { name: 'Remove filter: Direct only' }).click();
    await inForce.waitFor({ state: 'detached' });
    await expect.poll(async () => shownText(page).textContent()).toBe(`Offers: ${total} of ${total}`);

    await offers(page).first().getByRole('button').last().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('details-price').waitFor({ timeout: 15_000 });
    await drawer.getByRole('heading', { name: 'Baggage and penalties' }).waitFor();
    await drawer.getByRole('tab', { name: 'Seats' }).click();
    const seatMap = drawer.getByRole('table', { name: 'Seat map' });
    await seatMap.waitFor({ timeout: 15_000 });
    expect(await seatMap.getByRole('img', { name: /: Occupied$/ }).count()).toBeGreaterThan(0);
    expect(await seatMap.getByRole('img', { name: /: Free$/ }).count()).toBeGreaterThan(0);
    await drawer.getByRole('tab', { name: 'Bags' }).click();
    await drawer
      .getByRole('table', { name: 'Bags' })
      .or(drawer.getByText(/no extra bags/))
      .waitFor();
  }, 90_000);

  it('says quietly which airlines did not answer when the result is incomplete', async () => {
    if (!stack) throw new Error('the stack did not start');
    const tenant = await createTenant(stack.ctx.db);
    const own = await createAccount(stack.ctx.db, { tenant, userType: 'Agent', authMethod: 'password' });
    // LOT refuses this agency's credential: the search answers without LOT and says so.
    await stack.ctx.db
      .updateTable('agency_channels')
      .set({ credential_ciphertext: createSecretBox(testSecretKey, 'channel-credential').seal('sbx_revoked_LO') })
      .where('id', '=', `ach_${tenant.agencyId}_lo`)
      .execute();
    const page = await searchPage(stack, undefined, own);
    await search(page, 'WAW', 'FRA');
    const notice = page.getByRole('button', { name: 'Airlines that did not answer: 1' });
    await notice.waitFor({ timeout: 20_000 });
    await notice.click();
    await page.getByText('The channel credential was refused by the airline.').waitFor();
  }, 60_000);

  it('says plainly when the airline re-prices a fare differently (VIE→ZAG)', async () => {
    const page = await searchPage();
    await search(page, 'VIE', 'ZAG');
    await shownText(page).waitFor({ timeout: 20_000 });
    await offers(page).first().getByRole('button').nth(1).click();
    const drawer = page.getByRole('dialog');
    const changed = drawer.getByRole('alert', { name: 'The price has changed' });
    await changed.waitFor({ timeout: 15_000 });
    const searched = await offers(page).first().getByRole('button').nth(1).locator('p').nth(1).textContent();
    expect(await changed.textContent()).toContain(`it was ${searched} when you searched`);
    if (shotsDir) {
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(shotsDir, 'search-price-changed-1280.png') });
    }
  }, 60_000);

  it('shows the empty state for a route no airline flies (VNO→TLL)', async () => {
    const page = await searchPage();
    await search(page, 'VNO', 'TLL');
    await page.getByText('No flights found').waitFor({ timeout: 20_000 });
    expect(await shownText(page).textContent()).toBe('Offers: 0 of 0');
    expect(await offers(page).count()).toBe(0);
  }, 60_000);

  it('shows what the form is missing, and the server’s refusals at their fields', async () => {
    const page = await searchPage();
    await page.getByRole('button', { name: 'Search flights' }).click();
    expect(await page.getByText('Required', { exact: true }).count()).toBe(3);

    await search(page, 'XXX', 'FRA');
    // The server points at the origin (`/origin_destinations/0/origin`): the error sits under From.
    await expect.poll(async () => fromField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await toField(page).getAttribute('aria-invalid')).not.toBe('true');
    expect(await shownText(page).count()).toBe(0);
  }, 30_000);

  it('goes back to start with the error notice when every airline is late (OTP→SOF)', async () => {
    const page = await searchPage(lateStack);
    await search(page, 'OTP', 'SOF');
    await page.getByRole('alert').filter({ hasText: 'did not answer in time' }).waitFor({ timeout: 20_000 });
    // Start again, still filled in, ready for another try.
    await page.getByRole('button', { name: 'Search flights' }).waitFor();
    expect(await fromField(page).inputValue()).toBe('OTP');
    expect(await shownText(page).count()).toBe(0);
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'search-timeout-1280.png') });
  }, 60_000);
});

describe('at 1280 and 400 px', () => {
  it.each([1280, 400])(
    'keeps the search screens free of serious axe faults at %i px (saved with CONSOLE_SHOTS_DIR)',
    async (width) => {
      const faults: string[] = [];
      const check = async (where: string, include?: string) =>
        faults.push(...(await seriousAxeViolations(page, `${where} at ${width} px`, include)));
      const shoot = async (name: string, fullPage = false) => {
        if (!shotsDir) return;
        mkdirSync(shotsDir, { recursive: true });
        await page.screenshot({ path: path.join(shotsDir, `search-${name}-${width}.png`), fullPage });
      };
      const page = await searchPage(stack, { width, height: 900 });
      await page.getByText('Return', { exact: true }).click();
      await page.waitForTimeout(300); // the segmented control's indicator slides
      if (width < 600) {
        await page.getByText('Multi-city', { exact: true }).click();
        await page.getByRole('button', { name: 'Add a flight' }).click();
        await page.waitForTimeout(300);
        await check('the multi-city form');
        await shoot('multi-city', true);
        await page.getByText('Return', { exact: true }).click();
        await page.waitForTimeout(300);
      }
      await check('the search form');
      await shoot('start', true);
      await fromField(page).fill('Lisb');
      await page.getByRole('option', { name: /^LIS/ }).click();
      await toField(page).fill('WAW');
      await toField(page).press('Escape');
      await page.getByLabel(/^Departure/).fill(inDays(30));
      await page.locator('input[type=date]').nth(1).fill(inDays(37));
      await page.getByRole('button', { name: 'Search flights' }).click();
      await shownText(page).waitFor({ timeout: 20_000 });
      await check('the result');
      await shoot('result');
      if (width < 600) {
        await page.getByRole('button', { name: 'Show filters' }).click();
        await page.getByRole('button', { name: 'Hide filters' }).scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await check('the filters');
        await shoot('filters');
        await page.getByRole('button', { name: 'Hide filters' }).click();
      }
      await offers(page).first().getByRole('button', { name: 'Show flights' }).click();
      // The cheapest fare: Flex fares choose seats free, so its seat map shows no prices.
      await offers(page).first().getByRole('button').nth(1).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByTestId('details-price').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500); // the drawer's slide-in
      await check('the details', '[role="dialog"]');
      await shoot('details');
      await drawer.getByRole('tab', { name: 'Seats' }).click();
      const seatMap = drawer.getByRole('table', { name: 'Seat map' });
      await seatMap.waitFor({ timeout: 15_000 });
      // Paid seats carry their price: bring the first into view.
      await seatMap
        .getByRole('img', { name: /^\d+[A-Z]: \D*\d/ })
        .first()
        .scrollIntoViewIfNeeded();
      await check('the seat map', '[role="dialog"]');
      await shoot('seats');
      await drawer.getByRole('tab', { name: 'Bags' }).click();
      await drawer
        .getByRole('table', { name: 'Bags' })
        .or(drawer.getByText(/no extra bags/))
        .waitFor();
      await check('the bags', '[role="dialog"]');
      expect(faults.join('\n')).toBe('');
    },
    90_000,
  );
});
