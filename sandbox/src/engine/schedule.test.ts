import { describe, expect, it } from 'vitest';
import { journeysFor } from './schedule-connections.js';
import { createSchedule } from './schedule.js';

const minutesBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

describe('schedule network', () => {
  it('builds the same flights for the same seed and date', () => {
    const a = createSchedule('seed-a').departures('FRA', '2025-06-01');
    const b = createSchedule('seed-a').departures('FRA', '2025-06-01');
    expect(a.map((f) => [f.key, f.departureLocal, f.arrivalLocal])).toEqual(
      b.map((f) => [f.key, f.departureLocal, f.arrivalLocal]),
    );
    expect(a.length).toBeGreaterThan(20);
  });

  it('builds a different network for a different seed', () => {
    const a = createSchedule('seed-a')
      .departures('FRA', '2025-06-01')
      .map((f) => f.departureLocal);
    const b = createSchedule('seed-b')
      .departures('FRA', '2025-06-01')
      .map((f) => f.departureLocal);
    expect(a).not.toEqual(b);
  });

  it('states local times in each airport zone that agree with the block time', () => {
    const [flight] = createSchedule('seed-a').directFlights('WAW', 'JFK', '2025-06-01');
    expect(flight).toBeDefined();
    expect(flight!.departureLocal).toMatch(/^2025-06-01T\d\d:\d\d:00\+02:00$/);
    expect(flight!.arrivalLocal).toMatch(/-04:00$/);
    expect(minutesBetween(flight!.departureLocal, flight!.arrivalLocal)).toBe(flight!.minutes);
    // Warsaw to New York is about 6,850 km: roughly nine hours of block time.
    expect(flight!.minutes).toBeGreaterThan(480);
    expect(flight!.minutes).toBeLessThan(600);
  });

  it('follows daylight saving time: winter offsets differ from summer ones', () => {
    const [winter] = createSchedule('seed-a').directFlights('LHR', 'ATH', '2025-01-15');
    expect(winter!.departureLocal).toMatch(/\+00:00$/);
    expect(winter!.arrivalLocal).toMatch(/\+02:00$/);
    expect(minutesBetween(winter!.departureLocal, winter!.arrivalLocal)).toBe(winter!.minutes);
  });

  it('connects through hubs with a sellable connecting time, including codeshares', () => {
    const schedule = createSchedule('seed-a');
    const connections = journeysFor(schedule, 'KRK', 'LIS', '2025-06-01');
    expect(connections.length).toBeGreaterThan(0);
    for (const j of connections) {
      expect(j.segments).toHaveLength(2);
      const wait = (j.segments[1]!.flight.departure.getTime() - j.segments[0]!.flight.arrival.getTime()) / 60_000;
      expect(wait).toBeGreaterThanOrEqual(50);
    }
    const all = ['WAW', 'VIE', 'ZRH', 'KRK'].flatMap((o) => journeysFor(schedule, o, 'LIS', '2025-06-01'));
    const codeshare = all.flatMap((j) => j.segments).find((s) => s.marketingCarrier !== s.flight.carrier);
    expect(codeshare).toBeDefined();
  });

  it('gives the neo-airline direct flights only', () => {
    const schedule = createSchedule('seed-a');
    const neo = journeysFor(schedule, 'KBP', 'BCN', '2025-06-01').filter((j) => j.owner.code === 'NE');
    expect(neo).toEqual([]);
    expect(schedule.directFlights('WAW', 'BCN', '2025-06-01').some((f) => f.carrier.code === 'NE')).toBe(true);
  });
});
