// Fare rules in words an agent reads to a traveller, from the fare's filed conditions.
import type { Fare } from './offer.js';

export interface FareRule {
  category: 'fare' | 'changes' | 'refunds' | 'baggage' | 'ticketing';
  text: string;
}

const fee = (f: { amount: string; currency: string } | null) =>
  f ? ` for a fee of ${f.amount} ${f.currency}` : ' free of charge';

export function fareRulesOf(fare: Fare): FareRule[] {
  const { change, refund } = fare.penalty;
  const { checked, carry_on } = fare.baggage;
  const basis = [...new Set(fare.fare_segments.map((s) => s.fare_basis))].join(', ');
  return [
    {
      category: 'fare',
      text: `${fare.fare_family.name} (${fare.fare_type} fare, ${fare.cabin}), fare basis ${basis}.`,
    },
    {
      category: 'changes',
      text: change.allowed
        ? `Changes are allowed${fee(change.fee)}, plus any fare difference.`
        : 'Changes are not allowed.',
    },
    {
      category: 'refunds',
      text: refund.allowed
        ? `Refunds are allowed${fee(refund.fee)}.`
        : 'The fare is non-refundable; unused taxes may be refunded.',
    },
    {
      category: 'baggage',
      text:
        (checked.pieces > 0
          ? `${checked.pieces} checked bag(s) of up to ${checked.weight_kg} kg`
          : 'No checked bag included') + `; ${carry_on.pieces} cabin bag(s) of up to ${carry_on.weight_kg} kg.`,
    },
    {
      category: 'ticketing',
      text: fare.instant_payment
        ? 'Instant payment: the booking must be ticketed as soon as it is made.'
        : `Ticket before ${fare.payment_time_limit ?? fare.expires_at}, or the booking is cancelled by the airline.`,
    },
  ];
}
