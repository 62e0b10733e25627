import { ApiError } from '@contrail/sdk';
import { describe, expect, it } from 'vitest';
import {
  airportCode,
  checkDraft,
  draftFieldKeys,
  initialDraft,
  toSearchRequest,
  type SearchDraft,
} from './search-draft';
import { splitSearchError } from './search-errors';

const texts = { required: 'Required', infants: 'Too many infants' };
const leg = (origin: string, destination: string, date: string) => ({ origin, destination, date });

describe('the search form as a request', () => {
  it('reads the code from what was typed or picked', () => {
    expect(airportCode('waw')).toBe('WAW');
    expect(airportCode('FRA — Frankfurt, Frankfurt am Main')).toBe('FRA');
  });

  it('makes a return trip two origin-destinations, the second reversed', () => {
    const draft: SearchDraft = {
      ...initialDraft,
      trip: 'return',
      legs: [leg('WAW — Warsaw, Chopin', 'lis', '2026-12-22')],
      returnDate: '2026-12-29',
      adults: 2,
      infants: 1,
    };
    expect(toSearchRequest(draft)).toEqual({
      origin_destinations: [
        { origin: 'WAW', destination: 'LIS', departure_date: '2026-12-22' },
        { origin: 'LIS', destination: 'WAW', departure_date: '2026-12-29' },
      ],
      passengers: { adults: 2, children: 0, infants: 1 },
      cabin: 'economy',
    });
  });

  it('sends every multi-city leg and only the first leg of a one-way trip', () => {
    const legs = [leg('WAW', 'FRA', '2026-12-20'), leg('FRA', 'LHR', '2026-12-22'), leg('LHR', 'WAW', '2026-12-27')];
    expect(toSearchRequest({ ...initialDraft, trip: 'multiCity', legs }).origin_destinations).toHaveLength(3);
    expect(toSearchRequest({ ...initialDraft, trip: 'oneWay', legs }).origin_destinations).toHaveLength(1);
  });

  it('checks only what the server would refuse: missing fields and more infants than adults', () => {
    expect(checkDraft({ ...initialDraft, trip: 'return', infants: 2 }, texts)).toEqual({
      '/origin_destinations/0/origin': 'Required',
      '/origin_destinations/0/destination': 'Required',
      '/origin_destinations/0/departure_date': 'Required',
      '/origin_destinations/1/departure_date': 'Required',
      '/passengers/infants': 'Too many infants',
    });
    expect(checkDraft({ ...initialDraft, legs: [leg('WAW', 'FRA', '2026-12-20')] }, texts)).toEqual({});
  });
});

describe('a failed search', () => {
  const error = (items: { pointer?: string; detail: string }[]) =>
    new ApiError(
      400,
      items.map(({ pointer, detail }) => ({
        status: '400',
        code: 'validation_failed',
        title: 'Invalid',
        detail,
        ...(pointer ? { source: { pointer } } : {}),
      })),
      'req_1',
      new Headers(),
    );

  it('puts pointed errors beside their fields and the rest in notices', () => {
    const keys = draftFieldKeys({ ...initialDraft, trip: 'return' });
    const split = splitSearchError(
      error([
        { pointer: '/origin_destinations/0/origin', detail: 'Unknown airport XXX.' },
        { pointer: '/origin_destinations/1/departure_date', detail: 'Return before departure.' },
        { pointer: '/origin_destinations/1/origin', detail: 'Something else.' },
      ]),
      keys,
    );
    expect(split.fields).toEqual({
      '/origin_destinations/0/origin': 'Unknown airport XXX.',
      '/origin_destinations/1/departure_date': 'Return before departure.',
    });
    expect(split.others).toEqual(['Something else.']);
    expect(split.noticeOnly).toBe(false);
  });

  it('shows a failure with no field as notices only', () => {
    expect(splitSearchError(new Error('network'), new Set()).noticeOnly).toBe(true);
    expect(splitSearchError(error([{ detail: 'No channel is active.' }]), new Set()).noticeOnly).toBe(true);
  });
});
