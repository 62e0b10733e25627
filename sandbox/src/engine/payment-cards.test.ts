import { describe, expect, it } from 'vitest';
import { AirlineRefusal } from './airline-refusal.js';
import { checkPaymentCard } from './payment-cards.js';

const refusalOf = (card: { brandCode: string; number: string }) => {
  try {
    checkPaymentCard(card, '/PaymentCard');
    return null;
  } catch (error) {
    return error instanceof AirlineRefusal ? { code: error.code, tag: error.tag } : error;
  }
};

describe('the cards an airline takes', () => {
  it('takes each brand by its IATA code with a number of that brand', () => {
    for (const [brandCode, number] of [
      ['VI', '4111111111111111'],
      ['CA', '5555555555554444'],
      ['AX', '378282246310005'],
      ['DC', '30569309025904'],
      ['DS', '6011111111111117'],
      ['JC', '3530111333300000'],
      ['TP', '135410014004955'],
    ] as const)
      expect(refusalOf({ brandCode, number }), brandCode).toBeNull();
  });
  it('declines a brand name where the code belongs, an unknown code, a number of another brand, a bad check digit', () => {
    expect(refusalOf({ brandCode: 'visa', number: '4111111111111111' })).toEqual({
      code: 'CARD_NOT_ACCEPTED',
      tag: '/PaymentCard/CardBrandCode',
    });
    expect(refusalOf({ brandCode: 'ZZ', number: '4111111111111111' })).toMatchObject({ code: 'CARD_NOT_ACCEPTED' });
    expect(refusalOf({ brandCode: 'AX', number: '4111111111111111' })).toEqual({
      code: 'CARD_NOT_ACCEPTED',
      tag: '/PaymentCard/CardNumber',
    });
    expect(refusalOf({ brandCode: 'VI', number: '4111111111111112' })).toMatchObject({ code: 'CARD_NOT_ACCEPTED' });
  });
});
