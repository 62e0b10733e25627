// OrderCreate: the airline turns a priced offer into a held order. It re-quotes first (so the
// price-change route refuses a stale total here just as OfferPrice reports it), then takes the
// seats all or nothing (the sold-out route loses them at this moment), then names the order.
import { AirlineRefusal } from './airline-refusal.js';
import { decimal } from './money.js';
import type { Offer } from './offer-build.js';
import type { OrderBook } from './order-book-types.js';
import type { Order, OrderContact, OrderPax } from './order-model.js';
import { nameScenarioFor, type NameScenario } from './scenarios.js';

/** An instant-payment fare is held only this long: the agent must pay and issue at once. */
export const instantPaymentHoldSeconds = 20 * 60;

export interface OrderCreateInput {
  readonly credential: string;
  readonly sellerRef?: string;
  readonly offer: Offer;
  readonly pax: readonly OrderPax[];
  readonly contact: OrderContact;
  readonly corporateId?: string;
  readonly sellerRemarks?: readonly string[];
}

export function createOrder(book: OrderBook, input: OrderCreateInput): Order {
  const { offer } = input;
  checkPassengers(offer, input.pax);
  if (offer.scenarios.includes('price_change') && !offer.repriced) {
    const quoted = book.deps.price(offer);
    throw new AirlineRefusal(
      'PRICE_CHANGED',
      `The price changed from ${decimal(offer.totalMinor)} to ${decimal(quoted.offer.totalMinor)} ${offer.currency}; ` +
        'order the offer again to accept it.',
      '/OfferID',
    );
  }
  const held = book.deps.holdOffer(offer);
  if (!held.ok) {
    const classes = held.soldOut.map((s) => `${s.rbd} on ${s.flightKey}`).join(', ');
    throw new AirlineRefusal('SOLD_OUT', `No seats left in ${classes}.`, '/OfferID');
  }
  const now = book.now();
  const order: Order = {
    id: book.store.nextLocator(),
    credential: input.credential,
    ...(input.sellerRef === undefined ? {} : { sellerRef: input.sellerRef }),
    owner: offer.owner,
    offer,
    journeys: offer.journeys,
    pax: input.pax.map((p) => ({ ...p })),
    contact: { ...input.contact },
    status: 'HELD',
    createdAt: now,
    paymentTimeLimit: offer.instantPayment
      ? new Date(now.getTime() + instantPaymentHoldSeconds * 1000)
      : offer.paymentTimeLimit,
    instantPayment: offer.instantPayment,
    services: [],
    documents: [],
    payments: [],
    reshopOffers: new Map(),
    routeScenarios: offer.scenarios,
    nameScenarios: [...new Set(input.pax.flatMap((p) => nameScenarioFor(p.surname) ?? []))] as NameScenario[],
    applied: new Set(),
    remarks: [],
    ...(input.corporateId === undefined ? {} : { corporateId: input.corporateId }),
    ...(input.sellerRemarks?.length ? { sellerRemarks: [...input.sellerRemarks] } : {}),
  };
  book.store.add(order);
  return order;
}

function checkPassengers(offer: Offer, pax: readonly OrderPax[]): void {
  const counts = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of pax) counts[p.ptc] += 1;
  const expected = `${offer.pax.ADT} ADT, ${offer.pax.CHD} CHD, ${offer.pax.INF} INF`;
  if (counts.ADT !== offer.pax.ADT || counts.CHD !== offer.pax.CHD || counts.INF !== offer.pax.INF) {
    throw new AirlineRefusal('PAX_MISMATCH', `The offer was priced for ${expected}.`, '/PaxList');
  }
  if (new Set(pax.map((p) => p.id)).size !== pax.length) {
    throw new AirlineRefusal('PAX_MISMATCH', 'PaxID values must be unique.', '/PaxList');
  }
  if (!offer.paxDataRequired) return;
  // Flights to or from an APIS country: the border authority gets every passenger's gender and
  // a document still valid on the day of the last flight.
  const lastDay = offer.journeys.at(-1)!.segments.at(-1)!.flight.date;
  pax.forEach((p, i) => {
    if (!p.gender || !p.document)
      throw new AirlineRefusal('PAX_DATA_REQUIRED', `${p.id} has no gender or travel document.`, `/PaxList/${i}`);
    if (p.document.expiry < lastDay)
      throw new AirlineRefusal(
        'PAX_DATA_REQUIRED',
        `${p.id}'s travel document expires before ${lastDay}.`,
        `/PaxList/${i}`,
      );
  });
}
