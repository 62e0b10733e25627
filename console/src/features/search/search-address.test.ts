import { describe, expect, it } from 'vitest';
import { draftFromQuery, searchQueryOf } from './search-address';
import { initialDraft, type SearchDraft } from './search-draft';

const returnTrip: SearchDraft = {
  ...initialDraft,
  trip: 'return',
  legs: [{ origin: 'WAW — Warsaw, Chopin', destination: 'fra', date: '2026-12-15' }],
  returnDate: '2026-12-20',
  adults: 2,
  infants: 1,
  cabin: 'business',
};

describe('a search in the address', () => {
  it('writes what the form holds and reads the same search back', () => {
    const query = searchQueryOf(returnTrip);
    expect(query).toBe('trip=return&legs=WAW-FRA-2026-12-15&ret=2026-12-20&adt=2&inf=1&cabin=business');
    expect(draftFromQuery(`?${query}`)).toEqual({
      ...returnTrip,
      legs: [{ origin: 'WAW', destination: 'FRA', date: '2026-12-15' }],
    });
  });

  it('keeps every leg of a multi-city trip', () => {
    const multi: SearchDraft = {
      ...initialDraft,
      trip: 'multiCity',
      legs: [
        { origin: 'WAW', destination: 'FRA', date: '2026-12-15' },
        { origin: 'FRA', destination: 'LIS', date: '2026-12-18' },
      ],
    };
    expect(draftFromQuery(searchQueryOf(multi))).toEqual(multi);
  });

  it.each([
    '',
    '?trip=oneWay',
    '?trip=sideways&legs=WAW-FRA-2026-12-15',
    '?trip=oneWay&legs=WAW-FRA-2026-12-15,FRA-LIS-2026-12-18',
    '?trip=return&legs=WAW-FRA-2026-12-15',
    '?trip=oneWay&legs=WAW-FRA-tomorrow',
    '?trip=oneWay&legs=WAW-FRA-2026-12-15&adt=0',
    '?trip=oneWay&legs=WAW-FRA-2026-12-15&adt=10',
    '?trip=oneWay&legs=WAW-FRA-2026-12-15&cabin=steerage',
  ])('reads %s as no search: the empty form', (query) => {
    expect(draftFromQuery(query)).toBeUndefined();
  });
});
