import { describe, expect, it } from 'vitest';
import { fromMinor, percentOf, sumMoney, toMinor } from './money.js';

describe('money', () => {
  it('round-trips decimal strings through minor units', () => {
    expect(toMinor('123.45')).toBe(12345);
    expect(toMinor('7')).toBe(700);
    expect(toMinor('0.5')).toBe(50);
    expect(toMinor('-3.10')).toBe(-310);
    expect(fromMinor(12345)).toBe('123.45');
    expect(fromMinor(-5)).toBe('-0.05');
    expect(() => toMinor('1.234')).toThrow();
  });

  it('adds only one currency and rounds percentages to the cent', () => {
    expect(
      sumMoney(
        [
          { amount: '0.10', currency: 'EUR' },
          { amount: '0.20', currency: 'EUR' },
        ],
        'EUR',
      ).amount,
    ).toBe('0.30');
    expect(() => sumMoney([{ amount: '1.00', currency: 'CHF' }], 'EUR')).toThrow();
    expect(percentOf(10_005, 10)).toBe(1001);
  });
});
