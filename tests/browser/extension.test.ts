// The browser extension, built and loaded into Chromium, against the real stack: the agent
// connects it from the console's settings, chooses the terminal pages in its options, and then, on
// a local imitation of each GDS terminal (Amadeus, Sabre, Travelport), types the PNR's name entry
// and an availability entry; the panel (the side panel's page, opened in a tab) searches the
// extension's channels, shows the offers, books the first fare, issues it, and the PNR entries go
// into the terminal's command line on one click, and only then. Then the rest of what the panel does:
// cancel, void and refund; the unread count on the icon's badge; the context menu's search of
// selected text; and a credential revoked in the console, which the panel and the badge notice.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationConsumer } from '../../api/src/domain/notifications/notification-consumer';
import { demoAccounts, demoPassword } from '../../api/src/scripts/seed';
import { seriousAxeViolations } from '../support/axe';
import { signInByPassword } from '../support/browser';
import { launchWithExtension } from '../support/extension';
import { startGdsTerminals, type TerminalDialect } from '../support/gds-terminals';
import { tell } from '../support/notifications';
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
async function openPanel(): Promise<Page> {
  const panel = await context().newPage();
  await panel.goto(extensionPage('panel'));
  await panel.getByTestId('panel-connected').waitFor();
  return panel;
}
async function openTerminal(dialect: TerminalDialect): Promise<Page> {
  const terminal = await context().newPage();
  await terminal.goto(`${terminals.origin}/${dialect}`);
  await terminal.bringToFront();
  return terminal;
}

/** An availability entry in the terminal, then its first fare booked from the panel: the booking's locator. */
async function bookFromTerminal(panel: Page, terminal: Page, availability: string): Promise<string> {
  await type(terminal, availability);
  const offers = panel.getByTestId('panel-offer');
  await offers.first().waitFor({ timeout: 30_000 });
  await offers
    .first()
    .getByRole('button', { name: /^Book / })
    .first()
    .click();
  const form = panel.getByTestId('panel-book-form');
  for (const [label, value] of [
    ['Last name', 'NOWAK'],
    ['First name', 'ANNA'],
    ['Date of birth', '1990-07-01'],
    ['Email', 'anna@example.com'],
    ['Phone', '+48 600 100 300'],
  ] as const) {
    if ((await form.getByLabel(label).inputValue()) === '') await form.getByLabel(label).fill(value);
  }
  await form.getByRole('button', { name: /^Book for / }).click();
  const booking = panel.getByTestId('panel-booking').and(panel.locator('[data-status="new"]'));
  await booking.or(panel.getByTestId('panel-error')).waitFor({ timeout: 30_000 });
  expect(await panel.getByTestId('panel-error').allInnerTexts()).toEqual([]);
  return (await booking.getByRole('heading').innerText()).replace('Booking ', '').trim();
}

/** The status the panel's booking reaches after the agent's action (and its confirmation, when asked). */
async function act(panel: Page, button: RegExp, confirm: RegExp | null, status: string) {
  const booking = panel.getByTestId('panel-booking');
  await booking.getByRole('button', { name: button }).click();
  if (confirm) await booking.getByRole('button', { name: confirm }).click();
  await booking
    .and(panel.locator(`[data-status="${status}"]`))
    .or(panel.getByTestId('panel-error'))
    .waitFor({ timeout: 30_000 });
  expect(await panel.getByTestId('panel-error').allInnerTexts()).toEqual([]);
}

/** The icon's badge, as an extension page reads it. */
const badgeText = (panel: Page) =>
  panel.evaluate(() =>
    (
      globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }
    ).chrome.action.getBadgeText({}),
  );
/** The extension's stored connection, as an extension page reads it. */
const storedConnection = (panel: Page) =>
  panel.evaluate(async () => {
    const local = (
      globalThis as unknown as {
        chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } };
      }
    ).chrome.storage.local;
    return (await local.get('connection'))['connection'] as { token: string; mode: string; revoked?: boolean };
  });
const askForBadge = (panel: Page) =>
  panel.evaluate(() =>
    (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime
      .sendMessage({ type: 'badge.refresh' })
      .catch(() => undefined),
  );

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
      expect(await seriousAxeViolations(panel, `${dialect} offers`)).toEqual([]);

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

  it('cancels a held booking, voids an issued one and refunds another, each asked once', async () => {
    const panel = await openPanel();
    const terminal = await openTerminal('sabre');
    // A new date for each booking: each entry's echo on the screen is its own.
    const availability = (days: number) => `1${ddmmm(days)}WAWFRA`;

    // Held: cancelled after one confirmation; "No" leaves it as it was.
    await bookFromTerminal(panel, terminal, availability(34));
    const booking = panel.getByTestId('panel-booking');
    await booking.getByRole('button', { name: 'Cancel booking' }).click();
    await booking.getByText('End this booking? This cannot be undone.').waitFor();
    await booking.getByRole('button', { name: 'No' }).click();
    expect(await booking.getAttribute('data-status')).toBe('new');
    await act(panel, /^Cancel booking$/, /^Yes$/, 'cancelled');
    await booking.getByText('This booking is over.').waitFor();
    // An ended booking has nothing to record in the PNR and no action left.
    expect(await panel.getByTestId('panel-pnr-entries').count()).toBe(0);
    expect(await booking.getByRole('button').count()).toBe(0);
    await shot(panel, 'panel-cancelled');

    // Issued, inside the void window: voided.
    await bookFromTerminal(panel, terminal, availability(35));
    await act(panel, /^Issue for /, /^Yes$/, 'issued');
    await act(panel, /^Void tickets$/, /^Yes$/, 'voided');
    await booking.getByText('This booking is over.').waitFor();

    // Issued, then refunded on the airline's quote: the quote first, then its confirmation.
    await bookFromTerminal(panel, terminal, availability(37));
    await act(panel, /^Issue for /, /^Yes$/, 'issued');
    await booking.getByRole('button', { name: 'Refund' }).click();
    const confirm = booking.getByRole('button', { name: /^Confirm refund of / });
    await confirm.or(panel.getByTestId('panel-error')).waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('panel-error').allInnerTexts()).toEqual([]);
    expect(await booking.getAttribute('data-status')).toBe('issued');
    await shot(panel, 'panel-refund-quote');
    expect(await seriousAxeViolations(panel, 'panel, refund quote')).toEqual([]);
    await act(panel, /^Confirm refund of /, null, 'refunded');
    await booking.getByText('This booking is over.').waitFor();
    await terminal.close();
    await panel.close();
  }, 180_000);

  it("counts the agent's unread notifications on the icon's badge, and clears it when they are read", async () => {
    const panel = await openPanel();
    const { token } = await storedConnection(panel);
    const unread = async () => {
      const answer = await fetch(`${stack.apiUrl}/notifications?per_page=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { meta: { unread: number } }).meta.unread;
    };
    const consumer = createNotificationConsumer({ mail: stack.ctx.mail, appUrl: stack.baseUrl });
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select(['id', 'locator', 'agency_id', 'company_id', 'agent_id', 'time_limit'])
      .where(
        'agent_id',
        '=',
        (
          await stack.ctx.db
            .selectFrom('accounts')
            .select('id')
            .where('email', '=', agent.email)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const before = await unread();
    for (let i = 0; i < 3; i++) {
      await tell(stack.ctx.db, consumer, {
        type: 'booking.time_limit_approaching',
        agencyId: row.agency_id,
        companyId: row.company_id,
        bookingId: row.id,
        agentId: row.agent_id,
        liveMode: false,
        object: { locator: row.locator, time_limit: row.time_limit?.toISOString() ?? null },
      });
    }
    expect(await unread()).toBe(before + 3);
    await askForBadge(panel);
    await expect.poll(() => badgeText(panel), { timeout: 10_000 }).toBe(String(before + 3));

    // The panel lists them; reading them there clears the badge.
    await panel.reload();
    const list = panel.getByTestId('panel-notifications');
    await list.getByRole('heading', { name: `Notifications (${before + 3})` }).waitFor();
    await shot(panel, 'panel-notifications');
    expect(await seriousAxeViolations(panel, 'panel, notifications')).toEqual([]);
    await list.getByRole('button', { name: 'Mark all as read' }).click();
    await list.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    await expect.poll(() => badgeText(panel), { timeout: 10_000 }).toBe('');
    expect(await unread()).toBe(0);
    await panel.close();
  });

  it('searches the text the agent selected on any page, from the context menu', async () => {
    const panel = await openPanel();
    // The menu's item exists (updating a missing one fails) …
    await askForBadge(panel);
    const worker = context()
      .serviceWorkers()
      .find((w) => w.url().startsWith(`chrome-extension://${browser.extensionId}/`))!;
    await worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { contextMenus: { update(id: string, p: object): Promise<void> } } }
      ).chrome.contextMenus.update('contrail-search-selection', { title: 'Search in Contrail' }),
    );
    // … and its action, given what a page's selection would give it: recognised in any dialect.
    const search = (text: string) =>
      worker.evaluate(
        (selected) =>
          (
            globalThis as unknown as { contrailSearchSelection(text: string, tab: undefined): void }
          ).contrailSearchSelection(selected, undefined),
        text,
      );
    const entry = `1${ddmmm(36)}WAWFRA`;
    await search(`The client asks for\n${entry}\nin the morning`);
    await panel.getByTestId('panel-entry').getByText(entry).waitFor();
    await panel.getByTestId('panel-offer').first().waitFor({ timeout: 30_000 });
    await shot(panel, 'panel-selection-offers');
    await search('nothing cryptic here');
    await panel.getByTestId('panel-error').getByText('Nothing in the selection was recognised as an entry.').waitFor();
    await panel.close();
  });

  it('notices a credential revoked in the console: reconnect, the way to Settings, and "!" on the badge', async () => {
    const panel = await openPanel();
    const { token, mode } = await storedConnection(panel);
    // The mode is the credential's own, read from the token the API wrote.
    expect(mode).toBe(token.startsWith('ctr_live_') ? 'live' : 'test');
    const console = await context().newPage();
    await console.goto(`${stack.baseUrl}/settings`);
    const credential = console.getByTestId('extension-credential').filter({ hasText: token.slice(0, 12) });
    await credential.getByRole('button', { name: 'Revoke' }).click();
    await credential.waitFor({ state: 'detached' });

    // The panel's next call is refused: it says so, with the way back.
    await panel.reload();
    const revoked = panel.getByTestId('panel-revoked');
    await revoked.waitFor();
    expect(await revoked.getByRole('link', { name: 'Open Settings → Browser extension' }).getAttribute('href')).toBe(
      `${stack.baseUrl}/settings`,
    );
    await expect.poll(() => badgeText(panel), { timeout: 10_000 }).toBe('!');
    await shot(panel, 'panel-revoked');
    expect(await seriousAxeViolations(panel, 'panel, revoked')).toEqual([]);
    if (shots) {
      // The side panel's width, in each language (the connection carries the console's language).
      await panel.setViewportSize({ width: 400, height: 700 });
      for (const language of ['ua', 'pl', 'en'] as const) {
        await panel.evaluate(async (lang) => {
          const local = (
            globalThis as unknown as {
              chrome: {
                storage: {
                  local: { get(k: string): Promise<Record<string, object>>; set(v: object): Promise<void> };
                };
              };
            }
          ).chrome.storage.local;
          const { connection } = await local.get('connection');
          await local.set({ connection: { ...connection, language: lang } });
        }, language);
        await panel.reload();
        await revoked.waitFor();
        await shot(panel, `panel-revoked-400-${language}`);
      }
    }

    // Connecting again from the console replaces the credential: the panel works again. The console
    // says which mode the API gave the credential.
    for (const language of shots ? (['ua', 'pl', 'en'] as const) : (['en'] as const)) {
      await console.evaluate((lang) => localStorage.setItem('language', lang), language);
      await console.reload();
      await console.getByTestId('connect-extension').click();
      await console.getByTestId('connect-extension-outcome').waitFor();
      for (const width of [400, 1280]) {
        await console.setViewportSize({ width, height: 900 });
        await console.getByTestId('connect-extension-outcome').scrollIntoViewIfNeeded();
        if (shots) await console.screenshot({ path: `${shots}/console-connected-${width}-${language}.png` });
      }
    }
    expect(await console.getByTestId('connect-extension-outcome').innerText()).toBe(
      "The extension is connected. Its credential's mode, as the API made it: Test.",
    );
    await panel.getByTestId('panel-connected').waitFor();
    expect(await panel.getByTestId('panel-revoked').count()).toBe(0);
    await expect.poll(() => badgeText(panel), { timeout: 10_000 }).not.toBe('!');
    await console.close();
    await panel.close();
  });
});
