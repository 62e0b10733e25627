// The browser extension, built and loaded into Chromium, against the real stack: the agent
// connects it from the console's settings, chooses the terminal pages in its options, and then, on
// a local imitation of each GDS terminal (Amadeus, Sabre, Travelport), types the PNR's name entry
// and an availability entry; the panel (the side panel's page, opened in a tab) searches the
// extension's channels, shows the offers, books the first fare, issues it, and the PNR entries go
// into the terminal's command line on one click, and only then.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../api/src/scripts/seed';
import { signInByPassword } from '../support/browser';
import { launchWithExtension } from '../support/extension';
import { startGdsTerminals, type TerminalDialect } from '../support/gds-terminals';
import { startStack, type Stack } from '../support/stack';

const shots = process.env['EXTENSION_SHOTS_DIR'];
const agent = demoAccounts.find((a) => a.userType === 'Agent')!;
let stack: Stack;
let terminals: Awaited<ReturnType<typeof startGdsTerminals>>;
let browser: Awaited<ReturnType<typeof launchWithExtension>>;

beforeAll(async () => {
  [stack, terminals, browser] = await Promise.all([startStack(), startGdsTerminals(), launchWithExtension()]);
  browser.context.setDefaultTimeout(20_000);
  if (shots) mkdirSync(shots, { recursive: true });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([stack?.close(), terminals?.close()]);
});

const context = (): BrowserContext => browser.context;
const extensionPage = (path: string) => `chrome-extension://${browser.extensionId}/src/extension/${path}/index.html`;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};
const ddmmm = (days: number) =>
  new Date(Date.now() + days * 86_400_000)
    .toLocaleDateString('en-GB', { day: '2-digit', month: 'short', timeZone: 'UTC' })
    .replace(' ', '')
    .toUpperCase();

/** Each terminal's entries: the PNR's name, a contact, and an availability entry for WAW→FRA. */
const entries: Record<TerminalDialect, { names: string; contact: string; availability: string }> = {
  amadeus: {
    names: 'NM1KOWALSKI/JAN MR',
    contact: 'APE-JAN.KOWALSKI@MAIL.EXAMPLE.PL',
    availability: `AN${ddmmm(30)}WAWFRA`,
  },
  sabre: { names: '-KOWALSKI/JAN MR', contact: '9WAW48221234567-A', availability: `1${ddmmm(31)}WAWFRA` },
  travelport: { names: 'N.KOWALSKI/JAN MR', contact: 'P.WAWT*48221234567', availability: `A${ddmmm(32)}WAWFRA` },
};

async function type(terminal: Page, entry: string) {
  const command = terminal.getByLabel('Command');
  await command.click();
  await command.pressSequentially(entry);
  await command.press('Enter');
  await terminal.getByRole('log').getByText(`> ${entry}`, { exact: true }).waitFor();
}
const commandText = (terminal: Page) =>
  terminal
    .getByLabel('Command')
    .evaluate((el) => ('value' in el ? (el as HTMLInputElement).value : (el as HTMLElement).innerText));

describe('the extension', () => {
  it('shows how to connect, links its terms, and watches the terminal pages the agent sets in its options', async () => {
    const panel = await context().newPage();
    await panel.goto(extensionPage('panel'));
    await panel.getByTestId('panel-not-connected').waitFor();
    await shot(panel, 'panel-not-connected');

    const options = await context().newPage();
    await options.goto(extensionPage('options'));
    for (const dialect of ['amadeus', 'sabre', 'travelport'] as const) {
      await options
        .getByTestId(`options-${dialect}`)
        .getByRole('textbox')
        .first()
        .fill(`${terminals.origin}/${dialect}*`);
    }
    expect(await options.getByTestId('options-terms').getAttribute('href')).toMatch(/\/en\/extension-terms$/);
    await options.getByRole('button', { name: 'Save and allow these sites' }).click();
    await options
      .getByTestId('options-outcome')
      .getByText(/^Saved\./)
      .waitFor();
    await shot(options, 'options');
    await options.close();
    // A pattern that is not one is refused before anything is saved or asked.
    const again = await context().newPage();
    await again.goto(extensionPage('options'));
    await again.getByTestId('options-amadeus').getByRole('textbox').first().fill('not a pattern');
    await again.getByRole('button', { name: 'Save and allow these sites' }).click();
    await again.getByTestId('options-outcome').getByText('Not a URL pattern: not a pattern').waitFor();
    await again.close();
    await panel.close();
  });

  it('connects from the console settings with an extension credential the agent sees and can revoke', async () => {
    const console = await context().newPage();
    await signInByPassword(console, `${stack.baseUrl}/sign_in?next=%2Fsettings`, {
      email: agent.email,
      password: demoPassword,
    });
    await console.getByRole('heading', { name: 'Browser extension' }).waitFor();
    await console.getByTestId('connect-extension').click();
    await console.getByTestId('connect-extension-outcome').getByText('The extension is connected.').waitFor();
    await console.getByTestId('extension-credential').first().waitFor();
    await console.getByRole('heading', { name: 'Browser extension' }).scrollIntoViewIfNeeded();
    await shot(console, 'console-settings-connected');
    await console.close();
    const panel = await context().newPage();
    await panel.goto(extensionPage('panel'));
    await panel.getByTestId('panel-mode').getByText('Test mode').waitFor();
    await panel.getByTestId('panel-waiting').waitFor();
    await panel.close();
  });

  for (const dialect of ['amadeus', 'sabre', 'travelport'] as const) {
    it(`${dialect}: an availability entry → offers in the panel → book → issue → PNR entries inserted on one click`, async () => {
      const panel = await context().newPage();
      const crashes: string[] = [];
      panel.on('pageerror', (e) => crashes.push(e.message));
      await panel.goto(extensionPage('panel'));
      await panel.getByTestId('panel-connected').waitFor();
      const terminal = await context().newPage();
      await terminal.goto(`${terminals.origin}/${dialect}`);
      await terminal.bringToFront();

      await type(terminal, entries[dialect].names);
      await panel
        .getByTestId('panel-pnr-names')
        .getByText(/KOWALSKI\/JAN/)
        .waitFor();
      await type(terminal, entries[dialect].availability);
      await panel.getByTestId('panel-entry').getByText(entries[dialect].availability).waitFor();
      const offers = panel.getByTestId('panel-offer');
      await offers.first().waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('panel-error').count()).toBe(0);
      // Fare families side by side with their time limits.
      expect(await offers.first().getByTestId('panel-fare').count()).toBeGreaterThan(0);
      await shot(panel, `${dialect}-offers`);

      await offers
        .first()
        .getByRole('button', { name: /^Book / })
        .first()
        .click();
      const form = panel.getByTestId('panel-book-form');
      expect(await form.getByLabel('Last name').inputValue()).toBe('KOWALSKI');
      await form.getByLabel('Date of birth').fill('1985-03-14');
      if ((await form.getByLabel('Email').inputValue()) === '') await form.getByLabel('Email').fill('jan@example.com');
      if ((await form.getByLabel('Phone').inputValue()) === '') await form.getByLabel('Phone').fill('+48 600 100 200');
      await form.getByRole('button', { name: /^Book for / }).click();
      const booking = panel.getByTestId('panel-booking');
      await booking
        .and(panel.locator('[data-status="new"]'))
        .or(panel.getByTestId('panel-error'))
        .waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('panel-error').allInnerTexts()).toEqual([]);
      // Nothing reaches the terminal before the agent's click.
      expect(await commandText(terminal)).toBe('');

      await booking.getByRole('button', { name: /^Issue for / }).click();
      await booking.getByRole('button', { name: 'Yes' }).click();
      await booking.and(panel.locator('[data-status="issued"]')).waitFor({ timeout: 30_000 });
      await panel.getByTestId('panel-tickets').waitFor();
      const pnrText = (await panel.getByTestId('panel-pnr-text').innerText()).trim();
      const locator = (await booking.getByRole('heading').innerText()).replace('Booking ', '').trim();
      expect(pnrText).toContain(locator);
      await shot(panel, `${dialect}-issued`);

      await panel.getByRole('button', { name: 'Insert into the terminal' }).click();
      await panel.getByTestId('panel-pnr-state').getByText('Inserted into the terminal').waitFor();
      const inserted = await commandText(terminal);
      const lines = pnrText.split('\n');
      // One entry per line where the command line holds lines; a one-line field joins them with the dialect's end-item.
      for (const line of lines) expect(inserted).toContain(line);
      expect(inserted).toContain(locator);
      // The terminal sent nothing: no entry after the availability one was echoed.
      expect(await terminal.getByRole('log').getByText(locator).count()).toBe(0);
      await shot(terminal, `${dialect}-terminal-inserted`);
      expect(crashes).toEqual([]);
      await terminal.close();
      await panel.close();
    }, 120_000);
  }
});
