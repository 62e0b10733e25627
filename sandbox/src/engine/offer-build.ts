// One offer: a set of journeys (one per leg) sold by one carrier in one fare family, priced per
// passenger type. Also the home of the offer's time rules: it expires after 30 minutes, and it
// may be held until a payment time limit unless departure is close or the route demands instant
// payment (then the airline only sells it with immediate ticketing).
import type { Carrier } from '../data/carriers.data.js';
import type { Clock } from './clock.js';
import {
  fareComponent,
  familyRules,
  toLocalMinor,
  type FamilyRules,
  type FareType,
  type PassengerType,
} from './fares.js';
import { fareCalculation, taxesFor, type Tax } from './fares-taxes.js';
import type { CabinCode, FamilyIndex, SeatRequest } from './inventory.js';
import { idOf } from './prng.js';
import type { RouteScenario } from './scenarios.js';
import { keyOf, type Journey } from './schedule-connections.js';

export type PaxCounts = Readonly<Record<PassengerType, number>>;

/** The seats a party takes: one per adult and child; an infant sits on an adult's lap. */
export const seatedCount = (pax: PaxCounts): number => pax.ADT + pax.CHD;

export interface OfferItem {
  readonly ptc: PassengerType;
  readonly count: number;
  /** Per passenger of this type, in the offer's currency minor units. */
  readonly baseMinor: number;
  readonly taxes: readonly Tax[];
  readonly totalMinor: number;
  readonly fareBasis: readonly string[];
  readonly fareCalculation: string;
}

export interface Offer {
  readonly id: string;
  readonly seed: string;
  readonly owner: Carrier;
  readonly currency: string;
  readonly cabin: CabinCode;
  readonly family: FamilyIndex;
  readonly fareType: FareType;
  readonly journeys: readonly Journey[];
  /** Booking class per segment, per journey. */
  readonly rbds: readonly (readonly string[])[];
  readonly pax: PaxCounts;
  readonly items: readonly OfferItem[];
  readonly totalMinor: number;
  readonly rules: FamilyRules;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly paymentTimeLimit: Date | null;
  readonly instantPayment: boolean;
  /** The airline wants each passenger's gender and travel document at OrderCreate (APIS). */
  readonly paxDataRequired: boolean;
  readonly scenarios: readonly RouteScenario[];
  /** Set once OfferPrice has re-quoted it, so a price change happens once per offer. */
  readonly repriced: boolean;
}

export interface OfferInputs {
  readonly seed: string;
  readonly owner: Carrier;
  readonly cabin: CabinCode;
  readonly family: FamilyIndex;
  readonly fareType: FareType;
  readonly journeys: readonly Journey[];
  readonly rbds: readonly (readonly string[])[];
  readonly pax: PaxCounts;
  readonly scenarios: readonly RouteScenario[];
}

const offerLifetimeMs = 30 * 60_000;

/**
 * Countries whose border authorities take advance passenger information (APIS) before departure:
 * a flight to or from one of them needs each passenger's gender and travel document at booking.
 * The sandbox's long-haul destinations; flights within Europe (the scenario routes) need neither.
 */
export const apisCountries: ReadonlySet<string> = new Set(['US', 'CA', 'JP', 'SG', 'AE', 'IL']);

export const needsPaxData = (journeys: readonly Journey[]): boolean =>
  journeys.some((j) =>
    j.segments.some((s) => apisCountries.has(s.flight.from.country) || apisCountries.has(s.flight.to.country)),
  );
/** Inside this window before departure airlines want the ticket issued at once. */
const instantPaymentWindowMs = 72 * 3600_000;
const ptcs: PassengerType[] = ['ADT', 'CHD', 'INF'];

export function buildOffer(input: OfferInputs, clock: Clock, priceFactor = 1): Offer {
  const { owner, journeys } = input;
  const currency = owner.currency;
  const items = ptcs
    .filter((ptc) => input.pax[ptc] > 0)
    .map((ptc): OfferItem => {
      const components = journeys.map((journey, i) => fareComponent({ ...input, journey, rbds: input.rbds[i]! }, ptc));
      const scaled = components.map((c) => ({ ...c, nucMinor: Math.round(c.nucMinor * priceFactor) }));
      const baseMinor = scaled.reduce((sum, c) => sum + toLocalMinor(c.nucMinor, currency), 0);
      const taxes = taxesFor(journeys, ptc, currency);
      return {
        ptc,
        count: input.pax[ptc],
        baseMinor,
        taxes,
        totalMinor: baseMinor + taxes.reduce((sum, t) => sum + t.minor, 0),
        fareBasis: scaled.map((c) => c.fareBasis),
        fareCalculation: fareCalculation(journeys, scaled, currency),
      };
    });
  const now = clock.now();
  const departure = journeys[0]!.segments[0]!.flight.departure;
  const instantPayment =
    input.scenarios.includes('instant_payment') || departure.getTime() - now.getTime() < instantPaymentWindowMs;
  const limit = Math.min(now.getTime() + owner.ticketingTimeLimitHours * 3600_000, departure.getTime() - 48 * 3600_000);
  return {
    ...input,
    id: idOf(
      'OF',
      input.seed,
      ...journeys.map(keyOf),
      input.cabin,
      input.family,
      input.fareType,
      input.rbds.flat().join(''),
      input.pax.ADT,
      input.pax.CHD,
      input.pax.INF,
    ),
    currency,
    items,
    totalMinor: items.reduce((sum, item) => sum + item.totalMinor * item.count, 0),
    rules: familyRules(input.family, input.cabin, input.scenarios.includes('no_baggage')),
    createdAt: now,
    expiresAt: new Date(now.getTime() + offerLifetimeMs),
    paymentTimeLimit: instantPayment ? null : new Date(limit),
    instantPayment,
    paxDataRequired: needsPaxData(journeys),
    repriced: priceFactor !== 1,
  };
}

/** The seats an order for this offer takes: one per seated passenger (infants sit on a lap). */
export function seatRequestsOf(offer: Offer): SeatRequest[] {
  const seats = seatedCount(offer.pax);
  return offer.journeys.flatMap((journey, j) =>
    journey.segments.map((s, k) => ({ flightKey: s.flight.key, rbd: offer.rbds[j]![k]!, seats })),
  );
}
