// The order half's promises about what changes after booking: services priced into a held order
// and sold as EMDs after issue, re-pricing and flight changes (reissue), and the airline's refusal
// to reissue in its own words, and the airline's own changes of an order (a schedule change): announced
// in the order, penalties waived until answered, the seller's answer acknowledged once.
import { describe, expect, it } from 'vitest';
import { toMinor } from '../money.js';
import { expectProviderError, type ConformanceFixture } from './airline-conformance.fixture.js';
import type { ProviderOffer } from './airline-provider.js';
import { book, cash, refOf } from './airline-orders.conformance-helpers.js';

const changeable = (offer: ProviderOffer) => offer.penalties.change.allowed;
const unchangeable = (offer: ProviderOffer) => !offer.penalties.change.allowed;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function airlineChangesConformance(setup: () => Promise<ConformanceFixture>): void {
  describe('order changes', () => {
    it('prices services into a held order and sells them as EMDs after issue', async () => {
      const f = await setup();
      const { order, passengers } = await book(f);
      const bag = (await f.provider.orderServices(f.channel, refOf(order))).find((s) => s.kind === 'bags');
      expect(bag).toBeDefined();
      const [first, second] = passengers;

      const before = await f.provider.addServices(
        f.channel,
        refOf(order),
        [{ serviceId: bag!.id, passengerId: first!.id }],
        null,
      );
      expect(before.services).toEqual([expect.objectContaining({ kind: 'bags', status: 'priced' })]);
      expect(toMinor(before.total.amount)).toBe(toMinor(order.total.amount) + toMinor(bag!.price.amount));
      expect(before.amountDue).toEqual(before.total);

      const issued = await f.provider.issueOrder(f.channel, refOf(order), cash(before));
      const emds = () => issued.documents.filter((d) => d.type === 'emd');
      expect(emds()).toEqual([expect.objectContaining({ passengerId: first!.id, serviceId: before.services[0]!.id })]);

      const after = await f.provider.addServices(
        f.channel,
        refOf(order),
        [{ serviceId: bag!.id, passengerId: second!.id }],
        { form: { type: 'agency_balance' }, amount: bag!.price },
      );
      const added = after.services.find((s) => s.passengerIds.includes(second!.id))!;
      expect(added.status).toBe('issued');
      expect(after.documents.filter((d) => d.type === 'emd').map((d) => d.serviceId)).toContain(added.id);
      expect(after.payments.map((p) => p.purpose)).toEqual(['tickets', 'services']);
    });

    it('re-prices an order and changes an issued one to another date, reissuing its tickets', async () => {
      const f = await setup();
      const { order } = await book(f, { pick: changeable });
      const issued = await f.provider.issueOrder(f.channel, refOf(order), cash(order));
      const [reprice] = await f.provider.reshopOrder(f.channel, refOf(order), { type: 'reprice' });
      expect(reprice).toMatchObject({ type: 'reprice', newTotal: order.total });

      const journey = issued.journeys[0]!;
      const date = nextDay(f.served.legs[0]!.date);
      const alternatives = await f.provider.reshopOrder(f.channel, refOf(order), {
        type: 'change',
        journeys: [{ journeyId: journey.id, date }],
      });
      expect(alternatives.length).toBeGreaterThan(0);
      const choice = alternatives[0]!;
      expect(choice.type).toBe('change');
      expect(choice.journeys[0]!.segments[0]!.departure.at.slice(0, 10)).toBe(date);
      const payment =
        toMinor(choice.totalDue.amount) > 0 ? { form: { type: 'cash' as const }, amount: choice.totalDue } : null;

      const changed = await f.provider.changeOrder(f.channel, refOf(order), choice.offerId, payment);
      expect(changed.status).toBe('issued');
      expect(changed.journeys[0]!.segments[0]!.departure.at.slice(0, 10)).toBe(date);
      const oldNumbers = issued.documents.map((d) => d.number).sort();
      const exchanged = changed.documents.filter((d) => d.status === 'exchanged').map((d) => d.number);
      expect(exchanged.sort()).toEqual(oldNumbers);
      const fresh = changed.documents.filter((d) => d.type === 'ticket' && d.status === 'issued');
      expect(fresh.map((d) => d.exchangedFrom).sort()).toEqual(oldNumbers);
    });

    it('refuses a change the fare does not allow', async () => {
      const f = await setup();
      const { order } = await book(f, { pick: unchangeable });
      await expectProviderError(
        f.provider.reshopOrder(f.channel, refOf(order), {
          type: 'change',
          journeys: [{ journeyId: order.journeys[0]!.id, date: nextDay(f.served.legs[0]!.date) }],
        }),
        'change_not_allowed',
      );
    });

    it('refuses a reissue with the airline’s own words and keeps the tickets', async () => {
      const f = await setup();
      const { order } = await book(f, { pick: changeable, surname: f.surnames.reissueFails });
      const issued = await f.provider.issueOrder(f.channel, refOf(order), cash(order));
      const [choice] = await f.provider.reshopOrder(f.channel, refOf(order), {
        type: 'change',
        journeys: [{ journeyId: issued.journeys[0]!.id, date: nextDay(f.served.legs[0]!.date) }],
      });
      const payment =
        toMinor(choice!.totalDue.amount) > 0 ? { form: { type: 'cash' as const }, amount: choice!.totalDue } : null;
      const error = await expectProviderError(
        f.provider.changeOrder(f.channel, refOf(order), choice!.offerId, payment),
        'reissue_failed',
      );
      expect(error.airlineMessage).not.toBe('The airline could not process the request.');
      const after = await f.provider.retrieveOrder(f.channel, refOf(order));
      expect(after.documents).toEqual(issued.documents);
    });

    it('announces its own change of an order, waives its penalties until answered, and takes one answer', async () => {
      const f = await setup();
      const { order } = await book(f, { pick: unchangeable });
      const issued = await f.provider.issueOrder(f.channel, refOf(order), cash(order));
      const before = issued.journeys[0]!.segments[0]!.departure.at;
      // An hour on the airline's clock, which earlier tests may have moved ahead of ours.
      const actionDeadline = new Date(Date.parse(issued.documents[0]!.issuedAt) + 3600_000);
      const { changeId } = await f.provider.disruptOrder(f.channel, refOf(order), {
        kind: 'delay',
        minutes: 60,
        notice: 'light',
        actionDeadline,
        consequenceOfInaction: 'auto_cancel',
      });
      const changed = await f.provider.retrieveOrder(f.channel, refOf(order));
      expect(changed.airlineChanges).toEqual([
        expect.objectContaining({
          id: changeId,
          kind: 'delay',
          state: 'pending',
          consequenceOfInaction: 'auto_cancel',
        }),
      ]);
      expect(Date.parse(changed.journeys[0]!.segments[0]!.departure.at)).toBe(Date.parse(before) + 3600_000);
      // A light notice carries no order: the seller retrieves it.
      expect(f.provider.orderOfNotice(f.channel, refOf(order), { NotifID: changeId })).toBeNull();
      // Involuntary: a fare that keeps its fare on a refund gives everything back while the change is open.
      const quote = await f.provider.quoteRefund(f.channel, refOf(order));
      expect(toMinor(quote.penalty.amount)).toBe(0);

      await expectProviderError(
        f.provider.acknowledgeChange(f.channel, refOf(order), 'NOSUCHCHANGE', 'accept'),
        'change_not_found',
      );
      const accepted = await f.provider.acknowledgeChange(f.channel, refOf(order), changeId, 'accept');
      expect(accepted.airlineChanges?.[0]?.state).toBe('accepted');
      // The same answer again is the same state (safe to retry); another answer is refused.
      await f.provider.acknowledgeChange(f.channel, refOf(order), changeId, 'accept');
      await expectProviderError(
        f.provider.acknowledgeChange(f.channel, refOf(order), changeId, 'cancel'),
        'order_closed',
      );
      // Once accepted, the fare's own rules apply again.
      const after = await f.provider.quoteRefund(f.channel, refOf(order));
      expect(toMinor(after.penalty.amount)).toBeGreaterThan(0);
    });
  });
}
