// Seats per booking class per flight. The opening counts come from the PRNG (seed, flight, class),
// so they are stable; what has been held since lives in memory and lowers them. Offers show at
// most 9 seats left, as availability displays do; OrderCreate (the order half) calls `hold`.
import { intBetween, randomFor } from './prng.js';

export type CabinCode = 'Y' | 'C';
export type FamilyIndex = 0 | 1 | 2;

export interface BookingClass {
  readonly rbd: string;
  readonly cabin: CabinCode;
  /** Light (0), Classic (1) or Flex (2): which fare family the class prices. */
  readonly family: FamilyIndex;
  /** Price as a multiple of the route's lowest economy fare. */
  readonly multiplier: number;
}

const ladder = (cabin: CabinCode, rows: Array<[string, FamilyIndex, number]>): BookingClass[] =>
  rows.map(([rbd, family, multiplier]) => ({ rbd, cabin, family, multiplier }));

/** Classes cheapest first within each cabin, as inventory ladders are read. */
export const bookingClasses: Readonly<Record<CabinCode, readonly BookingClass[]>> = {
  Y: ladder('Y', [
    ['K', 0, 1],
    ['L', 0, 1.12],
    ['V', 0, 1.25],
    ['Q', 1, 1.45],
    ['H', 1, 1.7],
    ['M', 1, 2],
    ['B', 2, 2.6],
    ['Y', 2, 3.2],
  ]),
  C: ladder('C', [
    ['P', 0, 3],
    ['Z', 1, 3.6],
    ['D', 1, 4.4],
    ['C', 2, 5.2],
    ['J', 2, 6],
  ]),
};

export interface SeatRequest {
  readonly flightKey: string;
  readonly rbd: string;
  readonly seats: number;
}

export type HoldResult = { ok: true } | { ok: false; soldOut: SeatRequest[] };

export interface Inventory {
  seatsLeft(flightKey: string, rbd: string): number;
  /** All or nothing: either every class has the seats and all fall, or nothing changes. */
  hold(requests: readonly SeatRequest[]): HoldResult;
  release(requests: readonly SeatRequest[]): void;
  /** Another seller took the last seats: used by the sold-out-at-order scenario. */
  sellOut(flightKey: string, rbd: string): void;
}

export function createInventory(seed: string): Inventory {
  const taken = new Map<string, number>();
  const opening = (flightKey: string, rbd: string) => {
    const random = randomFor(seed, 'seats', flightKey, rbd);
    // Cheap classes close more often than expensive ones; the full-fare classes never close.
    if (rbd === 'Y' || rbd === 'J') return 9;
    return random() < 0.25 ? 0 : intBetween(random, 1, 9);
  };
  const seatsLeft = (flightKey: string, rbd: string) =>
    Math.max(0, opening(flightKey, rbd) - (taken.get(`${flightKey}:${rbd}`) ?? 0));
  const add = (r: SeatRequest, delta: number) => {
    const key = `${r.flightKey}:${r.rbd}`;
    taken.set(key, Math.max(0, (taken.get(key) ?? 0) + delta));
  };
  return {
    seatsLeft,
    hold(requests) {
      const soldOut = requests.filter((r) => seatsLeft(r.flightKey, r.rbd) < r.seats);
      if (soldOut.length) return { ok: false, soldOut };
      requests.forEach((r) => add(r, r.seats));
      return { ok: true };
    },
    release: (requests) => requests.forEach((r) => add(r, -r.seats)),
    sellOut: (flightKey, rbd) => add({ flightKey, rbd, seats: seatsLeft(flightKey, rbd) }, seatsLeft(flightKey, rbd)),
  };
}
