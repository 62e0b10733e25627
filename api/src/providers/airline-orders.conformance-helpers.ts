// Small builders the order-half conformance tests share: passengers for the fixture's request, a
// booking of a freshly shopped offer, cash for what is due, and moving the airline's clock past a
// deadline.
import { randomUUID } from 'node:crypto';
import type { ConformanceFixture } from './airline-conformance.fixture.js';
import type { PassengerInput, OrderRef, Payment, ProviderOffer, ProviderOrder } from './airline-provider.js';

const birthdates = { ADT: '1985-03-14', CHD: '2017-06-01', INF: '' } as const;

export function passengersFor(f: ConformanceFixture, surname = 'Kowalski'): PassengerInput[] {
  const infantBirthdate = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
  return f.served.passengers
    .flatMap((p) => Array.from({ length: p.count }, () => ({ type: p.type })))
    .map(({ type }, i) => ({
      id: `PAX${i + 1}`,
      type,
      givenName: `Anna${'abcdefghi'[i]}`,
      surname,
      title: null,
      birthdate: type === 'INF' ? infantBirthdate : birthdates[type],
      // Every route's orders carry APIS data, so a route that requires it books like any other.
      gender: 'female',
      identityDocument: {
        type: 'passport',
        number: `PL${1000000 + i}`,
        issuingCountry: 'PL',
        nationality: 'PL',
        expiryDate: '2099-12-31',
      },
    }));
}

export const contact = { email: 'agent@example.com', phone: '+48 600 100 200' };

/** Books the cheapest offer (or the first that matches `pick`) of a fresh search of the served route. */
export async function book(
  f: ConformanceFixture,
  options: { surname?: string; offer?: ProviderOffer; pick?: (offer: ProviderOffer) => boolean } = {},
) {
  const offer = options.offer ?? (await f.provider.shop(f.channel, f.served)).find(options.pick ?? (() => true));
  if (!offer) throw new Error('the served route has no offer the test can book');
  const passengers = passengersFor(f, options.surname);
  const order = await f.provider.createOrder(f.channel, {
    offerId: offer.offerId,
    sellerReference: sellerReference(),
    passengers,
    contact,
  });
  return { offer, order, passengers };
}

/** A booking reference of the seller's, as Contrail gives its booking id. */
export const sellerReference = () => `conformance-${randomUUID()}`;

/** How the seller names an order it booked: the locator and its own booking reference. */
export const refOf = (order: ProviderOrder): OrderRef => ({
  orderId: order.orderId,
  sellerReference: order.sellerReference ?? '',
});

export const cash = (order: ProviderOrder): Payment => ({ form: { type: 'cash' }, amount: order.amountDue });

/**
 * Moves the airline's clock past a deadline. `from` is a moment the airline stamped just before
 * (an issue time), so the gap plus a minute is always enough, whatever its clock reads.
 */
export async function passTimeBeyond(f: ConformanceFixture, from: string, deadline: string): Promise<void> {
  const seconds = Math.ceil((Date.parse(deadline) - Date.parse(from)) / 1000) + 60;
  await f.passTime(seconds);
}
