import Fastify from 'fastify';
import { expect, it } from 'vitest';
import sandboxApp from './app.js';

it('answers its health operation', async () => {
  const app = Fastify();
  await app.register(sandboxApp);
  const res = await app.inject({ url: '/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'ok', service: 'contrail-sandbox' });
  await app.close();
});
