// A recognised availability or fare-display entry as our search: the body of searchOffers (one leg,
// or two when the entry gives a return date), and the filters that carry what the search body has
// no field for (direct only → no stops, a departure time → a window from an hour before, as the GDS
// displays flights from an hour before the time asked). Connection points have no counterpart in
// our search; the panel shows them beside the offers. The party comes from the PNR's names when the
// panel has them (adults at least 1 and at most 9, infants never more than adults), else one adult.
import type { OfferSearchRequest, SearchFilters } from '@contrail/sdk';
import type { RecognisedPassenger, Recognition } from './recognition.types';

type Searchable = Extract<Recognition, { kind: 'availability' | 'fare_display' }>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function party(passengers: RecognisedPassenger[] | undefined): OfferSearchRequest['passengers'] {
  const count = (type: RecognisedPassenger['type']) => passengers?.filter((p) => p.type === type).length ?? 0;
  const adults = Math.min(9, Math.max(1, count('ADT')));
  return { adults, children: Math.min(8, count('CHD')), infants: Math.min(adults, count('INF')) };
}

/** The search an entry asks for, or null for an entry that is not a search (names, contacts) or one
 *  whose dates our search would refuse (a departure before today, a return before the departure). */
export function toSearchRequest(
  recognition: Recognition,
  options: { today: Date; passengers?: RecognisedPassenger[] },
): OfferSearchRequest | null {
  if (recognition.kind !== 'availability' && recognition.kind !== 'fare_display') return null;
  const searchable: Searchable = recognition;
  const departureDate = searchable.departureDate ?? isoDay(options.today);
  if (departureDate < isoDay(options.today)) return null;
  const legs: OfferSearchRequest['origin_destinations'] = [
    { origin: searchable.origin, destination: searchable.destination, departure_date: departureDate },
  ];
  if (searchable.returnDate !== undefined) {
    if (searchable.returnDate < departureDate) return null;
    legs.push({
      origin: searchable.destination,
      destination: searchable.origin,
      departure_date: searchable.returnDate,
    });
  }
  return {
    origin_destinations: legs,
    passengers: party(options.passengers),
    ...(searchable.cabin ? { cabin: searchable.cabin } : {}),
    ...(searchable.carriers.length ? { carriers: searchable.carriers.slice(0, 20) } : {}),
  };
}

/** The filters to apply to the search's result for what the entry asks beyond the search body, or
 *  null when it asks nothing more. */
export function toSearchFilters(recognition: Recognition): SearchFilters | null {
  if (recognition.kind !== 'availability') return null;
  const filters: SearchFilters = {};
  if (recognition.directOnly) filters.max_stops = 0;
  if (recognition.departureTime) {
    const [hours, minutes] = recognition.departureTime.split(':').map(Number) as [number, number];
    const from = `${String(Math.max(0, hours - 1)).padStart(2, '0')}:${String(hours === 0 ? 0 : minutes).padStart(2, '0')}`;
    filters.departure_windows = [{ origin_destination: 0, from, to: '23:59' }];
  }
  return Object.keys(filters).length ? filters : null;
}
