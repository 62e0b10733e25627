import { describe, expect, it } from 'vitest';
import type { BookingSegment } from '../bookings/booking.js';
import { diffSegments } from './schedule-change-diff.js';

const seg = (over: Partial<BookingSegment> = {}): BookingSegment => ({
  flight_id: 'LH1347-WAWFRA-2026-06-01',
  origin_destination: 0,
  carrier: 'LH',
  flight_number: 'LH1347',
  origin: 'WAW',
  destination: 'FRA',
  departure_at: '2026-06-01T07:00:00+02:00',
  arrival_at: '2026-06-01T09:05:00+02:00',
  booking_class: 'Y',
  ...over,
});
const limits = { before: null, after: null };

describe('diffSegments', () => {
  it('calls a flight later by up to 12 hours a delay', () => {
    const moved = seg({ departure_at: '2026-06-01T08:30:00+02:00', arrival_at: '2026-06-01T10:35:00+02:00' });
    expect(diffSegments([seg()], [moved], limits)).toEqual({ type: 'delay', removed: [seg()], added: [moved] });
  });

  it('calls a flight moved earlier, or later by more than 12 hours, a retime', () => {
    const earlier = seg({ departure_at: '2026-06-01T05:30:00+02:00' });
    expect(diffSegments([seg()], [earlier], limits)?.type).toBe('retime');
    const muchLater = seg({ departure_at: '2026-06-01T21:00:00+02:00' });
    expect(diffSegments([seg()], [muchLater], limits)?.type).toBe('retime');
  });

  it('calls the same flight under another number a flight number change', () => {
    const renamed = seg({ flight_id: 'LH2347-WAWFRA-2026-06-01', flight_number: 'LH2347' });
    expect(diffSegments([seg()], [renamed], limits)).toEqual({
      type: 'flight_number_change',
      removed: [seg()],
      added: [renamed],
    });
  });

  it('calls a flight replaced by another a cancellation, with the protection as added', () => {
    const protection = seg({ flight_id: 'LH1347-WAWFRA-2026-06-02', departure_at: '2026-06-02T07:00:00+02:00' });
    expect(diffSegments([seg()], [protection], limits)).toEqual({
      type: 'cancellation',
      removed: [seg()],
      added: [protection],
    });
  });

  it('sees a time-limit change when no flight moved, and nothing when nothing changed', () => {
    const before = new Date('2026-05-01T10:00:00Z');
    expect(diffSegments([seg()], [seg()], { before, after: new Date('2026-05-01T08:00:00Z') })?.type).toBe(
      'time_limit_change',
    );
    expect(diffSegments([seg()], [seg()], { before, after: new Date(before) })).toBeNull();
  });
});
