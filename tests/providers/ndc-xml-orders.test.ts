// The NDC 21.3 XML adapter's order messages against the XML sandbox over real HTTP: OrderCreate →
// OrderViewRS, OrderRetrieve, pay and issue, cancel an unpaid order. The order read from XML must
// equal the same order read by the JSON adapter (the wire is all that differs), and every document
// either side sent must be valid against the 21.3 XSDs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProviderError,
  type PassengerInput,
  type ProviderChannel,
  type ProviderOffer,
} from '../../api/src/providers/airline-provider.js';
import { createNdcAdapter } from '../../api/src/providers/ndc/ndc.adapter.js';
import { createNdcXmlOrderCore, type NdcXmlOrderCore } from '../../api/src/providers/ndc-xml/ndc-xml-orders.js';
import { createNdcXmlShopping, type NdcXmlShopping } from '../../api/src/providers/ndc-xml/ndc-xml-shopping.js';
import { ndcSchemaErrors } from '../support/ndc-xsd.js';
import { readerDifferences } from '../support/saxes-xml-reader.js';
import { startXmlSandbox, type XmlSandbox } from '../support/ndc-xml-sandbox.js';

const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const channel: ProviderChannel = {
  id: 'ach_x',
  carrier: 'LH',
  credential: 'sbx_LH_xmlorders',
  negoCode: null,
  residentCode: null,
};
const search = {
  legs: [{ origin: 'WAW', destination: 'FRA', date }],
  passengers: [
    { type: 'ADT' as const, count: 2 },
    { type: 'CHD' as const, count: 1 },
  ],
  cabin: 'Y' as const,
};
const passengers: PassengerInput[] = (['ADT', 'ADT', 'CHD'] as const).map((type, i) => ({
  id: `PAX${i + 1}`,
  type,
  givenName: `Anna${'abc'[i]}`,
  surname: 'Kowalska',
  title: null,
  birthdate: type === 'CHD' ? '2017-06-01' : '1985-03-14',
  gender: 'female',
  identityDocument: {
    type: 'passport',
    number: `PL${1000000 + i}`,
    issuingCountry: 'PL',
    nationality: 'PL',
    expiryDate: '2099-12-31',
  },
}));
const contact = { email: 'agent@example.com', phone: '+48 600 100 200' };
const settings = { timeoutMs: 5_000, safeRetries: 1 };

let sandbox: XmlSandbox;
let shopping: NdcXmlShopping;
let orders: NdcXmlOrderCore;
let json: ReturnType<typeof createNdcAdapter>;
beforeAll(async () => {
  sandbox = await startXmlSandbox('xml-orders');
  shopping = createNdcXmlShopping(sandbox.transportOf, settings);
  orders = createNdcXmlOrderCore(sandbox.transportOf, settings, shopping);
  json = createNdcAdapter({ baseUrl: sandbox.url, timeoutMs: 5_000, safeRetries: 1 });
});
afterAll(() => sandbox.close());

async function book(pick: (offer: ProviderOffer) => boolean = () => true) {
  const offer = (await shopping.shop(channel, search)).find((o) => !o.instantPayment && pick(o))!;
  const order = await orders.createOrder(channel, {
    offerId: offer.offerId,
    sellerReference: `xml-${randomUUID()}`,
    passengers,
    contact,
  });
  return { offer, order, ref: { orderId: order.orderId, sellerReference: order.sellerReference! } };
}

describe('NDC XML adapter: orders against the XML sandbox', () => {
  it('books a held order with one Pax per person and reads it as the JSON adapter does', async () => {
    const { offer, order, ref } = await book();
    expect(order.status).toBe('held');
    expect(order.total).toEqual(offer.total);
    expect(order.amountDue).toEqual(offer.total);
    expect(order.passengers).toEqual(passengers);
    expect(order.contact).toEqual(contact);
    expect(order.fares.map((f) => [f.type, f.passengerIds])).toEqual([
      ['ADT', ['PAX1', 'PAX2']],
      ['CHD', ['PAX3']],
    ]);
    const retrieved = await orders.retrieveOrder(channel, ref);
    const viaJson = await json.retrieveOrder(channel, ref);
    // Fare conditions included: the fees as PenaltyList penalties, the rest in the extension.
    expect(retrieved.conditions).toBeDefined();
    expect(retrieved).toEqual(viaJson);
  });

  it('pays and issues a held order with a card (IATA brand code) and reads its tickets exactly', async () => {
    const { ref, order } = await book();
    const issued = await orders.issueOrder(channel, ref, {
      form: { type: 'card', brand: 'visa', number: '4111111111111111', expiry: '1230' },
      amount: order.amountDue,
    });
    expect(issued.status).toBe('issued');
    expect(issued.documents.filter((d) => d.type === 'ticket')).toHaveLength(3);
    expect(issued.documents.every((d) => /^\d{13}$/.test(d.number))).toBe(true);
    expect(issued.payments[0]!.form).toBe('card');
    const viaJson = await json.retrieveOrder(channel, ref);
    expect(issued.documents).toEqual(viaJson.documents);
    expect(issued.payments.map((p) => [p.id, p.amount, p.purpose])).toEqual(
      viaJson.payments.map((p) => [p.id, p.amount, p.purpose]),
    );
    expect(issued.voidDeadline).toBe(viaJson.voidDeadline);
  });

  it('cancels an unpaid order (CancelUnpaidOrder) and refuses with typed errors', async () => {
    const { ref } = await book();
    expect((await orders.cancelOrder(channel, ref)).status).toBe('cancelled');
    const refusal = await orders
      .retrieveOrder(channel, { orderId: 'ZZZZZZ', sellerReference: 'nobody' })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ProviderError);
    expect((refusal as ProviderError).kind).toBe('order_not_found');
  });

  it('adds a bag and a seat, corrects a title and the contact, each time read as the JSON adapter reads it', async () => {
    const { ref } = await book();
    const bag = (await orders.orderServices(channel, ref)).find((s) => s.kind === 'bags')!;
    const map = (await orders.orderSeats(channel, ref))[0]!;
    const row = map.rows.find((r) => r.seats.some((s) => s.available))!;
    const seat = row.seats.find((s) => s.available)!;
    const withServices = await orders.addServices(
      channel,
      ref,
      [
        { serviceId: bag.id, passengerId: 'PAX1' },
        { seat: { segmentId: map.segmentId, row: row.number, column: seat.column }, passengerId: 'PAX2' },
      ],
      null,
    );
    expect(withServices.services.map((s) => s.kind).sort()).toEqual(['bags', 'seat']);
    const corrected = await orders.updatePassengers(channel, ref, [{ id: 'PAX2', title: 'MRS' }]);
    expect(corrected.passengers.find((p) => p.id === 'PAX2')!.title).toBe('MRS');
    const recontacted = await orders.updateContacts(channel, ref, { email: 'desk@example.com' });
    expect(recontacted.contact).toEqual({ ...contact, email: 'desk@example.com' });
    expect(await orders.retrieveOrder(channel, ref)).toEqual(await json.retrieveOrder(channel, ref));
  });

  it('reshops an issued order (reprice and other dates) and accepts an offer, as the JSON adapter reads them', async () => {
    const { ref, order } = await book((o) => o.penalties.change.allowed);
    await orders.issueOrder(channel, ref, { form: { type: 'cash' }, amount: order.amountDue });
    // Each reshop makes new offers (their own ids and expiry): the rest, the new fare's conditions
    // and the change's penalty included, must be the same.
    const comparable = <T extends { offerId: string; expiresAt: string }>(offers: readonly T[]) =>
      offers.map((offer) => ({ ...offer, offerId: '', expiresAt: '' }));
    const reprice = await orders.reshopOrder(channel, ref, { type: 'reprice' });
    expect(reprice[0]!.conditions).toBeDefined();
    expect(comparable(reprice)).toEqual(comparable(await json.reshopOrder(channel, ref, { type: 'reprice' })));
    const later = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    const request = { type: 'change' as const, journeys: [{ journeyId: order.journeys[0]!.id, date: later }] };
    const changes = await orders.reshopOrder(channel, ref, request);
    const viaJson = await json.reshopOrder(channel, ref, request);
    expect(comparable(changes)).toEqual(comparable(viaJson));
    const offer = changes.find((c) => Number(c.totalDue.amount) === 0) ?? changes[0]!;
    const payment =
      Number(offer.totalDue.amount) > 0 ? { form: { type: 'cash' as const }, amount: offer.totalDue } : null;
    const changed = await orders.changeOrder(channel, ref, offer.offerId, payment);
    expect(changed.journeys[0]!.segments[0]!.departure.at.slice(0, 10)).toBe(later);
    expect(changed).toEqual(await json.retrieveOrder(channel, ref));
  });

  it('voids inside the void window and quotes and confirms a refund, through OrderReshop/CancelOrderRef', async () => {
    const paid = async (pick: (o: ProviderOffer) => boolean) => {
      const booked = await book(pick);
      await orders.issueOrder(channel, booked.ref, { form: { type: 'cash' }, amount: booked.order.amountDue });
      return booked.ref;
    };
    const voided = await orders.voidOrder(channel, await paid(() => true));
    expect(voided.status).toBe('voided');
    expect(voided.documents.every((d) => d.status === 'voided')).toBe(true);
    const refundable = await paid((o) => o.penalties.refund.allowed);
    // The airline keeps one quote per order: the JSON one first, then ours (the one confirmed).
    const jsonQuote = await json.quoteRefund(channel, refundable);
    const quote = await orders.quoteRefund(channel, refundable);
    expect({ ...quote, quoteId: '', expiresAt: '' }).toEqual({ ...jsonQuote, quoteId: '', expiresAt: '' });
    const refunded = await orders.confirmRefund(channel, refundable, quote.quoteId);
    expect(refunded.status).toBe('refunded');
    expect(refunded).toEqual(await json.retrieveOrder(channel, refundable));
  });

  it('sent and received only documents valid against the 21.3 XSDs, read as saxes read them', async () => {
    const names = new Set(sandbox.documents.map((d) => d.name));
    for (const name of [
      'OrderCreateRQ',
      'OrderCreateRS',
      'OrderRetrieveRQ',
      'OrderRetrieveRS',
      'OrderChangeRQ',
      'OrderChangeRS',
    ])
      expect(names).toContain(name);
    expect(await ndcSchemaErrors(sandbox.documents)).toEqual([]);
    expect(await readerDifferences(sandbox.documents)).toEqual([]);
  }, 60_000);
});
