import { describe, expect, it } from 'vitest';
import { convertMinor, rateBookOf } from './exchange-rates.js';

describe('converting at a rate', () => {
  it('rounds half away from zero, so a credit is exactly the negative of its debit', () => {
    expect(convertMinor(10_000, '0.92')).toBe(9_200);
    expect(convertMinor(12_345, '1.08500000')).toBe(13_394); // 133.94325
    expect(convertMinor(-12_345, '1.085')).toBe(-13_394);
    expect(convertMinor(1, '0.5')).toBe(1);
    expect(convertMinor(-1, '0.5')).toBe(-1);
    expect(convertMinor(0, '3.3')).toBe(0);
    expect(convertMinor(49_999_999, '0.00000001')).toBe(0);
    expect(convertMinor(123_456_789, '41.23456789')).toBe(5_090_687_348);
  });
  it('ranks in EUR and refuses a pair it does not know, naming it', () => {
    const book = rateBookOf([{ base_currency: 'USD', quote_currency: 'EUR', rate: '0.92' }]);
    expect(book.rankingEurMinor(1000, 'USD')).toBe(920);
    expect(book.rankingEurMinor(1000, 'SEK')).toBe(1000);
    expect(book.eurMinor(1000, 'USD')).toBe(920);
    expect(book.eurMinor(1000, 'SEK')).toBeNull();
    expect(book.eurMinor(1000, 'EUR')).toBeNull();
    expect(book.convertMinor(1000, 'USD', 'EUR')).toBe(920);
    expect(() => book.convertMinor(1000, 'EUR', 'USD')).toThrow('No exchange rate from EUR to USD is known.');
  });
});
