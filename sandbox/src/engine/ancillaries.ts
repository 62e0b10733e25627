// What ServiceList offers for an offer: paid bags and priority boarding per journey, meals and
// wifi per flight, lounge access where the departure airport is the operating carrier's hub (the
// carrier runs a lounge only there). Codes follow the ATPCO RFIC/RFISC idea; the values are
// illustrative, not the filed ones.
import { greatCircleKm } from './geo.js';
import { roeFor } from './money.js';
import type { Offer } from './offer-build.js';
import { idOf } from './prng.js';

export type ServiceCode = 'BAG1' | 'BAG2' | 'PRIORITY' | 'MEAL' | 'WIFI' | 'LOUNGE';

export interface Service {
  readonly id: string;
  readonly code: ServiceCode;
  readonly name: string;
  readonly rfic: string;
  readonly rfisc: string;
  /** The journey index or the flight key the service applies to. */
  readonly journeyIndex: number;
  readonly flightKey?: string;
  readonly priceMinor: number;
  readonly currency: string;
  readonly weightKg?: number;
}

const catalogue: Record<ServiceCode, { name: string; rfic: string; rfisc: string }> = {
  BAG1: { name: 'First checked bag', rfic: 'C', rfisc: '0CC' },
  BAG2: { name: 'Additional checked bag', rfic: 'C', rfisc: '0CD' },
  PRIORITY: { name: 'Priority boarding', rfic: 'E', rfisc: '0LF' },
  MEAL: { name: 'Hot meal', rfic: 'G', rfisc: '0B3' },
  WIFI: { name: 'Onboard wifi', rfic: 'G', rfisc: '0CL' },
  LOUNGE: { name: 'Lounge access', rfic: 'E', rfisc: '0BX' },
};

export function servicesFor(offer: Offer): Service[] {
  const local = (nuc: number) => Math.round(nuc * roeFor(offer.currency)) * 100;
  const services: Service[] = [];
  const add = (code: ServiceCode, journeyIndex: number, nuc: number, flightKey?: string, weightKg?: number) =>
    services.push({
      id: idOf('SV', offer.id, code, journeyIndex, flightKey ?? ''),
      code,
      ...catalogue[code],
      journeyIndex,
      ...(flightKey ? { flightKey } : {}),
      priceMinor: local(nuc),
      currency: offer.currency,
      ...(weightKg ? { weightKg } : {}),
    });
  offer.journeys.forEach((journey, j) => {
    const first = journey.segments[0]!.flight;
    const km = greatCircleKm(first.from, journey.segments.at(-1)!.flight.to);
    const bagKg = offer.cabin === 'C' ? 32 : 23;
    // A bag bought beyond the allowance costs more on long-haul, as carriers' bag tables do.
    if (offer.rules.checkedBags.pieces === 0) add('BAG1', j, km > 3500 ? 70 : 30, undefined, bagKg);
    add('BAG2', j, km > 3500 ? 100 : 50, undefined, bagKg);
    if (offer.cabin === 'Y') add('PRIORITY', j, 10);
    for (const { flight } of journey.segments) {
      if (offer.cabin === 'Y' && flight.minutes >= 90) add('MEAL', j, flight.minutes > 300 ? 25 : 12, flight.key);
      if (flight.minutes >= 120) add('WIFI', j, flight.minutes > 300 ? 20 : 8, flight.key);
      if (offer.cabin === 'Y' && flight.carrier.hubs.includes(flight.from.code)) add('LOUNGE', j, 45, flight.key);
    }
  });
  return services;
}
