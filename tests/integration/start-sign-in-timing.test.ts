// start_sign_in takes the same time whoever asks: unknown identities, code accounts (which are sent
// a code) and password accounts. Medians over START_SIGN_IN_SAMPLES requests each (default 20) are
// printed; the assertion is coarse on purpose (a shared CI machine is noisy).
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

const samples = Number(process.env.START_SIGN_IN_SAMPLES ?? 20);
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { TRUST_PROXY: 'true' }, withSandbox: false });
});
afterAll(async () => {
  await stack.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it('answers unknown, code and password identities in the same time', async () => {
  const kinds = ['unknown', 'otp', 'password'] as const;
  const times: Record<string, number[]> = { unknown: [], otp: [], password: [] };
  const identities: Record<string, string[]> = {
    unknown: Array.from({ length: samples }, (_, i) => `nobody-${i}-${Date.now()}@example.com`),
    otp: [],
    password: [],
  };
  for (let i = 0; i < samples; i++) {
    for (const kind of ['otp', 'password'] as const) {
      identities[kind]!.push((await createAccount(stack.ctx.db, { authMethod: kind })).email);
    }
  }
  for (let i = 0; i < samples; i++) {
    for (const kind of kinds) {
      const identity = identities[kind]![i]!;
      const began = performance.now();
      const res = await request(stack.baseUrl)
        .post('/api/v1/start_sign_in')
        .set('X-Forwarded-For', `192.0.2.${(i % 250) + 1}`)
        .send({ identity });
      times[kind]!.push(performance.now() - began);
      expect(res.body).toEqual({ code_length: 6, code_expires_in: 300 });
    }
  }
  const medians = Object.fromEntries(kinds.map((k) => [k, Number(median(times[k]!).toFixed(1))]));
  console.log(`start_sign_in medians over ${samples} each (ms):`, medians);
  const values = Object.values(medians);
  expect(Math.max(...values) - Math.min(...values)).toBeLessThan(20);
}, 300_000);
