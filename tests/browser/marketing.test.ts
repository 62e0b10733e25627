// The marketing pages in a real browser, served by the API from the prerendered build: every page in
// every language, the benefits toggle, the savings calculator, the fare demo's three steps and its
// error, the cookie notice remembered, the demo-request form, and `/` signed out versus signed in.
// With CONSOLE_SHOTS_DIR set, the agency and airlines pages are also saved at 1280 and 390 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { gdsSurcharges, yearlySavings } from '@contrail/gds-surcharges';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createAccount } from '../support/factories';
import { setCookies } from '../support/sessions';
import { startStack } from '../support/stack';

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
const shotsDir = process.env['CONSOLE_SHOTS_DIR'];

const languages = ['en', 'fr', 'es', 'ua', 'pl'] as const;
const slugs = ['', 'airlines', 'developers', 'privacy', 'terms', 'extension-terms', 'communication-policy'];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
}, 60_000);
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function newPage(locale = 'en-GB'): Promise<Page> {
  if (!browser) throw new Error('the browser did not start');
  context = await browser.newContext({ locale });
  context.setDefaultTimeout(5_000);
  return context.newPage();
}
const url = (p: string) => `${stack!.baseUrl}${p}`;

describe('every marketing page', () => {
  it('renders in all five languages with its title, description, lang, canonical and hreflang links', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const titles = new Set<string>();
    for (const language of languages) {
      for (const slug of slugs) {
        const address = slug ? `/${language}/${slug}` : `/${language}`;
        const response = await page.goto(url(address));
        expect(response?.status(), address).toBe(200);
        expect(await page.locator('html').getAttribute('lang')).toBe(language === 'ua' ? 'uk' : language);
        const title = await page.title();
        expect(title.length, address).toBeGreaterThan(10);
        titles.add(title);
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url(address));
        const alternates = await page
          .locator('link[rel="alternate"]')
          .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
        expect(alternates).toEqual(['en', 'fr', 'es', 'uk', 'pl', 'x-default']);
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        const text = await page.locator('body').innerText();
        // A missing key would surface as a dotted key, "undefined" or a template placeholder.
        expect(text, address).not.toMatch(
          /undefined|\[object|__CONTRAIL|\{[a-z]+\}|\b[a-z]+\.[a-z]+\.[a-zA-Z]+\b(?!\.)/,
        );
        // The policies are linked from every footer, in the page's language.
        const footerLinks = await page
          .getByRole('contentinfo')
          .getByRole('link')
          .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
        for (const policy of ['privacy', 'terms', 'extension-terms', 'communication-policy']) {
          expect(footerLinks).toContain(`/${language}/${policy}`);
        }
      }
    }
    expect(titles.size).toBe(35);
    expect(errors).toEqual([]);
  }, 90_000);

  it('has no serious or critical axe-core violation', async () => {
    if (!browser) throw new Error('the browser did not start');
    // The pages' CSP would refuse the injected script; axe only reads the page.
    context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const addresses = [...slugs.map((s) => (s ? `/en/${s}` : '/en')), ...languages.map((l) => `/${l}`)];
    const found: string[] = [];
    for (const address of addresses) {
      await page.goto(url(address));
      found.push(...(await seriousAxeViolations(page, address)));
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('switches language on the same page', async () => {
    const page = await newPage();
    await page.goto(url('/en/airlines'));
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'PL' }).click();
    await page.waitForURL((a) => a.pathname === '/pl/airlines');
    await page
      .getByRole('heading', { level: 1, name: 'Tańsza dystrybucja do agencji, które już Cię sprzedają' })
      .waitFor();
  });

  it('answers 404 for a language or page that does not exist', async () => {
    expect((await request(stack!.baseUrl).get('/de')).status).toBe(404);
    expect((await request(stack!.baseUrl).get('/en/nothing')).status).toBe(404);
    // The prerendered files are not served a second time as assets.
    expect((await request(stack!.baseUrl).get('/packs/marketing/en/index.html')).status).toBe(404);
  });
});

describe('the agency home', () => {
  it('opens the hidden benefits with "View more" and closes them with "Hide"', async () => {
    const page = await newPage();
    await page.goto(url('/en'));
    const list = page.locator('#benefit-list > li');
    const visible = () => list.evaluateAll((items) => items.filter((i) => !(i as HTMLElement).hidden).length);
    expect(await visible()).toBe(4);
    const toggle = page.getByRole('button', { name: 'View more' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await visible()).toBe(await list.count());
    const hide = page.getByRole('button', { name: 'Hide' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await hide.click();
    expect(await visible()).toBe(4);
    await page.getByRole('button', { name: 'View more' }).waitFor();
  });

  it('has exactly 13 FAQ questions, the partners and IATA blocks', async () => {
    const page = await newPage();
    await page.goto(url('/fr'));
    expect(await page.locator('.faq details').count()).toBe(13);
    await page.getByRole('heading', { name: 'Partenaires certifiés' }).waitFor();
    await page.getByRole('heading', { name: 'Inscrit au registre IATA' }).waitFor();
  });

  it('computes yearly savings from the shared surcharge table and states the figures', async () => {
    const page = await newPage();
    await page.goto(url('/en'));
    for (const s of gdsSurcharges) {
      await page.getByRole('row').filter({ hasText: s.name }).getByText(`€${s.perSegment}`).waitFor();
    }
    await page.getByLabel('Tickets sold per month').fill('100');
    await page.getByLabel('Airline').selectOption('LH');
    expect(yearlySavings(100, 'LH')).toBe('46800.00');
    await page.locator('#calc-result').getByText('Yearly savings: €46,800.00').waitFor();
    await page.getByLabel('Airline').selectOption('BA');
    await page.locator('#calc-result').getByText('Yearly savings: €26,400.00').waitFor();
    await page.getByLabel('Tickets sold per month').fill('0');
    await page.locator('#calc-result').getByText('Yearly savings: €0.00').waitFor();
  });

  it('runs the demo: entry -> prices -> book prompt, or another itinerary', async () => {
    const page = await newPage();
    await page.goto(url('/en'));
    const entry = page.getByLabel('Fare calculation entry');
    // The example the page offers shows what the product is for: a saving, the carrier's GDS surcharges.
    expect(await entry.inputValue()).toBe('FRA LH LHR 100.00 LH FRA 100.00NUC200.00END ROE0.920000');
    await page.getByRole('button', { name: 'Compare prices' }).click();

    await page.getByRole('heading', { name: 'Your itinerary, priced two ways' }).waitFor({ timeout: 10_000 });
    const prices = await page.locator('.prices dd').allTextContents();
    expect(prices).toHaveLength(3);
    for (const p of prices) expect(p).toMatch(/^€\d/);
    expect(await page.locator('#demo-saving-row').isVisible()).toBe(true);
    await page
      .getByText(/Flights LH \d+, LH \d+\. GDS price: the fare €184\.00 plus GDS surcharges €39\.00 \(ROE 0\.920000\)/)
      .waitFor();

    await page.getByRole('button', { name: 'Book and fix this price' }).click();
    await page.getByRole('heading', { name: 'Book and fix the price' }).waitFor();
    const prompt = page.locator('#demo-prompt');
    expect(await prompt.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign_in');
    expect(await prompt.getByRole('link', { name: 'Request a demo' }).getAttribute('href')).toBe(
      '/en/airlines#request-demo',
    );

    await prompt.getByRole('button', { name: 'Try another itinerary' }).click();
    await entry.waitFor({ state: 'visible' });
    expect(await page.locator('#demo-result').isHidden()).toBe(true);

    // The typed ROE is used; at 1.00 the GDS fare in zloty is far below ours: no saving, said in words.
    await entry.fill('WAW LO KBP 120.00NUC120.00END ROE1.00');
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await page.getByText(/GDS price: the fare PLN\s?120\.00 .*\(ROE 1\.000000\)/).waitFor({ timeout: 10_000 });
    await page.getByText('No saving on this itinerary: the GDS price is not higher than ours.').waitFor();
    expect(await page.locator('#demo-saving-row').isHidden()).toBe(true);
    expect(await page.locator('#demo-result').innerText()).not.toMatch(/[−-]\s?(PLN|zł)|save\s*[−-]/);
  }, 30_000);

  it('names what it cannot read in the entry', async () => {
    const page = await newPage();
    await page.goto(url('/en'));
    const entry = page.getByLabel('Fare calculation entry');
    await entry.fill('WAW LOT KBP 120.00NUC120.00END');
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await page
      .getByRole('alert')
      .getByText('Could not read "LOT" at character 5: expected a two-character airline code, /- or the NUC total.')
      .waitFor();
    expect(await entry.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#demo-result').isHidden()).toBe(true);
  });

  it('remembers the cookie choice across pages and reloads', async () => {
    const page = await newPage();
    await page.goto(url('/en'));
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: 'Read our privacy policy' }).getAttribute('href')).toBe(
      '/en/privacy',
    );
    await notice.getByRole('button', { name: 'Accept' }).click();
    await notice.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('contrail_cookie_consent'))).toBe('accepted');
    await page.reload();
    await page.goto(url('/pl/developers'));
    await page.waitForTimeout(300);
    expect(await page.locator('#cookie-notice').isHidden()).toBe(true);
  });
});

describe('the airlines page', () => {
  it('sends the one-field demo request and promises contact within the day', async () => {
    const page = await newPage();
    await page.goto(url('/en/airlines#request-demo'));
    const email = `cargo-${Date.now()}@airline.example`;
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Request a demo' }).last().click();
    await page.getByRole('status').getByText('Thank you. We will contact you within the day.').waitFor();
    const rows = await stack!.ctx.db.selectFrom('demo_requests').selectAll().where('email', '=', email).execute();
    expect(rows).toMatchObject([{ email, language: 'en' }]);
  });
});

describe('/', () => {
  it('shows the agency home to the signed out, in the language the browser prefers', async () => {
    const page = await newPage('pl-PL');
    const response = await page.goto(url('/'));
    expect(response?.headers()['vary']).toMatch(/Cookie/);
    expect(await page.locator('html').getAttribute('lang')).toBe('pl');
    await page
      .getByRole('heading', { level: 1, name: 'Taryfy NDC ponad 30 linii lotniczych w Twoim GDS, bez opłat GDS' })
      .waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url('/pl'));
  });

  it('shows the back office to the signed in', async () => {
    const agent = await createAccount(stack!.ctx.db, { authMethod: 'password' });
    const res = await request(stack!.baseUrl)
      .post('/api/v1/sign_in')
      .send({ identity: agent.email, password: agent.password });
    expect(res.status).toBe(200);
    const page = await newPage();
    await context!.addCookies(
      setCookies(res).map((line) => {
        const [name, value] = line.split(';')[0]!.split('=') as [string, string];
        return { name, value, url: stack!.baseUrl };
      }),
    );
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1, name: 'Welcome to Contrail' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('#cookie-notice').count()).toBe(0);
  });

  it('sends the signed out who reach / inside the back office to the agency home', async () => {
    const page = await newPage();
    await page.goto(url('/sign_in'));
    await page.getByRole('heading', { level: 1, name: 'Sign in to Contrail' }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: /NDC fares of 30\+ airlines/ }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows the sign-out notice from the address on the agency home', async () => {
    const page = await newPage();
    await page.goto(url('/?message=You%20have%20signed%20out.&type=success'));
    await page.getByRole('status').filter({ hasText: 'You have signed out.' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});

describe.runIf(shotsDir)('screenshots', () => {
  it.each([1280, 390])(
    'saves the marketing pages at %i px',
    async (width) => {
      mkdirSync(shotsDir!, { recursive: true });
      const page = await newPage();
      await page.setViewportSize({ width, height: 900 });
      for (const [name, address] of [
        ['marketing-home-en', '/en'],
        ['marketing-airlines-ua', '/ua/airlines'],
        ['marketing-privacy-fr', '/fr/privacy'],
      ] as const) {
        await page.goto(url(address));
        await page.waitForTimeout(200);
        await page.screenshot({ path: path.join(shotsDir!, `${name}-${width}.png`), fullPage: true });
      }
      await page.goto(url('/en'));
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('button', { name: 'Compare prices' }).click();
      const result = page.locator('#demo-result');
      await result.waitFor({ timeout: 10_000 });
      await result.screenshot({ path: path.join(shotsDir!, `marketing-demo-result-${width}.png`) });
    },
    30_000,
  );
});
