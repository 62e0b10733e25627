import { describe, expect, it } from 'vitest';
import { formatDayMonth, formatDuration, formatMoney } from './format';

describe('flight card formats', () => {
  it('shows a duration in seconds as hours and minutes', () => {
    expect(formatDuration(6300)).toBe('1h 45m');
    expect(formatDuration(3600)).toBe('1h 00m');
    expect(formatDuration(2700)).toBe('0h 45m');
    expect(formatDuration(11_130)).toBe('3h 06m');
  });

  it('shows a year-month-day date as day.month', () => {
    expect(formatDayMonth('2026-11-23')).toBe('23.11');
    expect(formatDayMonth('2027-01-05')).toBe('05.01');
  });

  it('shows money in the page language with its currency', () => {
    expect(formatMoney({ amount: '89.28', currency: 'EUR' }, 'en')).toBe('€89.28');
  });
});
