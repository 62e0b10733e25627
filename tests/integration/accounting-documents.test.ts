// The accounting-documents feed: a real booking issued from the company balance with an agency fee,
// its taxes by the airline's codes,
// then voided, reads back as TKTT, FEES and CANX (the void negative, pointing at the ticket) in JSON,
// CSV and JSON Lines, and the sales list shows the same signs and forms of payment in words; balance
// changes are TOPU and ADJT rows. Under 40 concurrent financial transactions per round (some rolled
// back) for ACCOUNTING_ROUNDS rounds (default 15), the agency's numbers stay 1..n without a gap or
// a double, and a reader following the cursor meanwhile never skips a number.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRow } from '../../api/src/db/bookings.repository.js';
import { postToLedger } from '../../api/src/domain/balances/ledger.js';
import { recordBalanceEntryDocument } from '../../api/src/domain/accounting/balance-entry-document.js';
import { recordSale } from '../../api/src/domain/bookings/booking-accounting.js';
import { newId } from '../../api/src/domain/ids.js';
import { bearer, book, findFares, payBy, setIssueFee } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let supervisor: TestAccount;
let admin: TestAccount;
const db = () => stack.ctx.db;
const api = () => request(stack.baseUrl);
const feed = (who: TestAccount, query: Record<string, string | number> | string = {}, accept = 'application/json') =>
  api().get('/api/v1/accounting_documents').query(query).set(bearer(who.token)).set('Accept', accept);

beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(db());
  agent = await createAccount(db(), { userType: 'Agent', tenant });
  supervisor = await createAccount(db(), { userType: 'Supervisor', tenant });
  admin = await createAccount(db(), { userType: 'Admin' });
  await payBy(db(), tenant, 'company_balance');
  await setIssueFee(db(), tenant, '2.50');
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('a booking issued and voided, and balance changes', () => {
  it('read back as signed rows in sequence, in JSON, CSV and JSON Lines', { timeout: 120_000 }, async () => {
    const [fare] = await findFares(
      stack.baseUrl,
      bearer(agent.token),
      { origin: 'WAW', destination: 'FRA', days: 40 },
      { currency: 'EUR' },
    );
    const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
    const issued = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .send({ locator: booked.locator });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const ticket = issued.body.documents[0].number as string;
    const voided = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    for (const amount of ['150.00', '-20.00']) {
      const res = await api()
        .post('/api/v1/transactions')
        .set(bearer(admin.token))
        .send({ company_id: tenant.companyId, amount: { amount, currency: 'EUR' }, reason: 'Accounting test' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    const res = await feed(supervisor);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data as {
      sequence: number;
      transaction_code: string;
      document_number: string;
      original_document_number: string | null;
      amounts: {
        total: string;
        base_fare: string;
        taxes: Record<string, string>;
        tax_total: string;
        markup: string;
        service_fee: string;
        currency: string;
      };
      form_of_payment: string;
      settlement: string | null;
      locator: string | null;
      airline_order_id: string | null;
      passenger: { name: string; type: string } | null;
      itinerary: unknown[];
    }[];
    expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3, 4, 5]);
    // The void has no fee of its own here (the agency's void fee is 0).
    expect(rows.map((r) => r.transaction_code)).toEqual(['TKTT', 'FEES', 'CANX', 'TOPU', 'ADJT']);
    const [tktt, fee, canx] = rows;
    expect(tktt).toMatchObject({
      document_number: ticket,
      locator: booked.locator,
      form_of_payment: 'Company balance',
      settlement: 'bsp',
      passenger: { name: 'KOVALENKO/OLENA MRS', type: 'ADT' },
      amounts: { total: fare!.amount, currency: 'EUR', service_fee: '0.00' },
    });
    expect(tktt!.airline_order_id).toMatch(/^[A-Z0-9]{6}$/);
    expect(tktt!.itinerary.length).toBeGreaterThan(0);
    expect(fee).toMatchObject({ original_document_number: ticket, amounts: { total: '2.50', service_fee: '2.50' } });
    expect(canx).toMatchObject({ original_document_number: ticket, amounts: { total: `-${fare!.amount}` } });
    // Taxes by code, as the airline priced the fare (the sandbox's carrier surcharge YQ and its
    // airport taxes): they add up to the tax total, and base fare + taxes + markup to the total;
    // the void carries the same codes, negative.
    const cents = (a: string) => Math.round(Number(a) * 100);
    const sum = (taxes: Record<string, string>) => Object.values(taxes).reduce((acc, a) => acc + cents(a), 0);
    expect(Object.keys(tktt!.amounts.taxes)).toContain('YQ');
    expect(Object.keys(tktt!.amounts.taxes)).not.toContain('XT');
    expect(sum(tktt!.amounts.taxes)).toBe(cents(tktt!.amounts.tax_total));
    expect(cents(tktt!.amounts.tax_total)).toBeGreaterThan(0);
    expect(cents(tktt!.amounts.base_fare) + cents(tktt!.amounts.tax_total) + cents(tktt!.amounts.markup)).toBe(
      cents(tktt!.amounts.total),
    );
    expect(canx!.amounts.taxes).toEqual(
      Object.fromEntries(Object.entries(tktt!.amounts.taxes).map(([code, a]) => [code, `-${a}`])),
    );
    expect(sum(canx!.amounts.taxes)).toBe(cents(canx!.amounts.tax_total));
    expect(rows.slice(-2).map((r) => r.amounts.total)).toEqual(['150.00', '-20.00']);

    const page = await feed(supervisor, 'after_sequence=1&limit=2&types=CANX&types=FEES&types=ADJT');
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.map((r: { sequence: number }) => r.sequence)).toEqual([2, 3]);
    expect(page.body.meta).toEqual({ limit: 2, next_after_sequence: 3 });

    const csv = await feed(supervisor, {}, 'text/csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('sequence,transaction_code,document_number,')).toBe(true);
    expect(lines).toHaveLength(6);
    expect(lines[3]!.startsWith(`3,CANX,${ticket},${ticket},${booked.locator},`)).toBe(true);
    const taxesCell = Object.entries(tktt!.amounts.taxes)
      .map(([code, a]) => `${code}:${a}`)
      .join(' ');
    expect(lines[1]!).toContain(`,${taxesCell},${tktt!.amounts.tax_total},`);
    const jsonl = await feed(supervisor, {}, 'application/x-ndjson');
    const objects = jsonl.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { sequence: number });
    expect(objects).toEqual(res.body.data);

    // The sales list: the void is negative, the form of payment in words.
    const sales = await api().get('/api/v1/sales').query({ ticket }).set(bearer(supervisor.token));
    const byKind = Object.fromEntries(sales.body.data.map((d: { kind: string }) => [d.kind, d]));
    expect(byKind.ticket).toMatchObject({ form_of_payment_text: 'Company balance' });
    expect(byKind.ticket.total.amount).toBe((Number(fare!.amount) + 2.5).toFixed(2));
    expect(byKind.void.total.amount).toBe(`-${fare!.amount}`);
  });

  it('is the caller agency’s: staff name it, agents are refused, a bad range changes nothing', async () => {
    expect((await feed(agent)).status).toBe(403);
    expect((await feed(admin)).status).toBe(400);
    expect((await feed(admin, { agency_id: tenant.agencyId })).status).toBe(200);
    expect((await feed(admin, { agency_id: 'agy_missing' })).status).toBe(404);
    expect((await feed(supervisor, { date_from: '2026-02-02', date_to: '2026-02-01' })).status).toBe(400);
    expect((await feed(supervisor, { types: 'NOPE' })).status).toBe(400);
  });
});

describe('numbers under concurrent financial transactions', () => {
  it(
    'stay gapless and in commit order, with rollbacks, while a reader follows the cursor',
    { timeout: 300_000 },
    async () => {
      const own = await createTenant(db());
      const seller = await createAccount(db(), { userType: 'Agent', tenant: own });
      const rounds = Math.max(1, Number(process.env.ACCOUNTING_ROUNDS ?? 15));
      const concurrent = 40;
      let committed = 0;
      let cursor = 0;
      const seen: number[] = [];
      let writing = true;
      // The reader: each read must continue exactly where the last one ended.
      const reader = (async () => {
        while (writing || cursor < committed) {
          const res = await feed(admin, { agency_id: own.agencyId, after_sequence: cursor, limit: 1000 });
          expect(res.status).toBe(200);
          for (const r of res.body.data as { sequence: number }[]) {
            expect(r.sequence, 'the next number after the cursor').toBe(cursor + 1);
            cursor = r.sequence;
            seen.push(r.sequence);
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      for (let round = 0; round < rounds; round += 1) {
        const outcomes = await Promise.allSettled(
          Array.from({ length: concurrent }, (_, i) =>
            db()
              .transaction()
              .execute(async (trx) => {
                // Half sell a ticket with a fee (two rows), half move the balance (one row, after the
                // company's row lock); every fifth rolls back after numbering, giving its numbers back.
                if (i % 2 === 0) {
                  const booking = bookingRowOf(own, seller.id, `${round}x${i}`);
                  await recordSale(trx, booking, saleOf(booking, seller.id, `${round}x${i}`), {
                    passengerId: 'PAX1',
                    originalNumber: null,
                  });
                } else {
                  const { company, rows } = await postToLedger(trx, {
                    companyId: own.companyId,
                    currency: 'EUR',
                    entries: [{ amount: '1.00', reason: 'race' }],
                    actorAccountId: seller.id,
                    at: new Date(),
                  });
                  await recordBalanceEntryDocument(trx, {
                    entry: rows[0]!,
                    agencyId: company.agency_id!,
                    companyId: company.id,
                  });
                }
                if (i % 5 === 4) throw new Error('rolled back on purpose');
                return i % 2 === 0 ? 2 : 1;
              }),
          ),
        );
        for (const o of outcomes) {
          if (o.status === 'fulfilled') committed += o.value;
          else expect(String(o.reason)).toContain('rolled back on purpose');
        }
        const { rows } = await db()
          .selectFrom('accounting_documents')
          .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('sequence').as('max')])
          .where('agency_id', '=', own.agencyId)
          .execute()
          .then((r) => ({ rows: r }));
        expect(Number(rows[0]!.n), `round ${round}: rows`).toBe(committed);
        expect(Number(rows[0]!.max), `round ${round}: the last number is the count`).toBe(committed);
      }
      writing = false;
      await reader;
      expect(seen).toEqual(Array.from({ length: committed }, (_, i) => i + 1));
    },
  );
});

function bookingRowOf(t: TestTenant, agentId: string, key: string): BookingRow {
  return {
    id: `bkg_race_${key}_${newId('x')}`,
    locator: 'RACE01',
    airline_locator: 'AIR001',
    agency_id: t.agencyId,
    company_id: t.companyId,
    agent_id: agentId,
    channel_id: 'none',
    carrier: 'LH',
    currency: 'EUR',
    form_of_payment: 'bsp_cash',
    passengers: [{ id: 'PAX1', type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko', title: 'MRS' }],
    segments: [
      {
        carrier: 'LH',
        flight_number: '1350',
        origin: 'WAW',
        destination: 'FRA',
        departure_at: '2027-01-10T08:00:00Z',
        booking_class: 'Y',
      },
    ],
    fares: { airline: [], markupByType: {} },
    ancillaries: [],
  } as unknown as BookingRow;
}

function saleOf(booking: BookingRow, agentId: string, key: string) {
  return {
    id: `sal_${booking.id}`,
    kind: 'ticket' as const,
    number: `220${key}`,
    locator: booking.locator,
    bookingId: booking.id,
    passengerName: 'KOVALENKO/OLENA MRS',
    carrier: 'LH',
    route: 'WAW-FRA',
    issuedAt: new Date(),
    fare: '100.00',
    taxes: '20.00',
    fees: '5.00',
    markup: '0.00',
    commission: '0.00',
    total: '125.00',
    currency: 'EUR',
    formOfPayment: 'bsp_cash' as const,
    agentId,
    companyId: booking.company_id,
    agencyId: booking.agency_id,
  };
}
