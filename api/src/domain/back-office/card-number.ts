// Card number checks done before a number is sealed: digits only, Luhn, and the brand by prefix.
import type { CardBrand } from '../../providers/card-brands.js';

export function normaliseCardNumber(input: string): string {
  return input.replace(/\s+/g, '');
}

/** The Luhn checksum every payment card number carries (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The brand of a card number by its issuer prefix (IIN ranges), or null for a brand airlines do not
 * take. Every brand answered here has an IATA code in providers/card-brands.ts, so it can pay.
 */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6][0-9]{2}|7[01][0-9]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(30[0-5]|3095|36|3[89])/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8][0-9])/.test(digits)) return 'jcb';
  if (/^1/.test(digits)) return 'uatp';
  return null;
}
