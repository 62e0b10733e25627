// What an accounting document is, in the domain's words: one row of the open feed a back or mid
// office ingests, for one financial event, numbered per agency without gaps. Written once, in the
// transaction of the financial change, and never changed. The shapes the repository reads and
// writes live in db/accounting-rows.ts (db/ never imports the domain) and are named here.
import type { PaymentCode, TransactionCode } from '../../db/accounting-rows.js';

export type {
  AccountingDocumentInput,
  AccountingFilter,
  AccountingRow,
  ItinerarySegment,
  PaymentCode,
  TransactionCode,
} from '../../db/accounting-rows.js';
export { transactionCodes } from '../../db/accounting-rows.js';

/**
 * How the money moved, as the airline settles it: a card the airline charged is settled directly;
 * BSP cash and a company balance (the agency pays the airline and collects from its company) go
 * through BSP. Rows that are the agency's own money (fees, balance entries) have no settlement.
 */
export function settlementOf(code: TransactionCode, payment: PaymentCode | null): 'bsp' | 'direct' | null {
  if (code === 'FEES' || code === 'TOPU' || code === 'ADJT' || !payment) return null;
  return payment === 'credit_card' ? 'direct' : 'bsp';
}

/** Money that goes back to the customer (refunds, voids, exchange residuals) is negative. */
export const negate = (amount: string) =>
  amount.startsWith('-') ? amount.slice(1) : /^0+(\.0+)?$/.test(amount) ? amount : `-${amount}`;

/** The fare part of a row that is no ticket (a fee, a balance entry): no flights, no fare, no taxes. */
export const noFare = {
  itinerary: [],
  baseFare: '0.00',
  taxes: {},
  taxTotal: '0.00',
  commission: '0.00',
  markup: '0.00',
} as const;
