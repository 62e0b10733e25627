// PaymentFunctions (NDC) to the engine's payment: minor units, and a card only with card details.
import type { PaymentInput } from '../engine/order-issue.js';
import type { PaymentFunctions } from '../messages/order-common.schema.js';
import { NdcFailure } from './ndc-errors.js';

export function paymentOf(payment: PaymentFunctions, tag: string): PaymentInput {
  const { TypeCode, PaymentCard } = payment.PaymentMethod;
  if (TypeCode === 'CC' && !PaymentCard) {
    throw new NdcFailure('INVALID_REQUEST', 'A card payment needs PaymentCard.', `${tag}/PaymentMethod/PaymentCard`);
  }
  return {
    method: TypeCode,
    amountMinor: Math.round(Number(payment.Amount.Amount) * 100),
    currency: payment.Amount.CurCode,
    ...(TypeCode === 'CC' && PaymentCard
      ? { card: { brandCode: PaymentCard.CardBrandCode, number: PaymentCard.CardNumber } }
      : {}),
  };
}
