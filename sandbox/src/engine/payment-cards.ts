// The cards the sandbox airlines take, as an airline's payment gateway checks them before charging:
// the brand by its IATA two-letter code (PaymentCard/CardBrandCode), a number that passes the Luhn
// check, and a number that belongs to the brand named (a Visa number sent as AX is declined).
import { AirlineRefusal } from './airline-refusal.js';

/** IATA card code -> the issuer prefixes (IIN ranges) of its numbers. */
const acceptedCards: Readonly<Record<string, RegExp>> = {
  VI: /^4/,
  CA: /^(5[1-5]|2(2[2-9][1-9]|[3-6][0-9]{2}|7[01][0-9]|720))/,
  AX: /^3[47]/,
  DC: /^(30[0-5]|3095|36|3[89])/,
  DS: /^(6011|65|64[4-9])/,
  JC: /^35(2[89]|[3-8][0-9])/,
  TP: /^1/,
};

export const acceptedCardCodes = Object.keys(acceptedCards);

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1 && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

export function checkPaymentCard(card: { brandCode: string; number: string }, tag: string): void {
  const prefix = acceptedCards[card.brandCode];
  if (!prefix)
    throw new AirlineRefusal(
      'CARD_NOT_ACCEPTED',
      `Card code ${card.brandCode} is not accepted; send one of ${acceptedCardCodes.join(', ')}.`,
      `${tag}/CardBrandCode`,
    );
  if (!passesLuhn(card.number) || !prefix.test(card.number))
    throw new AirlineRefusal(
      'CARD_NOT_ACCEPTED',
      `The card number is not a valid ${card.brandCode} card number.`,
      `${tag}/CardNumber`,
    );
}
