// Sign-in attempts are counted before the secret is checked, so concurrent guesses cannot slip past
// the ceilings; counts are per identity and client address, so a stranger cannot lock the owner
// out; the owner hears of an attack once. Race rounds: SIGN_IN_RACE_ROUNDS (default 3).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneTimeCodes } from '../../api/src/domain/auth/one-time-codes.js';
import { createAccount, createTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const rounds = Number(process.env.SIGN_IN_RACE_ROUNDS ?? 3);
const concurrency = 30;
/** A round takes a second or two on an idle machine; far longer on a loaded one. */
const raceTimeoutMs = 30_000 + rounds * 15_000;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await stack.close();
});

let nextIp = 1;
const freshIp = () => `198.51.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
const signIn = (from: string, body: Record<string, string>) =>
  request(stack.baseUrl).post('/api/v1/sign_in').set('X-Forwarded-For', from).send(body);
const startSignIn = (from: string, identity: string) =>
  request(stack.baseUrl).post('/api/v1/start_sign_in').set('X-Forwarded-For', from).send({ identity });

async function outbox(to: string) {
  return stack.ctx.db.selectFrom('mail_messages').select(['subject', 'body']).where('recipient', '=', to).execute();
}

describe('concurrent guesses', () => {
  it(
    `check at most five passwords of ${concurrency} sent at once (${rounds} rounds)`,
    async () => {
      for (let round = 0; round < rounds; round++) {
        const account = await createAccount(stack.ctx.db);
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: concurrency }, (_, i) =>
            signIn(ip, { identity: account.email, password: `wrong-${i}` }),
          ),
        );
        const statuses = answers.map((r) => r.status);
        expect(statuses.filter((s) => s === 401)).toHaveLength(5);
        expect(statuses.filter((s) => s === 429)).toHaveLength(concurrency - 5);
        // Locked: the right password is refused too, without being checked.
        expect((await signIn(ip, { identity: account.email, password: account.password })).status).toBe(429);
      }
    },
    raceTimeoutMs,
  );

  it(
    `compare a one-time code at most five times when ${concurrency} guesses arrive at once (${rounds} rounds)`,
    async () => {
      const codes = createOneTimeCodes({ db: stack.ctx.db, clock: stack.ctx.clock, secret: stack.config.SECRET_KEY });
      for (let round = 0; round < rounds; round++) {
        const account = await createAccount(stack.ctx.db, { authMethod: 'otp' });
        const code = await codes.issue(account.id, 'sign_in', account.email);
        const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        const results = await Promise.all(
          Array.from({ length: concurrency }, (_, i) => codes.redeem(account.id, 'sign_in', wrong(i))),
        );
        expect(results.every((ok) => !ok)).toBe(true);
        const row = await stack.ctx.db
          .selectFrom('otp_codes')
          .select('attempts')
          .where('account_id', '=', account.id)
          .executeTakeFirstOrThrow();
        expect(row.attempts).toBe(5);
        expect(await codes.redeem(account.id, 'sign_in', code)).toBe(false);
      }
    },
    raceTimeoutMs,
  );

  it(
    `let at most five code guesses through the API from ${concurrency} addresses at once (${rounds} rounds)`,
    async () => {
      for (let round = 0; round < rounds; round++) {
        const account = await createAccount(stack.ctx.db, { authMethod: 'otp' });
        await startSignIn(freshIp(), account.email).expect(200);
        const [message] = await waitFor(
          'a code',
          () => outbox(account.email),
          (rows) => rows.length > 0,
          5_000,
        );
        const code = /\b(\d{6})\b/.exec(message?.body ?? '')![1]!;
        const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        const answers = await Promise.all(
          Array.from({ length: concurrency }, (_, i) => signIn(freshIp(), { identity: account.email, code: wrong(i) })),
        );
        expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
        const row = await stack.ctx.db
          .selectFrom('otp_codes')
          .select('attempts')
          .where('account_id', '=', account.id)
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow();
        expect(row.attempts).toBeLessThanOrEqual(5);
      }
    },
    raceTimeoutMs,
  );
});

describe('a lockout is not a weapon', () => {
  it('a stranger hammering an email locks only the stranger out; the owner signs in and hears once', async () => {
    const owner = await createAccount(stack.ctx.db);
    const stranger = freshIp();
    for (let burst = 0; burst < 2; burst++) {
      await Promise.all(
        Array.from({ length: concurrency }, () => signIn(stranger, { identity: owner.email, password: 'guess' })),
      );
    }
    expect((await signIn(stranger, { identity: owner.email, password: owner.password })).status).toBe(429);
    expect((await signIn(freshIp(), { identity: owner.email, password: owner.password })).status).toBe(200);

    const alerts = (await outbox(owner.email)).filter((m) => /failed sign-in attempts/.test(m.subject));
    expect(alerts).toHaveLength(1);
  });

  it("start_sign_in from a stranger's address does not stop the owner getting a code", async () => {
    const owner = await createAccount(stack.ctx.db, { authMethod: 'otp' });
    const stranger = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await startSignIn(stranger, owner.email)).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await startSignIn(freshIp(), owner.email)).status).toBe(200);
  });

  it('guesses spread over many addresses meet a ceiling for the identity, but not from the owner’s known address', async () => {
    const tenant = await createTenant(stack.ctx.db);
    const owner = await createAccount(stack.ctx.db, { tenant });
    const home = freshIp();
    await signIn(home, { identity: owner.email, password: owner.password }).expect(200);
    for (let i = 0; i < 5; i++) {
      const ip = freshIp();
      await Promise.all(Array.from({ length: 5 }, () => signIn(ip, { identity: owner.email, password: 'guess' })));
    }
    expect((await signIn(freshIp(), { identity: owner.email, password: owner.password })).status).toBe(429);
    expect((await signIn(home, { identity: owner.email, password: owner.password })).status).toBe(200);
  });
});
