// The shapes the sales repositories read and write: a document as it is recorded, which documents
// a query may see (a scope) and on which days (a range), and a document as a line of the report.
// They live here, below the domain, because db/ never imports the domain; the domain names them in
// domain/sales/sales-document.ts. A line's cells are here because the report's SELECT builds them
// (db/sales.repository.ts), so their order is written where the query is.

export type SalesDocumentKind = 'ticket' | 'emd' | 'refund' | 'exchange' | 'void';
export type FormOfPayment = 'bsp_cash' | 'credit_card' | 'company_balance';

/**
 * The input of `recordSalesDocument` — what the bookings code hands over when an airline answers
 * an issue, void, refund or exchange. Amounts are decimal strings with at most two decimals, all in
 * `currency`, and never negative: the `kind` says which way the money goes (a void takes a sale
 * back; a refund is money returned to the customer).
 */
export interface SalesDocumentInput {
  /**
   * The document's id, chosen by the caller (`newId('sal')`): recording the same id twice is a
   * no-op, so a retried job cannot count a document twice in the rollups.
   */
  id: string;
  kind: SalesDocumentKind;
  /** Ticket or document number as the airline issued it (airline prefix and serial, no dashes). */
  number: string;
  /** The booking's six-character locator (PNR). */
  locator: string;
  bookingId?: string | null;
  /** For a refund, exchange or void: the document it refers to. */
  relatedDocumentId?: string | null;
  /** The passenger as on the ticket, `SURNAME/GIVEN TITLE`. One passenger per document. */
  passengerName: string;
  /** The validating carrier's two-character code. */
  carrier: string;
  /** The airports in order, e.g. `KBP-FRA-JFK`. */
  route: string;
  /** When the airline issued it; its UTC day is the day analytics and date filters count it on. */
  issuedAt: Date;
  fare: string;
  taxes: string;
  /** The agency's service fees charged on this document. */
  fees: string;
  /** The company's markup included in the total. */
  markup: string;
  commission: string;
  /** What the customer paid (or, for a refund, got back). */
  total: string;
  /** ISO 4217 code. */
  currency: string;
  formOfPayment: FormOfPayment;
  /** The account that made the sale (an Agent, or a Supervisor selling for the agency). */
  agentId: string;
  /** The company it was sold for; null when a supervisor sold it for the agency itself. */
  companyId: string | null;
  agencyId: string;
  /** Paid from a company balance in another currency: the total as the balance paid it, and the rate. */
  balance?: { amount: string; currency: string; rate: string };
  /** The agency's fee set in another currency: as the agency set it, and the rate it was converted at. */
  feeOriginal?: { amount: string; currency: string; rate: string };
}

/**
 * Which documents a caller sees (the bookings visibility): staff all; a supervisor the agency's; an
 * agent their own, or the company's when the company shares bookings.
 */
export type SalesScope =
  { kind: 'all' } | { kind: 'agency'; id: string } | { kind: 'company'; id: string } | { kind: 'agent'; id: string };

/** An inclusive range of UTC issue days, as `YYYY-MM-DD`. */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * A document as a line of the sales report: its cells in the report's column order. The issue
 * time is a spreadsheet date (days since 1899-12-30, UTC: what XLSX stores for a date); the
 * amounts are numbers, negative for a refund or a void (money going back), as in the sales list and
 * the accounting feed; a document sold for the agency itself has '' for its company.
 */
export type ReportLine = [
  number: string,
  kind: SalesDocumentKind,
  issuedAt: number,
  locator: string,
  passenger: string,
  carrier: string,
  route: string,
  fare: number,
  taxes: number,
  fees: number,
  markup: number,
  commission: number,
  total: number,
  currency: string,
  /** In words: `BSP cash`, a card's brand and last four, `Company balance`. */
  formOfPayment: string,
  agent: string,
  company: string,
  agency: string,
];

/** Where `ReportLine` holds its numbers: the issue time (a spreadsheet date) and the six amounts. */
export const reportLineDate = 2;
export const reportLineAmounts = [7, 8, 9, 10, 11, 12] as const;
