import { describe, expect, it } from 'vitest';
import {
  flightTime,
  formatDate,
  formatDateTime,
  formatFlightDay,
  formatFlightMoment,
  formatFlightSpan,
} from './format-date';

describe('dates and times, one way per language', () => {
  it('writes a moment with a medium date and a short time', () => {
    const moment = '2026-03-12T14:05:00Z';
    for (const language of ['en', 'ua', 'pl'] as const) {
      const text = formatDateTime(moment, language);
      expect(text).toMatch(/2026/);
      expect(text).toMatch(/\d{2}:05/);
      expect(text).not.toContain('T14');
    }
    expect(formatDateTime('not a moment', 'en')).toBe('not a moment');
  });

  it('writes a calendar day the same in every zone, in the language', () => {
    expect(formatDate('2026-03-12', 'en')).toBe('12 Mar 2026');
    expect(formatDate('2026-03-12', 'pl')).toBe('12 mar 2026');
    expect(formatDate('2026-03-12', 'ua')).toMatch(/^12 бер\. 2026/);
  });

  it('reads a flight day and time from the text, local at the airport, not the browser zone', () => {
    expect(flightTime('2026-12-15T23:05:00-05:00')).toBe('23:05');
    expect(formatFlightDay('2026-12-15T23:05:00-05:00', 'en')).toBe('Tue 15 Dec');
    expect(formatFlightDay('2026-12-15', 'en')).toBe('Tue 15 Dec');
    expect(formatFlightMoment('2026-12-15T07:05:00+01:00', 'pl')).toBe('wt., 15 gru 07:05');
    expect(formatFlightSpan('2026-12-15T07:05:00+01:00', '2026-12-15T09:10:00+01:00', 'en')).toBe(
      'Tue 15 Dec 07:05–09:10',
    );
  });
});

describe('one formatting module', () => {
  it('is the only place the console formats a date or a time', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.join(import.meta.dirname, '../..');
    const ownFormat = /toLocale(Date|Time)?String\(|new Intl\.DateTimeFormat\(|\.slice\(11, 16\)/;
    const offenders = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
      .filter((file) => !file.startsWith('lib/i18n/') && !file.startsWith('marketing/') && !file.startsWith('landing/'))
      .filter((file) => ownFormat.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
