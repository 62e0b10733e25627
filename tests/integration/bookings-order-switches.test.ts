// The agency's order switches reach the airline: with corporate_number_on, the corporate number an
// agent enters goes with OrderCreate and the sandbox airline keeps it on the order; with
// ghost_segments_remarks_on, the order carries one remark per flight. With the switches off, a
// corporate number is refused (nothing booked) and no remark is sent.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineParts } from '../../api/src/core.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { bearer, bookingBody, findFares } from '../support/bookings.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let airline: ReturnType<typeof airlineParts>;

beforeAll(async () => {
  stack = await startStack();
  airline = airlineParts(stack.config, stack.ctx.db);
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
});
afterAll(async () => {
  await stack.close();
});

const setSwitch = async (flag: 'corporate_number_on' | 'ghost_segments_remarks_on', active: boolean) => {
  const res = await request(stack.baseUrl)
    .patch(`/api/v1/agencies/${tenant.agencyId}/${flag}`)
    .set(bearer(tokens.Admin))
    .send({ active });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body[flag]).toBe(active);
};

async function bookWith(extra: object, days: number) {
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days });
  return request(stack.baseUrl)
    .post('/api/v1/bookings')
    .set(bearer(agent.token))
    .send({ ...bookingBody(fare!), ...extra });
}

/** The order as the sandbox airline keeps it, read back through the provider port. */
async function airlineOrder(locator: string) {
  const row = await stack.ctx.db
    .selectFrom('bookings')
    .selectAll()
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
  const { channel } = await airline.channels.forBooking(row);
  return airline.provider.retrieveOrder(channel, orderRefOf(row));
}

const bookingCount = async () =>
  Number(
    (
      await stack.ctx.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('agency_id', '=', tenant.agencyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('order switches', () => {
  it('refuses a corporate number while the switch is off and sends no remarks', async () => {
    const before = await bookingCount();
    const refused = await bookWith({ corporate_number: 'ACME-42' }, 40);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'validation_failed',
      source: { pointer: '/corporate_number' },
    });
    expect(await bookingCount()).toBe(before);

    const plain = await bookWith({}, 40);
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.corporate_number).toBeNull();
    const order = await airlineOrder(plain.body.locator);
    expect(order.corporateNumber).toBeUndefined();
    expect(order.sellerRemarks).toBeUndefined();
  });

  it('sends the corporate number and one ghost segment remark per flight to the airline when on', async () => {
    await setSwitch('corporate_number_on', true);
    await setSwitch('ghost_segments_remarks_on', true);
    const res = await bookWith({ corporate_number: 'acme-42' }, 41);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.corporate_number).toBe('ACME-42');
    const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${res.body.locator}`).set(bearer(agent.token));
    expect(seen.body.corporate_number).toBe('ACME-42');

    const order = await airlineOrder(res.body.locator);
    expect(order.corporateNumber).toBe('ACME-42');
    const flights = (res.body.segments as { carrier?: string }[]).length;
    expect(order.sellerRemarks).toHaveLength(flights);
    expect(order.sellerRemarks![0]).toMatch(
      /^GHOST SEG 1 [A-Z0-9]{2}\d{1,4} WAW-[A-Z]{3} \d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
    );

    // A corporate number the contract does not allow is refused before the airline is asked.
    expect((await bookWith({ corporate_number: 'no spaces allowed' }, 41)).status).toBe(400);
    await setSwitch('corporate_number_on', false);
    await setSwitch('ghost_segments_remarks_on', false);
  });
});
