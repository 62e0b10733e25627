// OrderReshop: what the order would cost now (re-price, same flights) and which other flights it
// could move to (change), each as a reshop offer with the price difference and the change fee.
// The cheaper-class route opens the family's lowest class a day after booking, so a re-price then
// finds a lower fare. Accepting an offer (order-reissue.ts) swaps the seats and, once ticketed,
// reissues the tickets.
import { AirlineRefusal } from './airline-refusal.js';
import { pickClasses } from './fares.js';
import { bookingClasses, type FamilyIndex } from './inventory.js';
import { buildOffer, seatedCount, type Offer } from './offer-build.js';
import type { OrderBook } from './order-book-types.js';
import { assertStatus, feeMinor } from './order-lifecycle.js';
import { isLive, waived, type CheaperFare, type Order, type ReshopOffer } from './order-model.js';
import { orderScenarioTimings, priceChangeFactor } from './scenarios.js';
import { journeysFor, keyOf, type Journey } from './schedule-connections.js';

/** Reshop offers hold as long as shopping offers do. */
export const reshopOfferSeconds = 30 * 60;
const maxAlternatives = 6;

/** The airline's price on a price-change route is the re-quoted one from then on. */
const factorOf = (order: Order) => (order.offer.scenarios.includes('price_change') ? priceChangeFactor : 1);

function remember(book: OrderBook, order: Order, kind: ReshopOffer['kind'], offer: Offer, penaltyMinor: number) {
  const reshop: ReshopOffer = {
    // The id names its order, so OrderCreate finds a re-price offer without walking every order.
    id: `${book.store.nextId('RO')}-${order.id}`,
    kind,
    offer,
    differenceMinor: offer.totalMinor - order.offer.totalMinor,
    penaltyMinor,
    expiresAt: new Date(book.now().getTime() + reshopOfferSeconds * 1000),
  };
  order.reshopOffers.set(reshop.id, reshop);
  return reshop;
}

export function repriceOrder(book: OrderBook, order: Order): ReshopOffer {
  assertStatus(order, 'HELD', 'ISSUED');
  const { offer } = order;
  let rbds = offer.rbds;
  let factor = factorOf(order);
  const opensAt = order.createdAt.getTime() + orderScenarioTimings.cheaperClassAfterSeconds * 1000;
  if (order.routeScenarios.includes('cheaper_class_later') && book.now().getTime() >= opensAt) {
    const lowest = bookingClasses[offer.cabin].find((c) => c.family === offer.family)!.rbd;
    const seats = seatedCount(offer.pax);
    // Each flight moves to the family's lowest class where that class has seats for everyone (the
    // sandbox never offers seats it cannot sell: on some dates the class has none at all).
    const moved = order.journeys.map((journey, j) =>
      journey.segments.map((segment, k) =>
        book.deps.inventory.seatsLeft(segment.flight.key, lowest) >= seats ? lowest : rbds[j]![k]!,
      ),
    );
    // Nothing could move (already in the lowest class, or it has no seats): the carrier filed a
    // lower fare level for the order's own classes instead.
    if (moved.every((journey, j) => journey.every((rbd, k) => rbd === rbds[j]![k]))) factor *= 0.9;
    rbds = moved;
  }
  // A ticketed order is re-priced as an exchange into the new fare would be: with the change fee
  // (accepting it is refused when the fare allows no change).
  const penalty = changePenaltyOf(order);
  if (order.cheaperFare) return remember(book, order, 'REPRICE', cheaperOffer(book, order, order.cheaperFare), penalty);
  const repriced = buildOffer({ ...offer, journeys: order.journeys, rbds }, book.deps.clock, factor);
  return remember(book, order, 'REPRICE', repriced, penalty);
}

/** A fare that allows no change refuses it, unless the airline's own schedule change waived its rules. */
export function requireChangeable(order: Order): void {
  if (order.offer.rules.changeFeeNuc === null && !waived(order)) {
    throw new AirlineRefusal(
      'CHANGE_NOT_ALLOWED',
      `The ${order.owner.fareFamilies[order.offer.family]} fare allows no changes.`,
    );
  }
}

/** Issued orders pay the change fee per seated passenger; a held order is simply rebooked, as nothing was ticketed yet. */
function changePenaltyOf(order: Order): number {
  const { offer } = order;
  return order.status === 'ISSUED' && !waived(order)
    ? feeMinor(offer.rules.changeFeeNuc ?? 0, offer.currency) * seatedCount(offer.pax)
    : 0;
}

/** What a fare level this much lower costs: the "cheaper fare" scenario's discount on the same class. */
const cheaperFareFactor = 0.85;

/**
 * The cheaper class the "cheaper fare" scenario opened: the same family's lowest class at a lower
 * fare level (equal conditions), or the lowest class of the family below (worse conditions).
 */
function cheaperOffer(book: OrderBook, order: Order, cheaper: CheaperFare) {
  const { offer } = order;
  const family = cheaper.conditions === 'WORSE' ? ((offer.family - 1) as FamilyIndex) : offer.family;
  // The family's cheapest class with seats for everyone (the new order takes its own seats while
  // the old hold keeps its), or the order's own classes at the lower fare level.
  const seats = seatedCount(offer.pax);
  const rbds = order.journeys.map(
    (journey, j) => pickClasses(book.deps.inventory, journey, offer.cabin, family, seats) ?? offer.rbds[j]!,
  );
  const build = (factor: number) =>
    buildOffer({ ...offer, family, journeys: order.journeys, rbds }, book.deps.clock, factor);
  let found = build(cheaperFareFactor);
  // The family's cheaper classes sold out since (what has seats costs more): the scenario promises
  // a cheaper fare, so the carrier filed a lower level on the class that has seats.
  for (let factor = cheaperFareFactor; cheaper.conditions === 'EQUAL' && found.totalMinor >= offer.totalMinor;) {
    factor *= cheaperFareFactor;
    if (factor < 0.2) break;
    found = build(factor);
  }
  return found;
}

/** Opens a cheaper class on the order's flights; a Light fare has no family below it to be worse. */
export function openCheaperFare(book: OrderBook, order: Order, conditions: CheaperFare['conditions']): void {
  assertStatus(order, 'HELD', 'ISSUED');
  if (conditions === 'WORSE' && order.offer.family === 0)
    throw new AirlineRefusal('CHANGE_NOT_ALLOWED', 'The order holds the lowest fare family; nothing is worse.');
  order.cheaperFare = { conditions, openedAt: book.now() };
  book.store.touch(order);
}

/** A re-price offer of one of the channel's live orders, as OrderCreate books it ("rebook"). */
export function findRepriceOffer(book: OrderBook, credential: string, reshopOfferId: string): ReshopOffer | undefined {
  const dash = reshopOfferId.lastIndexOf('-');
  if (dash < 0) return undefined;
  let order: Order;
  try {
    order = book.store.get(credential, reshopOfferId.slice(dash + 1));
  } catch (error) {
    // Not this channel's order (or none): the id is no re-price offer of this channel.
    if (error instanceof AirlineRefusal) return undefined;
    throw error;
  }
  if (!isLive(order)) return undefined;
  const reshop = order.reshopOffers.get(reshopOfferId);
  return reshop?.kind === 'REPRICE' ? reshop : undefined;
}

export interface JourneyChange {
  readonly journeyIndex: number;
  readonly date: string;
}

export function changeAlternatives(book: OrderBook, order: Order, changes: readonly JourneyChange[]): ReshopOffer[] {
  assertStatus(order, 'HELD', 'ISSUED');
  const { offer } = order;
  // An airline's own schedule change not yet accepted is waived: any fare may change, free of fee.
  requireChangeable(order);
  const now = book.now().getTime();
  const seats = seatedCount(offer.pax);
  const options = order.journeys.map((journey, j): Array<{ journey: Journey; rbds: readonly string[] }> => {
    const change = changes.find((c) => c.journeyIndex === j);
    if (!change) return [{ journey, rbds: offer.rbds[j]! }];
    const from = journey.segments[0]!.flight.from.code;
    const to = journey.segments.at(-1)!.flight.to.code;
    return journeysFor(book.deps.schedule, from, to, change.date)
      .filter((c) => c.owner === order.owner && c.segments[0]!.flight.departure.getTime() > now)
      .filter((c) => keyOf(c) !== keyOf(journey))
      .flatMap((c) => {
        const rbds = pickClasses(book.deps.inventory, c, offer.cabin, offer.family, seats);
        return rbds ? [{ journey: c, rbds }] : [];
      });
  });
  let combos: Array<Array<{ journey: Journey; rbds: readonly string[] }>> = [[]];
  for (const choices of options) combos = combos.flatMap((combo) => choices.map((choice) => [...combo, choice]));
  const penalty = changePenaltyOf(order);
  return combos.slice(0, maxAlternatives).map((combo) => {
    const changed = buildOffer(
      { ...offer, journeys: combo.map((c) => c.journey), rbds: combo.map((c) => c.rbds) },
      book.deps.clock,
      factorOf(order),
    );
    return remember(book, order, 'CHANGE', changed, penalty);
  });
}
