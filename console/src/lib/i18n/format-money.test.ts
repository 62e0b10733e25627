import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyShort } from './format-money';

describe('money in the interface language', () => {
  it('writes an amount with its currency, as each language does', () => {
    expect(formatMoney({ amount: '1234.5', currency: 'EUR' }, 'en')).toBe('€1,234.50');
    expect(formatMoney({ amount: '1234.5', currency: 'PLN' }, 'pl').replace(/\s/g, ' ')).toBe('1234,50 zł');
  });

  it('writes a seat price short, in whole units but never without its currency', () => {
    expect(formatMoneyShort({ amount: '45.00', currency: 'EUR' }, 'en')).toBe('€45');
    expect(formatMoneyShort({ amount: '44.60', currency: 'EUR' }, 'en')).toBe('€45');
    expect(formatMoneyShort({ amount: '120', currency: 'PLN' }, 'pl').replace(/\s/g, ' ')).toBe('120 zł');
    expect(formatMoneyShort({ amount: '30', currency: 'UAH' }, 'ua')).toMatch(/30\s?₴|₴30/);
  });
});
