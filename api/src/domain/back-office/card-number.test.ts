import { describe, expect, it } from 'vitest';
import { cardBrand, normaliseCardNumber, passesLuhn } from './card-number.js';

describe('card numbers', () => {
  it('accepts numbers whose Luhn checksum holds and refuses one changed digit', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('41111')).toBe(false);
  });
  it('names the brand by prefix and ignores spaces', () => {
    expect(cardBrand(normaliseCardNumber('4111 1111 1111 1111'))).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('30569309025904')).toBe('diners');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3530111333300000')).toBe('jcb');
    expect(cardBrand('135410014004955')).toBe('uatp');
    expect(cardBrand('9999999999999995')).toBeNull();
  });
});
