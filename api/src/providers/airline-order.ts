// The order half of the airline provider port: booking a shopped offer, paying and ticketing it,
// services as EMDs, cancel/void/refund and exchange. Provider-neutral types; airline-provider.ts
// composes them into AirlineProvider. An airline's order is identified by its own locator, which
// is meaningful only on the channel (credential) that created it, together with the seller's own
// reference for the booking it was made for: a locator alone could name another booking's order
// (an airline that lost its orders hands the same locator out again).
import type { Money } from '../money.js';
import type { CardBrand } from './card-brands.js';
import type {
  CallOptions,
  IdentityDocument,
  PassengerGender,
  FareConditions,
  Journey,
  PassengerType,
  ProviderChannel,
  ServiceOption,
  SeatMap,
} from './airline-types.js';

export interface PassengerInput {
  /** The caller's id for the passenger within this order (e.g. PAX1); orders refer back to it. */
  readonly id: string;
  readonly type: PassengerType;
  readonly givenName: string;
  readonly surname: string;
  readonly title: string | null;
  readonly birthdate: string;
  /** Advance passenger data (APIS): sent when given, required where the offer says so. */
  readonly gender: PassengerGender | null;
  /** Personal data: passed to the airline and never logged. */
  readonly identityDocument: IdentityDocument | null;
}

/** Email and phone are both required: airlines charge agencies (ADM) for bookings without them. */
export interface OrderContact {
  readonly email: string;
  readonly phone: string;
}

/**
 * How the airline is paid. `cash` is BSP cash settlement, `card` a card the airline charges (the
 * number passes straight through to the airline and is never logged or kept), `agency_balance`
 * the agency's account with the airline (how a company balance pays). A card's brand is ours by
 * name; each adapter sends it as its airline names it (card-brands.ts).
 */
export type FormOfPayment =
  | { readonly type: 'cash' }
  | { readonly type: 'card'; readonly brand: CardBrand; readonly number: string; readonly expiry: string }
  | { readonly type: 'agency_balance' };

export interface Payment {
  readonly form: FormOfPayment;
  /** Must equal what the airline says is due, in its currency. */
  readonly amount: Money;
}

/** How the seller names an airline order: the airline's locator and the booking it was made for. */
export interface OrderRef {
  readonly orderId: string;
  /** The seller's booking reference given at create; the airline acts only on an order made for it. */
  readonly sellerReference: string;
}

export interface CreateOrderRequest {
  readonly offerId: string;
  /** The seller's own reference for the booking; the airline keeps it and echoes it on every answer. */
  readonly sellerReference: string;
  readonly passengers: readonly PassengerInput[];
  readonly contact: OrderContact;
  /** With a payment the airline issues at once (instant-payment fares); without, it holds. */
  readonly payment?: Payment;
  /** The customer's corporate number, for the airline's corporate deals (the agency's corporate_number_on). */
  readonly corporateNumber?: string;
  /** The seller's remarks for the order (the agency's ghost segment remarks). */
  readonly remarks?: readonly string[];
}

export type OrderStatus = 'held' | 'issued' | 'cancelled' | 'voided' | 'refunded' | 'expired' | 'airline_cancelled';

export interface OrderJourney extends Journey {
  /** The airline's journey id, used to ask for other flights on this journey (reshop). */
  readonly id: string;
}

export interface OrderFare {
  readonly type: PassengerType;
  readonly passengerIds: readonly string[];
  /** Per passenger. */
  readonly base: Money;
  /**
   * The taxes by code (they add up to `taxTotal`); absent when the airline gives only the total,
   * and in fares stored before the airline gave them.
   */
  readonly taxes?: readonly { code: string; amount: Money }[];
  readonly taxTotal: Money;
  readonly total: Money;
  readonly fareBasis: readonly string[];
  readonly fareCalculation: string;
}

export type OrderServiceStatus = 'priced' | 'pending' | 'issued' | 'voided' | 'refunded';

export interface OrderService {
  readonly id: string;
  readonly kind: 'bags' | 'seat' | 'other';
  readonly code: string;
  readonly name: string;
  readonly passengerIds: readonly string[];
  readonly journeyId: string;
  readonly segmentId: string | null;
  readonly seat: { row: number; column: string } | null;
  readonly price: Money;
  /** priced: before issue, paid with the tickets; pending: EMD not yet issued (see emdDueAt). */
  readonly status: OrderServiceStatus;
  readonly emdDueAt: string | null;
}

export interface TravelDocument {
  /** 13 digits: the carrier's numeric code and a serial. */
  readonly number: string;
  readonly type: 'ticket' | 'emd';
  readonly passengerId: string;
  readonly status: 'issued' | 'voided' | 'refunded' | 'exchanged';
  readonly issuedAt: string;
  readonly amount: Money;
  /** For an EMD, the service it pays for. */
  readonly serviceId: string | null;
  /** For a reissued ticket, the ticket it replaced. */
  readonly exchangedFrom: string | null;
}

export interface OrderPayment {
  readonly id: string;
  readonly form: FormOfPayment['type'];
  readonly amount: Money;
  readonly paidAt: string;
  readonly purpose: 'tickets' | 'services' | 'reissue';
  /** Only ever the airline's masked form. */
  readonly maskedCard: string | null;
}

/** Things the airline noted without failing the call. */
export type OrderWarningKind = 'already_issued' | 'service_already_added' | 'ticketing_failed' | 'other';

export interface ProviderOrder {
  /** The airline's locator. */
  readonly orderId: string;
  readonly owner: string;
  /** The seller's booking reference as the airline echoes it (null if it keeps none). */
  readonly sellerReference: string | null;
  readonly status: OrderStatus;
  readonly createdAt: string;
  readonly paymentTimeLimit: string | null;
  readonly instantPayment: boolean;
  /** Null until issued; then the last moment the carrier accepts a void. */
  readonly voidDeadline: string | null;
  readonly fareType: string;
  readonly cabin: string;
  readonly fareFamily: { code: string; name: string };
  readonly total: Money;
  /** What issuing would cost now (zero once issued). */
  readonly amountDue: Money;
  readonly journeys: readonly OrderJourney[];
  readonly bookingClasses: readonly { segmentId: string; code: string }[];
  readonly passengers: readonly PassengerInput[];
  readonly contact: OrderContact;
  readonly fares: readonly OrderFare[];
  readonly services: readonly OrderService[];
  readonly documents: readonly TravelDocument[];
  readonly payments: readonly OrderPayment[];
  readonly remarks: readonly string[];
  /** What the seller sent with the order: the corporate number and remarks the airline keeps (absent: none). */
  readonly corporateNumber?: string;
  readonly sellerRemarks?: readonly string[];
  readonly warnings: readonly { kind: OrderWarningKind; message: string }[];
  /** The airline's own changes of the order that ask for the seller's answer (absent: none). */
  readonly airlineChanges?: readonly AirlineChange[];
  /** The conditions of the fare the order holds (absent: the airline does not say). */
  readonly conditions?: FareConditions;
}

/** What an airline did to an order on its own and asks the seller to answer before `actionDeadline`. */
export type AirlineChangeKind = 'delay' | 'retime' | 'flight_number_change' | 'cancellation' | 'time_limit_change';
export type AirlineChangeAnswer = 'accept' | 'cancel' | 'change';

export interface AirlineChange {
  /** The id of the airline's notice (NotifID), the same on every resend. */
  readonly id: string;
  readonly kind: AirlineChangeKind;
  readonly reason: string;
  readonly actionDeadline: string;
  readonly consequenceOfInaction: 'auto_accept' | 'auto_cancel';
  /** pending until the seller answers; then the answer the airline acknowledged. */
  readonly state: 'pending' | 'accepted' | 'cancelled' | 'changed';
  readonly occurredAt: string;
}

/** A disruption a test system makes on request (the sandbox's "disrupt this order"). */
export interface DisruptionRequest {
  readonly kind: AirlineChangeKind;
  /** delay: later by this many minutes; retime: moved by this many (negative: earlier). */
  readonly minutes?: number;
  /** full: the notice carries the new order; light: it only says the order changed. */
  readonly notice: 'full' | 'light';
  readonly actionDeadline: Date;
  readonly consequenceOfInaction: 'auto_accept' | 'auto_cancel';
  /** How many times the airline pushes the same notice. */
  readonly repeat?: number;
}

export type ServiceRequest =
  | { readonly serviceId: string; readonly passengerId: string }
  | { readonly seat: { segmentId: string; row: number; column: string }; readonly passengerId: string };

/** A correction of a booked passenger (names never change); only before issue. */
export interface PassengerCorrection {
  readonly id: string;
  readonly title?: string;
  readonly birthdate?: string;
}

export interface RefundQuote {
  readonly quoteId: string;
  readonly refund: Money;
  readonly penalty: Money;
  readonly expiresAt: string;
}

export type ReshopRequest =
  | { readonly type: 'reprice' }
  | { readonly type: 'change'; readonly journeys: readonly { journeyId: string; date: string }[] };

export interface ReshopOffer {
  readonly offerId: string;
  readonly type: 'reprice' | 'change';
  readonly expiresAt: string;
  readonly journeys: readonly OrderJourney[];
  readonly bookingClasses: readonly { segmentId: string; code: string }[];
  readonly newTotal: Money;
  /** New total less what the order costs now; negative when cheaper. */
  readonly difference: Money;
  readonly penalty: Money;
  /** What accepting costs now (zero for a held order). */
  readonly totalDue: Money;
  /** The new fare's brand, fare basis per journey and conditions (absent: the airline does not say). */
  readonly fareFamily?: { code: string; name: string };
  readonly fareBasis?: readonly string[];
  readonly conditions?: FareConditions;
}

/**
 * Only retrieve, reshop, the order's services/seats and the notification URL are safe to retry.
 * Everything else changes the order at the airline and is sent exactly once: a timeout there means
 * the outcome is unknown, and the caller must retrieve the order to learn it.
 */
export interface AirlineOrders {
  createOrder(channel: ProviderChannel, request: CreateOrderRequest, options?: CallOptions): Promise<ProviderOrder>;
  retrieveOrder(channel: ProviderChannel, order: OrderRef, options?: CallOptions): Promise<ProviderOrder>;
  /** Pays and tickets a held order. Paying an issued order again takes nothing (already_issued). */
  issueOrder(
    channel: ProviderChannel,
    order: OrderRef,
    payment: Payment,
    options?: CallOptions,
  ): Promise<ProviderOrder>;
  /** Services the order can still take (bags and others), priced for its fare and flights. Safe. */
  orderServices(channel: ProviderChannel, order: OrderRef, options?: CallOptions): Promise<readonly ServiceOption[]>;
  /** Seat maps for the order's flights. Safe. */
  orderSeats(channel: ProviderChannel, order: OrderRef, options?: CallOptions): Promise<readonly SeatMap[]>;
  /**
   * Before issue the services are priced into the order (paid with the tickets); after issue the
   * payment covers exactly their sum and they become EMDs.
   */
  addServices(
    channel: ProviderChannel,
    order: OrderRef,
    services: readonly ServiceRequest[],
    payment: Payment | null,
    options?: CallOptions,
  ): Promise<ProviderOrder>;
  updateContacts(
    channel: ProviderChannel,
    order: OrderRef,
    contact: Partial<OrderContact>,
    options?: CallOptions,
  ): Promise<ProviderOrder>;
  /** Title and birthdate corrections while the order is held (a ticket's passenger data is fixed). */
  updatePassengers(
    channel: ProviderChannel,
    order: OrderRef,
    corrections: readonly PassengerCorrection[],
    options?: CallOptions,
  ): Promise<ProviderOrder>;
  /** Before issue: the hold ends and the seats go back. */
  cancelOrder(channel: ProviderChannel, order: OrderRef, options?: CallOptions): Promise<ProviderOrder>;
  /** After issue, inside the carrier's void window: tickets and EMDs voided, seats released. */
  voidOrder(channel: ProviderChannel, order: OrderRef, options?: CallOptions): Promise<ProviderOrder>;
  quoteRefund(channel: ProviderChannel, order: OrderRef, options?: CallOptions): Promise<RefundQuote>;
  confirmRefund(
    channel: ProviderChannel,
    order: OrderRef,
    quoteId: string,
    options?: CallOptions,
  ): Promise<ProviderOrder>;
  /** What the same flights cost now, or other flights for named journeys. Safe. */
  reshopOrder(
    channel: ProviderChannel,
    order: OrderRef,
    request: ReshopRequest,
    options?: CallOptions,
  ): Promise<readonly ReshopOffer[]>;
  /** Accepts a reshop offer; a ticketed order is reissued (payment for its totalDue, if any). */
  changeOrder(
    channel: ProviderChannel,
    order: OrderRef,
    reshopOfferId: string,
    payment: Payment | null,
    options?: CallOptions,
  ): Promise<ProviderOrder>;
  /** Where the airline pushes order changes for this channel (null stops them). Per credential. */
  registerNotifications(channel: ProviderChannel, url: string | null, options?: CallOptions): Promise<void>;
  /**
   * Tells the airline the seller's answer to one of its own changes of the order (a schedule
   * change): the same answer again is the same state, so it is safe to retry; another answer to a
   * change already answered is `order_closed`, an unknown change `change_not_found`.
   */
  acknowledgeChange(
    channel: ProviderChannel,
    order: OrderRef,
    changeId: string,
    answer: AirlineChangeAnswer,
    options?: CallOptions,
  ): Promise<ProviderOrder>;
  /**
   * The order as a full change notice carries it (the airline's own push, already parsed as JSON),
   * checked to be the order named; null for a light notice, which carries no order (retrieve it).
   */
  orderOfNotice(channel: ProviderChannel, order: OrderRef, notice: unknown): ProviderOrder | null;
  /**
   * Test systems only: the airline changes the order on its own and pushes its notice to the
   * channel's URL. Answers the notice's id. A live airline refuses with `invalid_request`.
   */
  disruptOrder(
    channel: ProviderChannel,
    order: OrderRef,
    request: DisruptionRequest,
    options?: CallOptions,
  ): Promise<{ changeId: string }>;
  /**
   * Sandbox airlines only ("cheaper fare"): opens a cheaper class on the order's flights, with
   * conditions equal to the order's or worse; the next re-price finds it.
   */
  openCheaperFare(
    channel: ProviderChannel,
    order: OrderRef,
    conditions: 'equal' | 'worse',
    options?: CallOptions,
  ): Promise<void>;
  /**
   * Test systems only: the channel's own time, set whole (ahead of the airline's clock by
   * `offsetMs`, never before `floor`); a setting of a version not above the one in place changes
   * nothing. Answers the channel's time and its floor, which the airline raises to the latest
   * moment the channel's orders recorded. Safe (the same setting twice is the same state).
   */
  setChannelClock(
    channel: ProviderChannel,
    setting: { offsetMs: number; floor: Date | null; version: number },
    options?: CallOptions,
  ): Promise<{ now: Date; floor: Date | null }>;
}
