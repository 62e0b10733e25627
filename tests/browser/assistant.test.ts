// The admin assistant's page (/admin/assistant) in a real browser, against the real API and its
// rules planner: an Admin asks a reading question and sees its table, asks for a change and sees
// the plan card (Cancel changes nothing; Confirm runs it once, checked through the API, and each
// step says what it did), Enter sends and ArrowUp brings back the last question; the history panel
// lists past conversations and reopens one with its plans' outcome, and a question then continues
// it; an agent sees no link and is refused on the URL. axe
// finds no serious or critical fault at 1280 and 400 px, and nothing runs off the side at 400 px.
// Screenshots in en, ua and pl at both widths when ASSISTANT_SHOTS_DIR (or CONSOLE_SHOTS_DIR) is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInByPassword } from '../support/browser';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let browser: Browser;
let tenant: TestTenant;
const contexts: BrowserContext[] = [];
const shotsDir = process.env['ASSISTANT_SHOTS_DIR'] ?? process.env['CONSOLE_SHOTS_DIR'];
const tenantName = `Zephyrine Voyages ${Date.now().toString(36)}`;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startStack({ withSandbox: false, env: { TRUST_PROXY: 'true' } }),
    launchBrowser(),
  ]);
  tenant = await createTenant(stack.ctx.db, tenantName);
}, 120_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const address = () => ['10', ...Array.from({ length: 3 }, () => String(1 + Math.floor(Math.random() * 254)))].join('.');

async function signedIn(who: TestAccount, width = 1280, language = 'en'): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': address() },
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signInByPassword(page, `${stack.baseUrl}/sign_in`, who);
  await page.waitForURL((url) => url.pathname === '/');
  // The console's language, as the language switch stores it (sign-in itself is in English).
  await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
  return page;
}

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(300);
  // The viewport grows to the page, so the fixed header and footer stay where they belong.
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({ path: path.join(shotsDir, `assistant-${name}.png`) });
  await page.setViewportSize(viewport);
}

async function noSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function partnerGate(token: string): Promise<boolean> {
  const response = await fetch(`${stack.apiUrl}/agencies/${tenant.agencyId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticketing_active: boolean }).ticketing_active;
}

const turns = (page: Page) => page.locator('[data-turn]');

describe('the Assistant page', () => {
  it('answers with a table, proposes a plan, cancels it and confirms another once', { timeout: 120_000 }, async () => {
    const admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
    const page = await signedIn(admin);
    await page.goto(`${stack.baseUrl}/admin/partners`);
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Assistant' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/assistant');
    const input = page.getByRole('textbox', { name: 'Your question' });
    await input.waitFor();
    expect(await page.evaluate(() => document.title)).toContain('Assistant');

    // A reading question, sent with Enter: the answer's table.
    await input.fill(`balance of company ${tenantName} branch`);
    await input.press('Enter');
    const balances = page.getByRole('table', { name: 'Balances' });
    await balances.waitFor();
    await balances.getByRole('cell', { name: `${tenantName} branch` }).waitFor();
    expect(await input.inputValue()).toBe('');

    // Shift+Enter is a new line, not a question.
    await input.type('first line');
    await input.press('Shift+Enter');
    await input.type('second');
    expect(await input.inputValue()).toBe('first line\nsecond');
    expect(await turns(page).count()).toBe(1);
    await input.fill('');

    // ArrowUp in the empty input brings back the last question; ArrowDown empties it again.
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe(`balance of company ${tenantName} branch`);
    await input.press('ArrowDown');
    expect(await input.inputValue()).toBe('');

    // A suggested question fills and sends.
    await page.getByRole('button', { name: 'list the channels and their gates' }).click();
    await expect.poll(() => turns(page).count()).toBe(2);
    await page.getByRole('table', { name: 'Gates' }).waitFor();
    // A long table shows its first ten rows, and the rest on demand.
    const channels = page.getByRole('table', { name: 'Channels' });
    expect(await channels.locator('tbody tr').count()).toBe(10);
    await page.getByRole('button', { name: /^Show all \d+ rows$/ }).click();
    expect(await channels.locator('tbody tr').count()).toBeGreaterThan(10);
    await shot(page, 'read-en-1280');
    expect(await seriousAxeViolations(page, 'read at 1280')).toEqual([]);

    // A change comes back as a plan; Cancel changes nothing.
    expect(await partnerGate(admin.token)).toBe(true);
    await input.fill(`close the gate of agency ${tenantName}`);
    await input.press('Enter');
    const first = page.locator('[data-plan]').first();
    await first.getByText(`close the gate of partner ${tenantName}`).waitFor();
    await shot(page, 'plan-en-1280');
    expect(await seriousAxeViolations(page, 'plan at 1280')).toEqual([]);
    await first.getByRole('button', { name: 'Cancel' }).click();
    await first.getByText('Cancelled: nothing was changed.').waitFor();
    expect(await first.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    expect(await partnerGate(admin.token)).toBe(true);

    // The same request again, confirmed: it runs once, and the gate is closed.
    const executes: string[] = [];
    page.on('request', (r) => r.url().endsWith('/admin_panel/execute') && executes.push(r.url()));
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe(`close the gate of agency ${tenantName}`);
    await input.press('Enter');
    const second = page.locator('[data-plan]').nth(1);
    await second.getByRole('button', { name: 'Confirm' }).click();
    await second
      .locator('[data-step-result="ok"]')
      .getByText(`The gate of partner ${tenantName} (${tenant.agencyId}) is now closed.`)
      .waitFor();
    await second.getByText(/^Done at /).waitFor();
    expect(executes).toHaveLength(1);
    expect(await partnerGate(admin.token)).toBe(false);
    // The history lists this conversation, by its first question, as the one shown.
    await page.locator('[data-history] [data-current]').getByText(`balance of company ${tenantName} branch`).waitFor();
    await shot(page, 'executed-en-1280');

    // At 400 px: the tables scroll in their own box, the page does not.
    await page.setViewportSize({ width: 400, height: 900 });
    await page.waitForTimeout(300);
    await noSideways(page);
    await shot(page, 'executed-en-400');
    expect(await seriousAxeViolations(page, 'executed at 400')).toEqual([]);
  });

  it(
    'reopens a past conversation from the history, with its plans and what they did; then continues it',
    { timeout: 180_000 },
    async () => {
      const admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
      const post = async (path: string, body: object) => {
        const response = await fetch(`${stack.apiUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as { conversation_id: string; plan: { id: string; hash: string } | null };
      };
      const texts = {
        en: {
          read: `balance of company ${tenantName} branch`,
          write: `close the gate of agency ${tenantName}`,
          result: `The gate of partner ${tenantName} (${tenant.agencyId}) is now closed.`,
          history: 'History',
          open: 'Open',
          doneBy: /^Done at .+ by Test Admin\.$/,
          expired: /^Not confirmed before it expired/,
        },
        ua: {
          read: `баланс компанії ${tenantName} branch`,
          write: `відкрий шлюз агенції ${tenantName}`,
          result: `Шлюз партнера ${tenantName} (${tenant.agencyId}) тепер відкритий.`,
          history: 'Історія',
          open: 'Відкрити',
          doneBy: /^Виконано .+, виконав\(ла\) Test Admin\.$/,
          expired: /^Не підтверджено до/,
        },
        pl: {
          read: `saldo firmy ${tenantName} branch`,
          write: `zamknij bramkę agencji ${tenantName}`,
          result: `Bramka partnera ${tenantName} (${tenant.agencyId}) jest teraz zamknięta.`,
          history: 'Historia',
          open: 'Otwórz',
          doneBy: /^Wykonano .+, wykonał\(a\) Test Admin\.$/,
          expired: /^Nie potwierdzono przed wygaśnięciem/,
        },
      } as const;
      // One conversation per language, made through the API: a read, a plan run, and a plan left to expire.
      const made: Record<string, string> = {};
      for (const [language, text] of Object.entries(texts)) {
        const read = await post('/admin_panel/ask', { question: text.read, language });
        const planned = await post('/admin_panel/ask', {
          question: text.write,
          language,
          conversation_id: read.conversation_id,
        });
        await post('/admin_panel/execute', { plan_id: planned.plan!.id, plan_hash: planned.plan!.hash });
        const left = await post('/admin_panel/ask', {
          question: text.write,
          language,
          conversation_id: read.conversation_id,
        });
        await stack.ctx.db
          .updateTable('assistant_plans')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('id', '=', left.plan!.id)
          .execute();
        made[language] = read.conversation_id;
      }

      for (const [language, text] of Object.entries(texts))
        for (const width of [1280, 400]) {
          const page = await signedIn(admin, width, language);
          await page.goto(`${stack.baseUrl}/admin/assistant`);
          const history = page.locator('[data-history]');
          await history.waitFor();
          // Newest first: pl, ua, en.
          expect(
            await history
              .locator('[data-conversation-id]')
              .evaluateAll((li) => li.map((e) => e.getAttribute('data-conversation-id'))),
          ).toEqual([made['pl'], made['ua'], made['en']]);
          const row = history.locator(`[data-conversation-id="${made[language]}"]`);
          await row.getByText(text.read).waitFor();
          await shot(page, `history-${language}-${width}`);
          await row.getByRole('button').click();
          await expect.poll(() => turns(page).count()).toBe(3);
          await page.locator('[data-conversation]').getByText(text.read).first().waitFor();
          await page.locator('[data-answer] table').first().waitFor();
          const [ran, expired] = [page.locator('[data-plan]').nth(0), page.locator('[data-plan]').nth(1)];
          expect(await ran.getAttribute('data-state')).toBe('done');
          await ran.locator('[data-step-result="ok"]').getByText(text.result).waitFor();
          await ran.getByText(text.doneBy).waitFor();
          expect(await ran.getByRole('button').count()).toBe(0);
          expect(await expired.getAttribute('data-state')).toBe('expired');
          await expired.getByText(text.expired).waitFor();
          expect(await expired.getByRole('button').count()).toBe(0);
          await row.locator('[aria-current="true"]').waitFor();
          await noSideways(page);
          await shot(page, `reopened-${language}-${width}`);
          expect(await seriousAxeViolations(page, `history ${language} at ${width}`)).toEqual([]);
        }

      // A question asked now continues the reopened conversation.
      const page = await signedIn(admin);
      await page.goto(`${stack.baseUrl}/admin/assistant`);
      await page.locator(`[data-history] [data-conversation-id="${made['en']}"] button`).click();
      await expect.poll(() => turns(page).count()).toBe(3);
      const asked: { conversation_id?: string }[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/admin_panel/ask'))
          asked.push(JSON.parse(r.postData() ?? '{}') as { conversation_id?: string });
      });
      const input = page.getByRole('textbox', { name: 'Your question' });
      await input.fill('who changed the main gate?');
      await input.press('Enter');
      await expect.poll(() => turns(page).count()).toBe(4);
      expect(asked[0]?.conversation_id).toBe(made['en']);
    },
  );

  it('shows a server error as text', { timeout: 60_000 }, async () => {
    const admin = await createAccount(stack.ctx.db, { userType: 'Support' });
    const page = await signedIn(admin);
    await page.goto(`${stack.baseUrl}/admin/assistant`);
    const input = page.getByRole('textbox', { name: 'Your question' });
    // The contract caps a question at 2000 characters; the page does too, so force a longer one past it.
    await page.route('**/admin_panel/ask', (route) =>
      route.continue({ postData: JSON.stringify({ question: 'x'.repeat(2001), language: 'en' }) }),
    );
    await input.fill('anything');
    await input.press('Enter');
    await page
      .locator('[data-answer] [role="alert"]')
      .getByText(/^The question was not answered: /)
      .waitFor();
  });

  it('shows a refused plan as text, and nothing changes', { timeout: 60_000 }, async () => {
    const admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
    const page = await signedIn(admin);
    await page.goto(`${stack.baseUrl}/admin/assistant`);
    const input = page.getByRole('textbox', { name: 'Your question' });
    const before = await partnerGate(admin.token);
    await input.fill(`${before ? 'close' : 'open'} the gate of agency ${tenantName}`);
    await input.press('Enter');
    // An edited plan: the server refuses its hash (409), and the card says why.
    await page.route('**/admin_panel/execute', (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, string>;
      return route.continue({ postData: JSON.stringify({ ...body, plan_hash: '0'.repeat(64) }) });
    });
    await page.locator('[data-plan]').getByRole('button', { name: 'Confirm' }).click();
    await page
      .locator('[data-plan][data-state="failed"]')
      .getByText(/^The plan was not run: .+/)
      .waitFor();
    expect(await partnerGate(admin.token)).toBe(before);
  });

  it('is in Ukrainian and Polish, at 1280 and 400 px', { timeout: 120_000 }, async () => {
    const admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
    const questions = {
      ua: { ask: 'Запитати', question: 'Ваше запитання', write: `закрий шлюз агенції ${tenantName}` },
      pl: { ask: 'Zapytaj', question: 'Twoje pytanie', write: `zamknij bramkę agencji ${tenantName}` },
      en: { ask: 'Ask', question: 'Your question', write: `open the gate of agency ${tenantName}` },
    } as const;
    for (const [language, text] of Object.entries(questions))
      for (const width of [1280, 400]) {
        const page = await signedIn(admin, width, language);
        await page.goto(`${stack.baseUrl}/admin/assistant`);
        const input = page.getByRole('textbox', { name: text.question });
        await input.waitFor();
        const asked: { language?: string }[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith('/admin_panel/ask'))
            asked.push(JSON.parse(r.postData() ?? '{}') as { language?: string });
        });
        await page.locator('[data-suggestions] button').first().click();
        await page.locator('[data-answer] table').first().waitFor();
        expect(asked[0]?.language).toBe(language);
        await input.fill(text.write);
        await page.getByRole('button', { name: text.ask, exact: true }).click();
        await page.locator('[data-plan]').waitFor();
        await noSideways(page);
        await shot(page, `plan-${language}-${width}`);
        expect(await seriousAxeViolations(page, `${language} at ${width}`)).toEqual([]);
      }
  });

  it('is not offered to an agent, and refused on its URL', { timeout: 60_000 }, async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const page = await signedIn(agent);
    expect(await page.getByRole('link', { name: 'Assistant' }).count()).toBe(0);
    await page.goto(`${stack.baseUrl}/admin/join_requests`);
    await page.getByRole('navigation', { name: 'Administration' }).waitFor();
    expect(await page.getByRole('link', { name: 'Assistant' }).count()).toBe(0);
    const asks: string[] = [];
    page.on('request', (r) => r.url().endsWith('/admin_panel/ask') && asks.push(r.url()));
    await page.goto(`${stack.baseUrl}/admin/assistant`);
    await page.getByText("These screens are for Contrail's staff.").waitFor();
    expect(await page.getByRole('textbox', { name: 'Your question' }).count()).toBe(0);
    expect(asks).toEqual([]);
    // And the API refuses it too.
    const response = await fetch(`${stack.apiUrl}/admin_panel/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'which gates are closed?' }),
    });
    expect(response.status).toBe(403);
  });
});
