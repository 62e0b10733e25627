// When a connection's batch is due: as documents come, once per clock hour, once a day at the
// agency's local time (Kyiv is UTC+2 in November).
import { describe, expect, it } from 'vitest';
import { dueBySchedule } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('a connection’s schedule', () => {
  it('as it happens: every pass', () => {
    expect(
      dueBySchedule(
        { schedule: 'each', daily_at: null, last_cut_at: at('2026-11-26T10:00:00Z') },
        at('2026-11-26T10:00:01Z'),
        'UTC',
      ),
    ).toBe(true);
  });

  it('hourly: once per clock hour', () => {
    const c = { schedule: 'hourly' as const, daily_at: null, last_cut_at: at('2026-11-26T10:05:00Z') };
    expect(dueBySchedule(c, at('2026-11-26T10:59:59Z'), 'UTC')).toBe(false);
    expect(dueBySchedule(c, at('2026-11-26T11:00:00Z'), 'UTC')).toBe(true);
    expect(dueBySchedule({ ...c, last_cut_at: null }, at('2026-11-26T10:06:00Z'), 'UTC')).toBe(true);
  });

  it('daily: at the local time, once a day', () => {
    const c = { schedule: 'daily' as const, daily_at: '06:00', last_cut_at: at('2026-11-25T04:00:00Z') };
    // 05:59 and 06:00 in Kyiv.
    expect(dueBySchedule(c, at('2026-11-26T03:59:00Z'), 'Europe/Kyiv')).toBe(false);
    expect(dueBySchedule(c, at('2026-11-26T04:00:00Z'), 'Europe/Kyiv')).toBe(true);
    // Cut today after the slot: not again until tomorrow's.
    expect(
      dueBySchedule({ ...c, last_cut_at: at('2026-11-26T04:00:30Z') }, at('2026-11-26T20:00:00Z'), 'Europe/Kyiv'),
    ).toBe(false);
    expect(
      dueBySchedule({ ...c, last_cut_at: at('2026-11-26T04:00:30Z') }, at('2026-11-27T04:00:00Z'), 'Europe/Kyiv'),
    ).toBe(true);
  });
});
