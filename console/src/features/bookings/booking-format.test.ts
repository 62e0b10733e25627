import type { BookingSegment } from '@contrail/sdk';
import { ApiError } from '@contrail/sdk';
import { describe, expect, it } from 'vitest';
import { isOpen, journeysOf, passengerName, routeOf, travelDays } from './booking-format';
import { formatRemaining } from './format-remaining';
import { openOutcome } from './open-outcome';

const segment = (journey: number, origin: string, destination: string, departure: string): BookingSegment => ({
  flight_id: `${origin}${destination}`,
  origin_destination: journey,
  carrier: 'LH',
  flight_number: 'LH1',
  origin,
  destination,
  departure_at: departure,
  arrival_at: departure,
  booking_class: 'Y',
});

describe('a booking in a list row', () => {
  const segments = [
    segment(1, 'LIS', 'WAW', '2026-12-29T09:00:00+00:00'),
    segment(0, 'FRA', 'LIS', '2026-12-22T13:00:00+01:00'),
    segment(0, 'WAW', 'FRA', '2026-12-22T07:05:00+01:00'),
  ];

  it('reads the route journey by journey, flights in time order', () => {
    expect(journeysOf(segments)).toEqual([
      ['WAW', 'FRA', 'LIS'],
      ['LIS', 'WAW'],
    ]);
    expect(routeOf(segments)).toBe('WAW–FRA–LIS, LIS–WAW');
    expect(routeOf([])).toBe('');
  });

  it('gives each journey’s local departure day', () => {
    expect(travelDays(segments)).toEqual(['2026-12-22', '2026-12-29']);
  });

  it('names passengers as airlines print them', () => {
    expect(passengerName({ first_name: 'Olena', last_name: 'Kovalenko', title: 'MRS' })).toBe('KOVALENKO/OLENA MRS');
    expect(passengerName({ first_name: 'Ivan', last_name: 'Kovalenko', title: null })).toBe('KOVALENKO/IVAN');
  });

  it('counts held, issuing and issued bookings as open', () => {
    expect(
      ['new', 'issuing', 'issued', 'cancelled', 'voided', 'expired'].map((status) => isOpen({ status } as never)),
    ).toEqual([true, true, true, false, false, false]);
  });
});

describe('the time left', () => {
  const units = { days: 'd', hours: 'h', minutes: 'min', seconds: 's' };
  const now = Date.parse('2026-05-01T10:00:00Z');
  it('shows the two largest units', () => {
    expect(formatRemaining('2026-05-03T13:30:00Z', now, units)).toBe('2 d 03 h');
    expect(formatRemaining('2026-05-01T11:05:30Z', now, units)).toBe('1 h 05 min');
    expect(formatRemaining('2026-05-01T10:04:12Z', now, units)).toBe('4 min 12 s');
  });
  it('is null once the deadline passed', () => {
    expect(formatRemaining('2026-05-01T10:00:00Z', now, units)).toBeNull();
    expect(formatRemaining('2026-04-01T10:00:00Z', now, units)).toBeNull();
  });
});

describe('a booking that would not open', () => {
  const error = (status: number) => new ApiError(status, [], undefined, new Headers());
  it('is gone at 416 and 404, invalid at 400, an open error otherwise', () => {
    expect(openOutcome(error(416))).toBe('gone');
    expect(openOutcome(error(404))).toBe('gone');
    expect(openOutcome(error(400))).toBe('invalid');
    expect(openOutcome(error(502))).toBe('openError');
    expect(openOutcome(new TypeError('Failed to fetch'))).toBe('openError');
  });
});
