// Notification emails end to end, on a real SMTP server (smtp-server on loopback): three agents
// who chose email for bookings, one in each language, book through the API; the worker dispatches
// the events, writes the mail into the outbox and delivers it over SMTP. Each message is checked
// as received: From, To, Subject, Content-Language, the text in the agent's language and the link
// to the booking on the console's public address. A scratch database keeps other test files'
// workers from dispatching these events with their own (SMTP-less) mail.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { createDb, type Db } from '../../api/src/db/database.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { bearer, book, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount } from '../support/factories.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const appUrl = 'https://console.contrail.test';
const from = 'Contrail <no-reply@contrail.test>';

let smtp: SMTPServer;
const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
let scratch: { url: string; drop(): Promise<void> };
let sdb: Db;
let stack: Stack;
let worker: WorkerHandle;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  scratch = await createScratchDatabase('notification_mail');
  sdb = createDb(scratch.url, 2);
  const env = {
    DATABASE_URL: scratch.url,
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-ntfmail`,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: from,
    PUBLIC_APP_URL: appUrl,
    EVENTS_SWEEP_MS: '200',
  };
  stack = await startStack({ env });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
});
afterAll(async () => {
  await worker?.close();
  await stack?.close();
  await sdb?.destroy();
  await scratch?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const expected = {
  en: { subject: 'Booking {L} created', greeting: 'Hello Test,', open: 'Open it in Contrail:', language: 'en' },
  ua: { subject: 'Бронювання {L} створено', greeting: 'Вітаємо, Test!', open: 'Відкрити в Contrail:', language: 'uk' },
  pl: {
    subject: 'Utworzono rezerwację {L}',
    greeting: 'Dzień dobry, Test!',
    open: 'Otwórz w Contrail:',
    language: 'pl',
  },
} as const;

describe('notification emails over SMTP', () => {
  it("are written in each agent's language, with its headers and the booking's link", async () => {
    const tenant = await createTenant(sdb);
    const agents: Record<string, TestAccount> = {};
    for (const language of ['en', 'ua', 'pl'] as const) {
      const agent = await createAccount(sdb, { userType: 'Agent', tenant });
      await sdb.updateTable('accounts').set({ language }).where('id', '=', agent.id).execute();
      // Bookings are in-app only by default: this agent asks for email as well.
      const chose = await request(stack.baseUrl)
        .put('/api/v1/account/notification_preferences')
        .set(bearer(agent.token))
        .send({ booking: 'both' });
      expect(chose.status, JSON.stringify(chose.body)).toBe(200);
      agents[language] = agent;
    }
    const locators: Record<string, string> = {};
    for (const [language, agent] of Object.entries(agents)) {
      // A direct flight: the mail names the route, and on some days the cheapest fare connects.
      const fares = await findFares(stack.baseUrl, bearer(agent.token), {
        origin: 'WAW',
        destination: 'FRA',
        days: 45,
      });
      const fare = fares.find((f) => f.inventory.length === 1);
      locators[language] = (await book(stack.baseUrl, bearer(agent.token), fare!, `Mailova${language}`)).locator;
    }

    await waitFor(
      'three mails on the SMTP server',
      async () => received.filter((r) => Object.values(agents).some((a) => r.envelopeTo.includes(a.email))).length,
      (n) => n >= 3,
      60_000,
    );
    for (const language of ['en', 'ua', 'pl'] as const) {
      const agent = agents[language]!;
      const locator = locators[language]!;
      const mine = received.filter((r) => r.envelopeTo.includes(agent.email));
      expect(mine, language).toHaveLength(1);
      const { mail } = mine[0]!;
      const want = expected[language];
      expect(mail.from?.value).toEqual([{ name: 'Contrail', address: 'no-reply@contrail.test' }]);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(agent.email);
      expect(mail.subject).toBe(`[${language === 'ua' ? 'Тест' : 'Test'}] ${want.subject.replace('{L}', locator)}`);
      expect(mail.headers.get('content-language')).toBe(want.language);
      expect(mail.text).toContain(want.greeting);
      expect(mail.text).toContain(`${want.open} ${appUrl}/bookings?locator=${locator}`);
      expect(mail.text).toContain(`${appUrl}/settings`);
      expect(mail.text).toContain('WAW-FRA');
      // The other languages' texts are not there.
      for (const other of Object.values(expected).filter((e) => e !== want))
        expect(mail.text).not.toContain(other.greeting);
    }
    // In the console too (booking: both), in the outbox as sent.
    const list = await request(stack.baseUrl).get('/api/v1/notifications').set(bearer(agents.pl!.token));
    expect(list.body.data.map((n: { title: string }) => n.title)).toContain(`Utworzono rezerwację ${locators.pl}`);
    const outbox = await sdb
      .selectFrom('mail_messages')
      .select(['status', 'language'])
      .where(
        'recipient',
        'in',
        Object.values(agents).map((a) => a.email),
      )
      .execute();
    expect(outbox.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    expect(outbox.map((m) => m.language).sort()).toEqual(['en', 'pl', 'ua']);
  });
});
