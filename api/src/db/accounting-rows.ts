// The shapes the accounting-documents repository reads and writes. They live here, below the
// domain, because db/ never imports the domain; domain/accounting/accounting-document.ts names them.

/** What a row of the feed is (the guide documents each code). */
export type TransactionCode = 'TKTT' | 'EMDA' | 'EMDS' | 'EXCH' | 'RFND' | 'CANX' | 'FEES' | 'TOPU' | 'ADJT';
export const transactionCodes: readonly TransactionCode[] = [
  'TKTT',
  'EMDA',
  'EMDS',
  'EXCH',
  'RFND',
  'CANX',
  'FEES',
  'TOPU',
  'ADJT',
];

export type PaymentCode = 'bsp_cash' | 'credit_card' | 'company_balance';

/** One flight of a document's itinerary. */
export interface ItinerarySegment {
  carrier: string;
  flight_number: string;
  origin: string;
  destination: string;
  departure_at: string;
  booking_class: string;
  fare_basis: string | null;
}

/**
 * A document as the domain records it. Amounts are signed decimal strings (money going back to the
 * customer is negative) in `currency`. Names and the agency's local date are looked up in the same
 * statement that numbers the row, so they are as they were at that moment.
 */
export interface AccountingDocumentInput {
  id: string;
  agencyId: string;
  /** What produced the row (a sales document, the fee on it, a ledger entry): recorded once. */
  sourceId: string;
  transactionCode: TransactionCode;
  documentNumber: string;
  originalDocumentNumber: string | null;
  locator: string | null;
  airlineOrderId: string | null;
  issuedAt: Date;
  agentId: string;
  companyId: string | null;
  /** The agency's channel (agency_channels.id) the booking was made on. */
  channelId: string | null;
  passengerName: string | null;
  passengerType: string | null;
  itinerary: readonly ItinerarySegment[];
  baseFare: string;
  taxes: Readonly<Record<string, string>>;
  taxTotal: string;
  commission: string;
  markup: string;
  serviceFee: string;
  total: string;
  currency: string;
  balance: { amount: string; currency: string; rate: string } | null;
  /** The payment code; its words (card brand and last four) are read from the channel's card. */
  payment: PaymentCode | null;
  /** Overrides the words of `payment` (a ledger entry: "Company balance"). */
  paymentWords?: string;
  settlement: 'bsp' | 'direct' | null;
}

/** A stored row, as the feed reads it. */
export interface AccountingRow {
  id: string;
  agency_id: string;
  sequence: string;
  transaction_code: TransactionCode;
  document_number: string;
  original_document_number: string | null;
  locator: string | null;
  airline_order_id: string | null;
  issued_at: Date;
  local_date: string;
  agent_id: string;
  agent_name: string;
  company_id: string | null;
  company_name: string | null;
  channel_id: string | null;
  channel_name: string | null;
  passenger_name: string | null;
  passenger_type: string | null;
  itinerary: ItinerarySegment[];
  base_fare: string;
  taxes: Record<string, string>;
  tax_total: string;
  commission: string;
  markup: string;
  service_fee: string;
  total: string;
  currency: string;
  balance_amount: string | null;
  balance_currency: string | null;
  balance_rate: string | null;
  form_of_payment: string;
  settlement: 'bsp' | 'direct' | null;
}

/** Which rows a read takes: one agency, after a sequence, of some codes, issued in a UTC day range. */
export interface AccountingFilter {
  agencyId: string;
  afterSequence?: number;
  /** Up to and including this sequence (a delivery's fixed range). */
  throughSequence?: number;
  types?: readonly TransactionCode[];
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  from?: string;
  to?: string;
}
