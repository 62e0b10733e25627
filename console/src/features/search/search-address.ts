// A search kept in the address (/search?trip=return&legs=WAW-FRA-2026-12-15&ret=2026-12-20&adt=1…),
// so a reload, a bookmark or a link sent to a colleague runs the same search again. Only what the
// form holds goes in; an address that does not read as a search gives no draft (the empty form).
import type { SearchCabin } from '@contrail/sdk';
import { airportCode, legsFor, maxLegs, maxSeats, tripTypes, type SearchDraft, type TripType } from './search-draft';

const cabins: readonly SearchCabin[] = ['economy', 'business'];
const legPattern = /^([A-Z]{3})-([A-Z]{3})-(\d{4}-\d{2}-\d{2})$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

export function searchQueryOf(draft: SearchDraft): string {
  const params = new URLSearchParams();
  params.set('trip', draft.trip);
  params.set(
    'legs',
    legsFor(draft)
      .slice(0, draft.trip === 'multiCity' ? maxLegs : 1)
      .map((leg) => `${airportCode(leg.origin)}-${airportCode(leg.destination)}-${leg.date}`)
      .join(','),
  );
  if (draft.trip === 'return') params.set('ret', draft.returnDate);
  params.set('adt', String(draft.adults));
  if (draft.children) params.set('chd', String(draft.children));
  if (draft.infants) params.set('inf', String(draft.infants));
  params.set('cabin', draft.cabin);
  return params.toString();
}

const count = (value: string | null, min: number): number | undefined => {
  if (value === null) return min;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= maxSeats ? n : undefined;
};

export function draftFromQuery(search: string): SearchDraft | undefined {
  const params = new URLSearchParams(search);
  const trip = params.get('trip') as TripType | null;
  if (!trip || !tripTypes.includes(trip)) return undefined;
  const legs = (params.get('legs') ?? '').split(',').map((leg) => legPattern.exec(leg));
  if (legs.length === 0 || legs.length > maxLegs || legs.some((m) => m === null)) return undefined;
  if (trip !== 'multiCity' && legs.length !== 1) return undefined;
  if (trip === 'multiCity' && legs.length < 2) return undefined;
  const returnDate = params.get('ret') ?? '';
  if (trip === 'return' && !datePattern.test(returnDate)) return undefined;
  const cabin = (params.get('cabin') ?? 'economy') as SearchCabin;
  const adults = count(params.get('adt'), 1);
  const children = count(params.get('chd'), 0);
  const infants = count(params.get('inf'), 0);
  if (!cabins.includes(cabin) || adults === undefined || children === undefined || infants === undefined)
    return undefined;
  return {
    trip,
    legs: legs.map((m) => ({ origin: m![1]!, destination: m![2]!, date: m![3]! })),
    returnDate: trip === 'return' ? returnDate : '',
    adults,
    children,
    infants,
    cabin,
  };
}
