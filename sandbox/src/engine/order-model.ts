// The order half's domain: an order is what an airline keeps after OrderCreate (its PNR and, once
// paid, its tickets and EMDs). Orders live in memory in the sandbox process and are mutated in
// place by the order-* modules; only the mapper turns them into messages.
import type { Carrier } from '../data/carriers.data.js';
import type { PassengerType } from './fares.js';
import type { Offer } from './offer-build.js';
import type { NameScenario, RouteScenario } from './scenarios.js';
import type { Journey } from './schedule-connections.js';

export type OrderStatus = 'HELD' | 'ISSUED' | 'CANCELLED' | 'VOIDED' | 'REFUNDED' | 'EXPIRED' | 'AIRLINE_CANCELLED';

/** Forms of payment: BSP cash, the channel's card, or the agency's account with the airline. */
export type PaymentMethod = 'CA' | 'CC' | 'AGT';

export interface OrderPax {
  readonly id: string;
  readonly ptc: PassengerType;
  /** Birthdate and title can be corrected before issue (OrderChange UpdatePax); names never. */
  birthdate: string;
  readonly givenName: string;
  surname: string;
  title?: string;
  /** Advance passenger data (APIS), required where the offer's flights need it. */
  readonly gender?: 'F' | 'M';
  readonly document?: OrderPaxDocument;
}

/** A travel document as the airline keeps it: PT a passport, NI a national identity card. */
export interface OrderPaxDocument {
  readonly type: 'PT' | 'NI';
  readonly id: string;
  readonly issuingCountry: string;
  readonly citizenship: string;
  readonly expiry: string;
}

export interface OrderContact {
  email: string;
  phone: string;
}

export type DocumentStatus = 'ISSUED' | 'VOIDED' | 'REFUNDED' | 'EXCHANGED';

/** A ticket (T) or an EMD (J); numbers are 13 digits: the carrier's prefix and a serial. */
export interface TravelDocument {
  readonly number: string;
  readonly type: 'T' | 'J';
  readonly paxId: string;
  readonly amountMinor: number;
  readonly issuedAt: Date;
  status: DocumentStatus;
  /** For EMDs: the service line it pays for. For reissued tickets: the ticket it replaced. */
  readonly serviceLineId?: string;
  readonly exchangedFrom?: string;
}

export type ServiceStatus = 'PRICED' | 'PENDING' | 'ISSUED' | 'VOIDED' | 'REFUNDED';

export interface ServiceLine {
  readonly id: string;
  readonly kind: 'SERVICE' | 'SEAT';
  readonly code: string;
  readonly name: string;
  readonly paxId: string;
  readonly journeyIndex: number;
  readonly flightKey?: string;
  readonly seat?: { readonly row: number; readonly column: string };
  readonly priceMinor: number;
  readonly requestedAt: Date;
  status: ServiceStatus;
  /** When a pending EMD (slow-EMD surname) is issued, on the sandbox clock. */
  emdDueAt?: Date;
}

export interface PaymentRecord {
  readonly id: string;
  readonly method: PaymentMethod;
  readonly amountMinor: number;
  readonly at: Date;
  readonly purpose: 'TICKETS' | 'SERVICES' | 'REISSUE';
  readonly cardMasked?: string;
}

export interface RefundQuote {
  readonly id: string;
  readonly refundMinor: number;
  readonly penaltyMinor: number;
  readonly expiresAt: Date;
}

/** An alternative OrderReshop quoted: a re-price of the same flights or a change of flights. */
export interface ReshopOffer {
  readonly id: string;
  readonly kind: 'REPRICE' | 'CHANGE';
  readonly offer: Offer;
  /** New fare total minus the order's current fare total (negative when cheaper). */
  readonly differenceMinor: number;
  readonly penaltyMinor: number;
  readonly expiresAt: Date;
}

export interface Order {
  readonly id: string;
  readonly credential: string;
  /** The seller's own booking reference, sent with OrderCreate and asked for with each later message. */
  readonly sellerRef?: string;
  readonly owner: Carrier;
  /** The priced offer the order holds now (replaced by a re-price or a flight change). */
  offer: Offer;
  /** The offer's journeys as the airline flies them now (a schedule change retimes them). */
  journeys: readonly Journey[];
  readonly pax: readonly OrderPax[];
  readonly contact: OrderContact;
  status: OrderStatus;
  readonly createdAt: Date;
  paymentTimeLimit: Date | null;
  readonly instantPayment: boolean;
  issuedAt?: Date;
  /** When the order left HELD/ISSUED for good (expiry, cancellation…): the purge clock starts then. */
  closedAt?: Date;
  readonly services: ServiceLine[];
  readonly documents: TravelDocument[];
  readonly payments: PaymentRecord[];
  refundQuote?: RefundQuote;
  readonly reshopOffers: Map<string, ReshopOffer>;
  readonly routeScenarios: readonly RouteScenario[];
  readonly nameScenarios: readonly NameScenario[];
  /** Scenario events already applied, so each happens once. */
  readonly applied: Set<string>;
  /** Airline remarks shown in OrderRetrieve (schedule change, cancellation reason). */
  readonly remarks: string[];
  /** What the seller sent with OrderCreate: the corporate ID and its remarks, shown as they came. */
  readonly corporateId?: string;
  readonly sellerRemarks?: readonly string[];
  /** Disruptions asked of this order, oldest first (absent on orders stored before they existed). */
  disruptions?: Disruption[];
  /** A cheaper class the sandbox opened on the order's flights ("cheaper fare"): a re-price finds it. */
  cheaperFare?: CheaperFare;
}

/**
 * The sandbox's "cheaper fare": a lower class of the same fare family (conditions equal), or the
 * lowest class of the family below (fewer bags, stricter penalties: conditions worse).
 */
export interface CheaperFare {
  readonly conditions: 'EQUAL' | 'WORSE';
  readonly openedAt: Date;
}

/** Whether the airline waives its penalties: a disruption the seller has not accepted. */
export const waived = (order: Order) => (order.disruptions ?? []).some((d) => d.state !== 'ACCEPTED');

/** What a disruption did to the order (the sandbox's "disrupt this order"). */
export type DisruptionKind = 'DELAY' | 'RETIME' | 'FLIGHT_NUMBER_CHANGE' | 'CANCELLATION' | 'TIME_LIMIT_CHANGE';

/**
 * A change the airline made and asks the seller to answer before `deadline`: accept the new
 * flights, cancel (refunded involuntarily: the airline waives its penalty) or change to other
 * flights (the airline waives the change fee). `state` is the seller's acknowledged answer.
 */
export interface Disruption {
  readonly id: string;
  readonly kind: DisruptionKind;
  readonly notice: 'FULL' | 'LIGHT';
  readonly deadline: Date;
  readonly consequence: 'AUTO_ACCEPT' | 'AUTO_CANCEL';
  readonly reason: string;
  readonly occurredAt: Date;
  state: 'PENDING' | 'ACCEPTED' | 'CANCELLED' | 'CHANGED';
  acknowledgedAt?: Date;
}

/** Everything the airline charges for the order now: the fare plus services not voided/refunded. */
export function orderTotalMinor(order: Order): number {
  return (
    order.offer.totalMinor +
    order.services
      .filter((s) => s.status !== 'VOIDED' && s.status !== 'REFUNDED')
      .reduce((sum, s) => sum + s.priceMinor, 0)
  );
}

export const isLive = (order: Order) => order.status === 'HELD' || order.status === 'ISSUED';
