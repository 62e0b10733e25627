// The order half of the port's promises (DESIGN §5): book, retrieve, issue exactly once, cancel,
// void inside and outside the window, refund, and the typed refusals. Run by
// airlineProviderConformance with the same fixture; services and exchanges are in
// airline-changes.conformance.ts.
import { describe, expect, it } from 'vitest';
import { toMinor } from '../money.js';
import { expectProviderError, type ConformanceFixture } from './airline-conformance.fixture.js';
import { ProviderError, type Payment, type ProviderOrder } from './airline-provider.js';
import {
  book,
  cash,
  contact,
  passengersFor,
  passTimeBeyond,
  refOf,
  sellerReference,
} from './airline-orders.conformance-helpers.js';

const testCard = '4111111111111111';

export function airlineOrdersConformance(setup: () => Promise<ConformanceFixture>): void {
  describe('orders', () => {
    it('books an offer, retrieves it, and issues one ticket per passenger', async () => {
      const f = await setup();
      const { order, passengers } = await book(f);
      expect(order).toMatchObject({ status: 'held', documents: [], payments: [] });
      expect(order.amountDue).toEqual(order.total);
      expect(order.passengers.map((p) => p.surname)).toEqual(passengers.map((p) => p.surname));
      // Taxes by code, when the airline gives them, add up to the fare's tax total.
      for (const fare of order.fares) {
        if (!fare.taxes) continue;
        expect(fare.taxes.every((t) => /^[A-Z0-9]{2}$/.test(t.code))).toBe(true);
        expect(fare.taxes.reduce((sum, t) => sum + toMinor(t.amount.amount), 0)).toBe(toMinor(fare.taxTotal.amount));
      }
      expect(await f.provider.retrieveOrder(f.channel, refOf(order))).toMatchObject({
        orderId: order.orderId,
        status: 'held',
        total: order.total,
      });

      const card: Payment = {
        form: { type: 'card', brand: 'visa', number: testCard, expiry: '1230' },
        amount: order.amountDue,
      };
      const issued = await f.provider.issueOrder(f.channel, refOf(order), card);
      expect(issued.status).toBe('issued');
      expect(issued.voidDeadline).not.toBeNull();
      const tickets = issued.documents.filter((d) => d.type === 'ticket');
      expect(tickets.map((t) => t.passengerId).sort()).toEqual(passengers.map((p) => p.id).sort());
      expect(tickets.every((t) => /^\d{13}$/.test(t.number) && t.status === 'issued')).toBe(true);
      expect(issued.payments).toHaveLength(1);
      // The card number goes to the airline and comes back only masked.
      expect(JSON.stringify(issued)).not.toContain(testCard);
      expect(toMinor(issued.amountDue.amount)).toBe(0);
    });

    it('issues exactly once however often it is asked', async () => {
      const f = await setup();
      const { order } = await book(f);
      const both = await Promise.all([
        f.provider.issueOrder(f.channel, refOf(order), cash(order)),
        f.provider.issueOrder(f.channel, refOf(order), cash(order)),
      ]);
      const again = await f.provider.issueOrder(f.channel, refOf(order), cash(order));
      const numbers = (o: ProviderOrder) => o.documents.map((d) => d.number).sort();
      for (const answer of [...both, again]) expect(numbers(answer)).toEqual(numbers(again));
      expect(again.warnings.map((w) => w.kind)).toContain('already_issued');
      const final = await f.provider.retrieveOrder(f.channel, refOf(order));
      expect(final.payments).toHaveLength(1);
      expect(final.documents).toHaveLength(order.passengers.length);
    });

    it('sells a class out by orders, and a cancel releases its seats', async () => {
      const f = await setup();
      const offers = await f.provider.shop(f.channel, f.served);
      const scarce = [...offers].sort((a, b) => seatsOf(a) - seatsOf(b))[0]!;
      const held: ProviderOrder[] = [];
      let refusal: unknown = null;
      for (let i = 0; i < 6 && !refusal; i++) {
        await book(f, { offer: scarce }).then(
          ({ order }) => held.push(order),
          (error: unknown) => (refusal = error),
        );
      }
      expect(refusal).toBeInstanceOf(ProviderError);
      expect((refusal as ProviderError).kind).toBe('sold_out');
      expect(held.length).toBeGreaterThan(0);

      const cancelled = await f.provider.cancelOrder(f.channel, refOf(held[0]!));
      expect(cancelled.status).toBe('cancelled');
      const rebooked = await book(f, { offer: scarce });
      expect(rebooked.order.status).toBe('held');
      await expectProviderError(f.provider.cancelOrder(f.channel, refOf(held[0]!)), 'order_closed');
      await expectProviderError(f.provider.issueOrder(f.channel, refOf(held[0]!), cash(held[0]!)), 'order_closed');
      for (const order of [...held.slice(1), rebooked.order]) await f.provider.cancelOrder(f.channel, refOf(order));
    });

    it('voids inside the void window and refuses after it', async () => {
      const f = await setup();
      const inside = await book(f);
      await expectProviderError(f.provider.voidOrder(f.channel, refOf(inside.order)), 'not_issued');
      await f.provider.issueOrder(f.channel, refOf(inside.order), cash(inside.order));
      await expectProviderError(f.provider.cancelOrder(f.channel, refOf(inside.order)), 'already_issued');
      const voided = await f.provider.voidOrder(f.channel, refOf(inside.order));
      expect(voided.status).toBe('voided');
      expect(voided.documents.every((d) => d.status === 'voided')).toBe(true);

      const late = await book(f);
      const issued = await f.provider.issueOrder(f.channel, refOf(late.order), cash(late.order));
      await passTimeBeyond(f, issued.documents[0]!.issuedAt, issued.voidDeadline!);
      const error = await expectProviderError(f.provider.voidOrder(f.channel, refOf(late.order)), 'void_window_closed');
      expect(error.airlineMessage.length).toBeGreaterThan(0);
    });

    it('quotes and confirms a refund, and refuses a quote that expired', async () => {
      const f = await setup();
      const { order } = await book(f);
      await f.provider.issueOrder(f.channel, refOf(order), cash(order));
      const quote = await f.provider.quoteRefund(f.channel, refOf(order));
      expect(toMinor(quote.refund.amount) + toMinor(quote.penalty.amount)).toBe(toMinor(order.total.amount));
      const refunded = await f.provider.confirmRefund(f.channel, refOf(order), quote.quoteId);
      expect(refunded.status).toBe('refunded');
      expect(refunded.documents.every((d) => d.status === 'refunded')).toBe(true);

      const other = await book(f);
      const issued = await f.provider.issueOrder(f.channel, refOf(other.order), cash(other.order));
      const stale = await f.provider.quoteRefund(f.channel, refOf(other.order));
      await passTimeBeyond(f, issued.documents[0]!.issuedAt, stale.expiresAt);
      await expectProviderError(
        f.provider.confirmRefund(f.channel, refOf(other.order), stale.quoteId),
        'refund_quote_expired',
      );
    });

    it('refuses ticketing with the airline’s own words and leaves the order held', async () => {
      const f = await setup();
      const { order } = await book(f, { surname: f.surnames.ticketingFails });
      const error = await expectProviderError(
        f.provider.issueOrder(f.channel, refOf(order), cash(order)),
        'ticketing_failed',
      );
      expect(error.airlineMessage).not.toBe('The airline could not process the request.');
      expect(await f.provider.retrieveOrder(f.channel, refOf(order))).toMatchObject({
        status: 'held',
        documents: [],
        payments: [],
      });
    });

    it('refuses a payment that is not the amount due, and updates the contact', async () => {
      const f = await setup();
      const { order } = await book(f);
      const short = { ...cash(order), amount: { ...order.amountDue, amount: '1.00' } };
      await expectProviderError(f.provider.issueOrder(f.channel, refOf(order), short), 'payment_mismatch');
      const updated = await f.provider.updateContacts(f.channel, refOf(order), { email: 'new@example.com' });
      expect(updated.contact).toEqual({ email: 'new@example.com', phone: order.contact.phone });
      const corrected = await f.provider.updatePassengers(f.channel, refOf(order), [
        { id: order.passengers[0]!.id, birthdate: '1984-02-29' },
      ]);
      expect(corrected.passengers[0]).toMatchObject({ id: order.passengers[0]!.id, birthdate: '1984-02-29' });
    });

    it('refuses an order whose price moved, then books it at the new price', async () => {
      const f = await setup();
      const { channel, request } = f.priceChange;
      const [offer] = await f.provider.shop(channel, request);
      const order = {
        offerId: offer!.offerId,
        sellerReference: sellerReference(),
        passengers: passengersFor(f),
        contact,
      };
      await expectProviderError(f.provider.createOrder(channel, order), 'price_changed');
      const booked = await f.provider.createOrder(channel, order);
      expect(booked.status).toBe('held');
      expect(toMinor(booked.total.amount)).toBeGreaterThan(toMinor(offer!.total.amount));
      await f.provider.cancelOrder(channel, refOf(booked));
    });

    it('echoes the seller’s booking reference, and acts on an order only for the booking it was made for', async () => {
      const f = await setup();
      const { order } = await book(f);
      expect(order.sellerReference).toMatch(/^conformance-/);
      const other = { orderId: order.orderId, sellerReference: sellerReference() };
      await expectProviderError(f.provider.retrieveOrder(f.channel, other), 'order_mismatch');
      await expectProviderError(f.provider.issueOrder(f.channel, other, cash(order)), 'order_mismatch');
      await expectProviderError(f.provider.cancelOrder(f.channel, other), 'order_mismatch');
      // Nothing moved: the order is still held, untouched.
      expect(await f.provider.retrieveOrder(f.channel, refOf(order))).toMatchObject({ status: 'held', documents: [] });
      await f.provider.cancelOrder(f.channel, refOf(order));
    });

    it('keeps orders per channel: another credential’s order is not found', async () => {
      const f = await setup();
      const { order } = await book(f);
      await expectProviderError(f.provider.retrieveOrder(f.otherChannel, refOf(order)), 'order_not_found');
      await expectProviderError(f.provider.cancelOrder(f.otherChannel, refOf(order)), 'order_not_found');
      await expectProviderError(
        f.provider.retrieveOrder(f.channel, { orderId: 'ZZZZZZ', sellerReference: sellerReference() }),
        'order_not_found',
      );
      expect((await f.provider.retrieveOrder(f.channel, refOf(order))).status).toBe('held');
    });

    it('registers and removes the channel’s notification URL', async () => {
      const f = await setup();
      await f.provider.registerNotifications(f.channel, 'http://127.0.0.1:9/notify?secret=x');
      await f.provider.registerNotifications(f.channel, null);
    });
  });
}

const seatsOf = (offer: { bookingClasses: readonly { seatsLeft: number }[] }) =>
  Math.min(...offer.bookingClasses.map((c) => c.seatsLeft));
