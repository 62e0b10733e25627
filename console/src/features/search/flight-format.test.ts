import { describe, expect, it } from 'vitest';
import { clockToMinute, dayShift, formatDuration, minuteToClock } from './flight-format';

describe('flight times', () => {
  it('counts the days an arrival lands after its departure, by local dates', () => {
    expect(dayShift('2026-12-15T22:00:00+01:00', '2026-12-16T06:10:00+09:00')).toBe(1);
    expect(dayShift('2026-12-15T07:00:00+01:00', '2026-12-15T09:10:00+01:00')).toBe(0);
  });

  it('writes durations and slider minutes', () => {
    expect(formatDuration(125, { hours: 'h', minutes: 'm' })).toBe('2h 05m');
    expect(formatDuration(45, { hours: 'h', minutes: 'm' })).toBe('45m');
    expect(minuteToClock(24 * 60)).toBe('23:59');
    expect(clockToMinute('06:30')).toBe(390);
  });
});
