// What a browser test of the webhook and event screens stands on: a database of the file's own (so
// its worker delivers only that file's webhooks), the API and sandbox on it, the worker, a browser,
// and a real HTTP receiver on loopback; and a held booking with its booking.created event.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../api/src/config';
import { startWorker } from '../../api/src/worker';
import { bearer, book, findFares } from './bookings';
import { launchBrowser } from './browser';
import { createTenant, type TestAccount, type TestTenant } from './factories';
import { createScratchDatabase } from './scratch-database';
import { startStack, testEnv, type Stack } from './stack';
import { startReceiver, type Receiver } from './webhook-receiver';

export interface WebhookConsole {
  stack: Stack;
  browser: Browser;
  receiver: Receiver;
  tenant: TestTenant;
  close(): Promise<void>;
}

/** `name` names the scratch database and the queue keys: one per test file. */
export async function startWebhookConsole(name: string): Promise<WebhookConsole> {
  const scratch = await createScratchDatabase(`${name}_console`);
  const env = {
    DATABASE_URL: scratch.url,
    TRUST_PROXY: 'true',
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-${name}${randomBytes(3).toString('hex')}`,
    WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
    WEBHOOK_SWEEP_MS: '500',
    EVENTS_SWEEP_MS: '300',
  };
  const [stack, browser, receiver] = await Promise.all([startStack({ env }), launchBrowser(), startReceiver()]);
  const worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  const tenant = await createTenant(stack.ctx.db);
  return {
    stack,
    browser,
    receiver,
    tenant,
    async close() {
      await browser.close();
      await worker.close();
      await receiver.close();
      await stack.close();
      await scratch.drop();
    },
  };
}

/** A held booking in the sandbox: its booking.created event, answered with the locator. */
export async function bookWithEvent(stack: Stack, who: TestAccount, surname: string) {
  const [fare] = await findFares(stack.baseUrl, bearer(who.token), { origin: 'WAW', destination: 'FRA', days: 40 });
  const { locator } = await book(stack.baseUrl, bearer(who.token), fare!, surname);
  const row = await stack.ctx.db
    .selectFrom('events')
    .select('id')
    .where('type', '=', 'booking.created')
    .where(sql<boolean>`data->'object'->>'locator' = ${locator}`)
    .executeTakeFirstOrThrow();
  return { locator, eventId: row.id };
}
