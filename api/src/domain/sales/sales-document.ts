// What a sales document is, in the domain's words, and who may see which. A document is written
// once, when issuing, voiding, refunding or exchanging produces it, and never changed afterwards.
// The shapes the sales repositories read and write (the document's input, a scope, a day range)
// are theirs, in db/sales-rows.ts, since db/ never imports the domain; they are named here too.
import type { FormOfPayment, SalesDocumentKind, SalesScope } from '../../db/sales-rows.js';

export type {
  DayRange,
  FormOfPayment,
  SalesDocumentInput,
  SalesDocumentKind,
  SalesScope,
} from '../../db/sales-rows.js';

export interface NamedRef {
  id: string;
  name: string;
}

/** A document as read: amounts are signed, negative for a refund or a void. */
export interface SalesDocument {
  id: string;
  kind: SalesDocumentKind;
  number: string;
  locator: string;
  bookingId: string | null;
  relatedDocumentId: string | null;
  passengerName: string;
  carrier: string;
  route: string;
  issuedAt: Date;
  fare: string;
  taxes: string;
  fees: string;
  markup: string;
  commission: string;
  total: string;
  currency: string;
  formOfPayment: FormOfPayment;
  /** The form of payment in words (a card's brand and last four). */
  paymentWords: string;
  agent: NamedRef;
  company: NamedRef | null;
  agency: NamedRef;
}

/** The rollup key of a scope; agents' own documents are few and are read directly, without one. */
export function rollupScopeOf(scope: SalesScope): string | null {
  return scope.kind === 'agent' ? null : scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.id}`;
}
