// The email job end to end — API (producer) → queue → worker process → mail outbox — on Redis and
// on BullMQ's PostgreSQL backend, through the same code path.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { insertMessage } from '../../api/src/db/mail.repository.js';
import { newId } from '../../api/src/domain/ids.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { startStack, testEnv, tokens, type Stack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const backends: { backend: 'redis' | 'postgres'; env: Record<string, string> }[] = [
  { backend: 'redis', env: {} },
  { backend: 'postgres', env: { REDIS_URL: '' } },
];

describe.each(backends)('the email job on $backend', ({ backend, env }) => {
  let stack: Stack;
  let worker: WorkerHandle;
  beforeAll(async () => {
    const queueEnv = { ...env, KEY_PREFIX: `${testEnv().KEY_PREFIX}-${backend}` };
    stack = await startStack({ env: queueEnv });
    expect(stack.ctx.queues.kind).toBe(backend);
    worker = await startWorker(loadConfig(testEnv(queueEnv)));
  });
  afterAll(async () => {
    await worker.close();
    await stack.close();
  });

  it('delivers a message sent through the API into the outbox', async () => {
    const to = `${backend}-${Date.now()}@example.com`;
    const sent = await request(stack.baseUrl)
      .post('/api/v1/mail_outbox')
      .set('Authorization', `Bearer ${tokens.Admin}`)
      .send({ to, subject: 'Your ticket', body: 'Booking ABC123 is issued.' });
    expect(sent.status).toBe(202);
    expect(sent.body.status).toBe('queued');

    const message = await waitFor(
      'the message to leave the queue',
      async () =>
        (
          await request(stack.baseUrl)
            .get(`/api/v1/mail_outbox/${sent.body.id}`)
            .set('Authorization', `Bearer ${tokens.Admin}`)
        ).body,
      (m) => m.status !== 'queued',
    );
    expect(message).toMatchObject({ id: sent.body.id, to, status: 'delivered', channel: 'email' });
    expect(message.sent_at).not.toBeNull();

    const list = await request(stack.baseUrl)
      .get(`/api/v1/mail_outbox?to=${encodeURIComponent(to)}`)
      .set('Authorization', `Bearer ${tokens.Support}`);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0].id).toBe(sent.body.id);
  });

  it('delivers a message once when its job runs twice at the same time', async () => {
    // Written without a trigger, so the running worker does not take it first.
    const message = await insertMessage(stack.ctx.db, {
      id: newId('msg'),
      channel: 'sms',
      recipient: '+380500000099',
      subject: 'Code',
      body: '123456',
    });
    let deliveries = 0;
    const slowTransport = {
      deliver: async () => {
        deliveries++;
        await new Promise((r) => setTimeout(r, 200));
        return 'delivered' as const;
      },
      close: () => undefined,
    };
    // Two workers holding the same job (a stalled job handed to another worker, or a sweeper
    // re-enqueue): the row lock lets one deliver and the other find nothing to do.
    const results = await Promise.all([
      stack.ctx.mail.deliver(message.id, slowTransport),
      stack.ctx.mail.deliver(message.id, slowTransport),
    ]);
    const row = await stack.ctx.db
      .selectFrom('mail_messages')
      .select('status')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('delivered');
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(deliveries).toBe(1);
  });
});
