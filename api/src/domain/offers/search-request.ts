// A search as the caller asks it, and the checks the contract cannot express: infants ride on an
// adult's lap, nine seats at most, no journey back to where it starts, no departure in the past,
// and only airports the airlines fly to.
import { airportRefs } from '../reference/airports.data.js';
import { DomainError, invalidField, throwAll } from '../errors.js';
import type { ShopRequest } from '../../providers/airline-provider.js';

export interface SearchRequest {
  origin_destinations: { origin: string; destination: string; departure_date: string }[];
  /** Children and infants default to 0 and the cabin to economy before the request gets here. */
  passengers: { adults: number; children: number; infants: number };
  cabin: 'economy' | 'business';
  carriers?: string[];
}

const served = new Set(airportRefs.map((a) => a.code));

export function checkSearchRequest(request: SearchRequest, today: string): void {
  const problems: DomainError[] = [];
  const problem = (pointer: string, detail: string) => problems.push(invalidField(pointer, detail));
  const { adults, children, infants } = request.passengers;
  if (infants > adults)
    problem('/passengers/infants', 'Each infant travels on an adult’s lap: no more infants than adults.');
  if (adults + children > 9) problem('/passengers', 'At most nine seated passengers in one search.');
  request.origin_destinations.forEach((od, i) => {
    const at = `/origin_destinations/${i}`;
    if (!served.has(od.origin)) problem(`${at}/origin`, `${od.origin} is not an airport our airlines fly to.`);
    if (!served.has(od.destination))
      problem(`${at}/destination`, `${od.destination} is not an airport our airlines fly to.`);
    if (od.origin === od.destination) problem(`${at}/destination`, 'The destination is the same as the origin.');
    if (od.departure_date < today) problem(`${at}/departure_date`, 'The departure date is in the past.');
    const previous = request.origin_destinations[i - 1];
    if (previous && od.departure_date < previous.departure_date)
      problem(`${at}/departure_date`, 'Each journey must depart on or after the one before it.');
  });
  throwAll(problems);
}

export function shopRequestOf(request: SearchRequest): ShopRequest {
  const { adults, children, infants } = request.passengers;
  return {
    legs: request.origin_destinations.map((od) => ({
      origin: od.origin,
      destination: od.destination,
      date: od.departure_date,
    })),
    passengers: [
      { type: 'ADT', count: adults },
      { type: 'CHD', count: children },
      { type: 'INF', count: infants },
    ],
    cabin: request.cabin === 'business' ? 'C' : 'Y',
  };
}
