// What the search form holds, and how it becomes the API's OfferSearchRequest. A return trip is
// two origin-destinations, the second the first reversed; multi-city is up to six legs as entered
// (the contract's own limit). The form keeps every leg it had when the trip type changes, so
// switching back and forth loses nothing.
import type { OfferSearchRequest, SearchCabin } from '@contrail/sdk';

export type TripType = 'oneWay' | 'return' | 'multiCity';
export const tripTypes: readonly TripType[] = ['oneWay', 'return', 'multiCity'];

/** The contract's limits: up to six legs, at most nine seats, infants on an adult's lap. */
export const maxLegs = 6;
export const maxSeats = 9;

export interface LegDraft {
  origin: string;
  destination: string;
  date: string;
}

export interface SearchDraft {
  trip: TripType;
  legs: LegDraft[];
  returnDate: string;
  adults: number;
  children: number;
  infants: number;
  cabin: SearchCabin;
}

export const emptyLeg: LegDraft = { origin: '', destination: '', date: '' };

export const initialDraft: SearchDraft = {
  trip: 'oneWay',
  legs: [emptyLeg],
  returnDate: '',
  adults: 1,
  children: 0,
  infants: 0,
  cabin: 'economy',
};

/** The IATA code an airport field holds: typed ("waw") or picked ("WAW — Warsaw, Chopin"). */
export function airportCode(text: string): string {
  const match = /^\s*([A-Za-z]{3})(?:\s|$)/.exec(text);
  return match ? match[1]!.toUpperCase() : text.trim().toUpperCase();
}

/** The legs the trip type searches (multi-city keeps at least two). */
export function legsFor(draft: SearchDraft): LegDraft[] {
  if (draft.trip === 'multiCity') return draft.legs.length >= 2 ? draft.legs : [...draft.legs, emptyLeg];
  return [draft.legs[0] ?? emptyLeg];
}

export function toSearchRequest(draft: SearchDraft): OfferSearchRequest {
  const legs = legsFor(draft).map((leg) => ({
    origin: airportCode(leg.origin),
    destination: airportCode(leg.destination),
    departure_date: leg.date,
  }));
  const first = legs[0]!;
  const origin_destinations =
    draft.trip === 'return'
      ? [first, { origin: first.destination, destination: first.origin, departure_date: draft.returnDate }]
      : legs;
  return {
    origin_destinations,
    passengers: { adults: draft.adults, children: draft.children, infants: draft.infants },
    cabin: draft.cabin,
  };
}

/**
 * Field keys are the request's JSON pointers (`/origin_destinations/0/origin`), so the server's
 * `source.pointer` lands on the same field as a check made here.
 */
export type DraftErrors = Record<string, string>;

/** Only what the server would refuse anyway: a missing airport or date, more infants than adults. */
export function checkDraft(draft: SearchDraft, texts: { required: string; infants: string }): DraftErrors {
  const errors: DraftErrors = {};
  const request = toSearchRequest(draft);
  request.origin_destinations.forEach((leg, index) => {
    if (draft.trip === 'return' && index === 1) {
      if (!leg.departure_date) errors['/origin_destinations/1/departure_date'] = texts.required;
      return;
    }
    for (const key of ['origin', 'destination', 'departure_date'] as const) {
      if (!leg[key]) errors[`/origin_destinations/${index}/${key}`] = texts.required;
    }
  });
  if (draft.infants > draft.adults) errors['/passengers/infants'] = texts.infants;
  return errors;
}

/** The pointers the form has a field for, as the trip type shows them. */
export function draftFieldKeys(draft: SearchDraft): Set<string> {
  const keys = new Set(['/passengers/adults', '/passengers/children', '/passengers/infants', '/cabin']);
  const count = draft.trip === 'return' ? 1 : legsFor(draft).length;
  for (let index = 0; index < count; index++) {
    for (const key of ['origin', 'destination', 'departure_date']) keys.add(`/origin_destinations/${index}/${key}`);
  }
  if (draft.trip === 'return') keys.add('/origin_destinations/1/departure_date');
  return keys;
}
