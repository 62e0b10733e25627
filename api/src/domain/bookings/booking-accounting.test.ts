// Taxes by code on the accounting rows a sale produces: a ticket's and its void's follow the
// airline's codes (the same code summed, signed with the row), a fare stored before the airline gave
// codes falls back to one XT, an exchange carries the airline's difference by code, and in every
// case the codes add up to the row's tax total and base fare + taxes + markup to its total.
import { describe, expect, it } from 'vitest';
import type { BookingRow } from '../../db/bookings.repository.js';
import { toMinor } from '../../money.js';
import type { OrderFare } from '../../providers/airline-provider.js';
import type { SalesDocumentInput } from '../sales/sales-document.js';
import { accountingDocumentsOf, taxDifferenceMinor, taxesByCodeMinor } from './booking-accounting.js';
import type { StoredFares } from './booking.js';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

function fareOf(taxes: [string, string][] | null, taxTotal: string, base = '100.00'): OrderFare {
  return {
    type: 'ADT',
    passengerIds: ['PAX1'],
    base: eur(base),
    ...(taxes ? { taxes: taxes.map(([code, amount]) => ({ code, amount: eur(amount) })) } : {}),
    taxTotal: eur(taxTotal),
    total: eur((Number(base) + Number(taxTotal)).toFixed(2)),
    fareBasis: ['KLT'],
    fareCalculation: '',
  };
}

function bookingWith(fare: OrderFare): BookingRow {
  return {
    id: 'bkg_taxes',
    locator: 'TAXES1',
    airline_locator: 'AIR001',
    agency_id: 'agc_1',
    company_id: 'cmp_1',
    agent_id: 'acc_1',
    channel_id: 'chn_1',
    carrier: 'LH',
    currency: 'EUR',
    passengers: [{ id: 'PAX1', type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko', title: 'MRS' }],
    segments: [
      {
        carrier: 'LH',
        flight_number: '1350',
        origin: 'WAW',
        destination: 'FRA',
        departure_at: '2027-01-10T08:00:00Z',
        booking_class: 'K',
      },
    ],
    fares: { airline: [fare], markupByType: { ADT: '7.00' } } satisfies StoredFares,
    ancillaries: [],
  } as unknown as BookingRow;
}

function saleOf(kind: SalesDocumentInput['kind'], fare: OrderFare, over: Partial<SalesDocumentInput> = {}) {
  const markup = 7;
  return {
    id: `sal_${kind}`,
    kind,
    number: '2201234567890',
    locator: 'TAXES1',
    bookingId: 'bkg_taxes',
    relatedDocumentId: null,
    passengerName: 'KOVALENKO/OLENA MRS',
    carrier: 'LH',
    route: 'WAW-FRA',
    issuedAt: new Date('2026-11-20T10:00:00Z'),
    fare: fare.base.amount,
    taxes: fare.taxTotal.amount,
    fees: '0.00',
    markup: `${markup}.00`,
    commission: '0.00',
    total: (Number(fare.total.amount) + markup).toFixed(2),
    currency: 'EUR',
    formOfPayment: 'bsp_cash',
    agentId: 'acc_1',
    companyId: 'cmp_1',
    agencyId: 'agc_1',
    ...over,
  } satisfies SalesDocumentInput;
}

const sumOf = (taxes: Readonly<Record<string, string>>) => Object.values(taxes).reduce((a, b) => a + toMinor(b), 0);

function expectConsistent(row: { taxes: Readonly<Record<string, string>>; taxTotal: string }) {
  expect(sumOf(row.taxes)).toBe(toMinor(row.taxTotal));
}

describe('taxes by code on accounting rows', () => {
  const coded = fareOf(
    [
      ['YQ', '21.30'],
      ['PL', '9.00'],
      ['DE', '12.10'],
      ['PL', '1.00'],
    ],
    '43.40',
  );

  it("a ticket carries the airline's codes, the same code summed; a void the same, negative", () => {
    const booking = bookingWith(coded);
    const [ticket] = accountingDocumentsOf(booking, saleOf('ticket', coded), {
      passengerId: 'PAX1',
      originalNumber: null,
    });
    expect(ticket).toMatchObject({ transactionCode: 'TKTT', taxTotal: '43.40', baseFare: '100.00', total: '150.40' });
    expect(ticket!.taxes).toEqual({ YQ: '21.30', PL: '10.00', DE: '12.10' });
    expectConsistent(ticket!);
    expect(toMinor(ticket!.baseFare) + toMinor(ticket!.taxTotal) + toMinor(ticket!.markup)).toBe(
      toMinor(ticket!.total),
    );

    const [canx] = accountingDocumentsOf(booking, saleOf('void', coded), {
      passengerId: 'PAX1',
      originalNumber: '2201234567890',
    });
    expect(canx).toMatchObject({ transactionCode: 'CANX', taxTotal: '-43.40', total: '-150.40' });
    expect(canx!.taxes).toEqual({ YQ: '-21.30', PL: '-10.00', DE: '-12.10' });
    expectConsistent(canx!);
  });

  it('a fare stored before the airline gave codes keeps working: its whole tax total is XT', () => {
    const old = fareOf(null, '43.40');
    const [ticket] = accountingDocumentsOf(bookingWith(old), saleOf('ticket', old), {
      passengerId: 'PAX1',
      originalNumber: null,
    });
    expect(ticket!.taxes).toEqual({ XT: '43.40' });
    expectConsistent(ticket!);
    const [none] = accountingDocumentsOf(bookingWith({ ...old, passengerIds: ['PAX9'] }), saleOf('ticket', old), {
      passengerId: 'PAX1',
      originalNumber: null,
    });
    expect(none!.taxes).toEqual({ XT: '43.40' });
  });

  it('codes that do not cover the total leave the rest in XT, so they always add up', () => {
    const short = fareOf(
      [
        ['YQ', '20.00'],
        ['XT', '3.00'],
      ],
      '25.50',
    );
    expect(taxesByCodeMinor(short)).toEqual({ YQ: 2000, XT: 550 });
    const zero = fareOf([['YQ', '0.00']], '0.00');
    expect(taxesByCodeMinor(zero)).toEqual({});
    const [ticket] = accountingDocumentsOf(bookingWith(short), saleOf('ticket', short), {
      passengerId: 'PAX1',
      originalNumber: null,
    });
    expectConsistent(ticket!);
    expect(ticket!.taxes).toEqual({ YQ: '20.00', XT: '5.50' });
  });

  it("an exchange carries the airline's tax difference by code; the fare takes the rest of the difference", () => {
    const next = fareOf(
      [
        ['YQ', '30.00'],
        ['PL', '10.00'],
        ['GB', '5.00'],
      ],
      '45.00',
      '140.00',
    );
    const diff = taxDifferenceMinor(next, coded);
    expect(diff).toEqual({ YQ: 870, DE: -1210, GB: 500 });
    // The new ticket costs 185.00, the old 143.40; a penalty of 20.00.
    const differenceMinor = 18500 - 14340 + 2000;
    const [exch] = accountingDocumentsOf(
      bookingWith(next),
      saleOf('exchange', next, { fare: '61.60', taxes: '0.00', markup: '0.00', total: '61.60' }),
      {
        passengerId: 'PAX1',
        originalNumber: '2201234567890',
        exchangeDifferenceMinor: differenceMinor,
        exchangeTaxesMinor: diff,
      },
    );
    expect(exch).toMatchObject({ transactionCode: 'EXCH', total: '61.60', taxTotal: '1.60', baseFare: '60.00' });
    expect(exch!.taxes).toEqual({ YQ: '8.70', DE: '-12.10', GB: '5.00' });
    expectConsistent(exch!);
    expect(toMinor(exch!.baseFare) + toMinor(exch!.taxTotal)).toBe(toMinor(exch!.total));

    // A residual (cheaper new fare) is negative, by code too.
    const cheaper = fareOf([['YQ', '10.00']], '10.00', '50.00');
    const back = taxDifferenceMinor(cheaper, coded);
    expect(back).toEqual({ YQ: -1130, PL: -1000, DE: -1210 });
    // Against a fare stored without codes, the difference of the totals is one XT.
    expect(taxDifferenceMinor(next, fareOf(null, '43.40'))).toEqual({ XT: 160 });
    expect(taxDifferenceMinor(fareOf(null, '43.40'), coded)).toEqual({});
  });

  it('an exchange without tax figures keeps the whole difference in the fare, with no taxes', () => {
    const [exch] = accountingDocumentsOf(
      bookingWith(coded),
      saleOf('exchange', coded, { fare: '20.00', taxes: '0.00', markup: '0.00', total: '20.00' }),
      { passengerId: 'PAX1', originalNumber: '2201234567890', exchangeDifferenceMinor: -1500 },
    );
    expect(exch).toMatchObject({ baseFare: '-15.00', taxTotal: '0.00', total: '-15.00', taxes: {} });
  });

  it("a refund's amount stays in the fare (the airline does not break it down): no taxes, right total", () => {
    const [rfnd] = accountingDocumentsOf(
      bookingWith(coded),
      saleOf('refund', coded, { fare: '43.40', taxes: '0.00', markup: '0.00', total: '43.40' }),
      { passengerId: 'PAX1', originalNumber: '2201234567890' },
    );
    expect(rfnd).toMatchObject({ transactionCode: 'RFND', baseFare: '-43.40', taxTotal: '0.00', total: '-43.40' });
    expect(rfnd!.taxes).toEqual({});
  });
});
