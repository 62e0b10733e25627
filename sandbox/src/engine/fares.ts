// Fare levels and the rules of the three fare families. A fare is filed in NUC for the journey's
// origin and destination (not the sum of its sectors, as through fares are), multiplied by the
// booking class, the passenger type and the fare type, then converted at the carrier's ROE.
import type { Carrier } from '../data/carriers.data.js';
import { greatCircleKm } from './geo.js';
import { bookingClasses, type CabinCode, type FamilyIndex, type Inventory } from './inventory.js';
import { roeFor } from './money.js';
import { randomFor } from './prng.js';
import type { Journey } from './schedule-connections.js';

export type PassengerType = 'ADT' | 'CHD' | 'INF';
/** PUBLIC for everyone; NEGO only with the channel's corporate code; RESIDENT only with a resident code. */
export type FareType = 'PUBLIC' | 'NEGO' | 'RESIDENT';

const ptcFactor: Record<PassengerType, number> = { ADT: 1, CHD: 0.75, INF: 0.1 };
const fareTypeFactor: Record<FareType, number> = { PUBLIC: 1, NEGO: 0.85, RESIDENT: 0.75 };
const familyCode = ['LT', 'CL', 'FX'] as const;
const fareTypeSuffix: Record<FareType, string> = { PUBLIC: '', NEGO: 'NG', RESIDENT: 'RS' };

export interface FamilyRules {
  readonly checkedBags: { readonly pieces: number; readonly weightKg: number };
  readonly carryOn: { readonly pieces: number; readonly weightKg: number };
  /** Fees in NUC; `null` when the fare does not allow it at all. */
  readonly changeFeeNuc: number | null;
  readonly refundFeeNuc: number | null;
}

export function familyRules(family: FamilyIndex, cabin: CabinCode, noBaggage: boolean): FamilyRules {
  const bagKg = cabin === 'C' ? 32 : 23;
  const pieces = noBaggage ? 0 : ([cabin === 'C' ? 1 : 0, 1, 2] as const)[family];
  return {
    checkedBags: { pieces, weightKg: pieces ? bagKg : 0 },
    carryOn: { pieces: 1, weightKg: cabin === 'C' ? 16 : 8 },
    changeFeeNuc: ([null, 70, 0] as const)[family],
    refundFeeNuc: ([null, null, 0] as const)[family],
  };
}

/** Booking class per segment: the cheapest class of the family with seats for everyone who sits. */
export function pickClasses(
  inventory: Inventory,
  journey: Journey,
  cabin: CabinCode,
  family: FamilyIndex,
  seats: number,
): string[] | undefined {
  const picked: string[] = [];
  for (const segment of journey.segments) {
    const open = bookingClasses[cabin].find(
      (c) => c.family === family && inventory.seatsLeft(segment.flight.key, c.rbd) >= seats,
    );
    if (!open) return undefined;
    picked.push(open.rbd);
  }
  return picked;
}

const multiplierOf = (cabin: CabinCode, rbd: string) => bookingClasses[cabin].find((c) => c.rbd === rbd)!.multiplier;

export interface FareComponent {
  readonly nucMinor: number;
  readonly fareBasis: string;
}

export interface FareInputs {
  readonly seed: string;
  readonly owner: Carrier;
  readonly journey: Journey;
  readonly cabin: CabinCode;
  readonly family: FamilyIndex;
  readonly fareType: FareType;
  readonly rbds: readonly string[];
}

export function fareComponent(input: FareInputs, ptc: PassengerType): FareComponent {
  const { journey, owner, cabin, rbds } = input;
  const first = journey.segments[0]!.flight;
  const last = journey.segments.at(-1)!.flight;
  const km = greatCircleKm(first.from, last.to);
  const lowest = km > 3500 ? 150 + km * 0.055 : 40 + km * 0.08;
  // Connections sell below the direct fare, as carriers price them to compete with nonstops.
  const connecting = journey.segments.length > 1 ? 0.9 : 1;
  const season = 0.85 + 0.4 * randomFor(input.seed, 'fare', owner.code, first.date, first.from.code, last.to.code)();
  const multiplier = Math.max(...rbds.map((rbd) => multiplierOf(cabin, rbd)));
  const nuc = lowest * connecting * season * multiplier * ptcFactor[ptc] * fareTypeFactor[input.fareType];
  const paxSuffix = ptc === 'ADT' ? '' : `/${ptc === 'CHD' ? 'CH' : 'IN'}`;
  return {
    nucMinor: Math.round(nuc * 100),
    fareBasis: `${rbds[0]}${familyCode[input.family]}${fareTypeSuffix[input.fareType]}${paxSuffix}`,
  };
}

/** NUC minor units to the carrier's currency minor units at its ROE. */
export function toLocalMinor(nucMinor: number, currency: string): number {
  return Math.round(nucMinor * roeFor(currency));
}
