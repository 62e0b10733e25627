// Issuing a booking exactly once. The claim is a database state change (new -> issuing) made in the
// same statement as the company balance debit, so concurrent or repeated requests find the
// booking claimed and neither pay nor ticket again; the airline is asked only by the holder of the
// claim. A definite refusal gives the claim (and the money) back; a lost answer is reconciled by
// retrieving the order before anything else happens. The claim takes the booking row lock and
// writes the airline intent (booking-intents.ts); lock order: booking row, then company balance row.
// The finish (the tickets, the sales and accounting documents, the event) commits at once: one
// statement while the row is the version the claim left, else one transaction from the row as it is.
import { orderRefOf } from './booking-order-ref.js';
import {
  claimIssueWithIntent,
  finishClaimedIssue,
  finishClaimedIssueWithSales,
} from '../../db/booking-steps.repository.js';
import {
  findBookingByLocator,
  ticketingPathOf,
  updateClaimed,
  type BookingRow,
  type TicketingPathRow,
} from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import type { GuardedPosting } from '../../db/companies.repository.js';
import { closeIntent, markIntentUnknown } from '../../db/airline-intents.repository.js';
import type { ProviderChannel, ProviderOrder } from '../../providers/airline-provider.js';
import { guardedPosting, postToLedger } from '../balances/ledger.js';
import { closedTicketingGate, type ChannelFacts, type TicketingGate } from '../channels/channel-state.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor } from '../../money.js';
import type { Principal } from '../principal.js';
import { bookingForTicketing } from './booking-access.js';
import { asDomainError, outcomeUnknown, refusalText, staleClaimMs } from './booking-airline-errors.js';
import { retrieveQuietly, timedCall, type AirlineTiming, type BookingDeps } from './booking-deps.js';
import { historyRowOf, recordHistory } from './booking-history.js';
import { bookingEventRow } from './booking-events.js';
import { intentRowOf, openIntentRefusal } from './booking-intents.js';
import {
  agencyFeeOf,
  airlinePayment,
  type AgencyFee,
  balanceConversion,
  issueDebit,
  refundFailedIssue,
} from './booking-payment.js';
import { takeCurrentPrice } from './booking-reshop.js';
import { emdSales, recordSales, ticketSales } from './booking-sales.js';
import { bookingView, effectiveStatus, orderFacts, type Booking, type BookingDocument } from './booking.js';

const gateNames: Record<TicketingGate, string> = {
  main: 'main',
  agency: 'agency (consolidator)',
  partner: "partner's",
  company: "company's",
  channel: 'channel',
  channel_settings: "channel's own (admin, supervisor, company or credential)",
};

/** Why a booking in this status cannot be issued. */
export function notIssuable(status: BookingRow['status']): DomainError {
  if (status === 'issuing') return new DomainError('booking_being_issued');
  if (status === 'issued') return new DomainError('booking_already_issued');
  if (status === 'expired') return new DomainError('booking_time_limit_passed');
  return new DomainError('booking_closed', `The booking is ${status}.`);
}

export async function issueBooking(
  deps: BookingDeps,
  principal: Principal,
  input: { locator: string; reshop?: boolean },
  timing?: AirlineTiming,
): Promise<Booking> {
  const { db, clock, provider } = deps;
  // The booking, its way to ticketing, its channel, the agency's issue fee and the company's balance
  // currency (with their rates in effect now) in one round trip.
  const found = await bookingForTicketing(db, principal, input.locator, clock.now());
  const { row } = found;
  const status = effectiveStatus(row, clock.now());
  if (status !== 'new') throw notIssuable(status);

  const { path, channel } = ticketingPathFrom(row, found.path, deps.channels.openForBooking(found.channel));

  let airlineMinor = toMinor(row.airline_total);
  if (input.reshop) {
    const repriced = await takeCurrentPrice(deps, channel, row, { acceptIncrease: false });
    if (repriced) airlineMinor = toMinor(repriced.order.total.amount);
  }
  const currency = row.currency.trim();
  const payment = await airlinePayment(db, deps.cards, path.form_of_payment, path.ticketing_credit_card_id, {
    amount: fromMinor(airlineMinor),
    currency,
  });
  const byBalance = path.form_of_payment === 'company_balance';
  // A fee the agency set in another currency is converted at today's rate (refused, naming the
  // pair, when none is known), before anything changes. A balance in another currency pays at
  // today's rate, which the booking keeps for every later credit or debit; with no rate known the
  // issue is refused here, before anything changes. When both are refused, the fee's refusal is
  // the one answered.
  const fee = byBalance ? agencyFeeOf(row, found.issueFee) : { minor: 0, original: null };
  const conversion = byBalance ? balanceConversion(row, found.balance) : null;
  const feeMinor = fee.minor;
  const paying: BookingRow = conversion ? { ...row, ...conversion } : row;

  // The claim and the debit commit together, or neither does (insufficient balance changes nothing).
  const attempt = newId('iss');
  const at = clock.now();
  // What the debit will take, known before it is posted: the claim records it in the same statement.
  const debitMinor = byBalance ? airlineMinor + feeMinor : 0;
  const debit = byBalance
    ? issueDebit(paying, { airlineMinor, feeMinor, feeOriginal: fee.original, actorAccountId: principal.accountId, at })
    : null;
  // The claimed row and its version, for finishing in one statement (`finishAtOnce`).
  let claimed: { row: BookingRow; version: string } | undefined;
  // Lock order: the booking row (the claim, which writes the intent and history beside it), then
  // the company balance row (the debit), whether in one statement or in a transaction. False when
  // the statement's debit was refused (nothing was written).
  const claimIn = async (trx: Db, alone: boolean, guarded?: GuardedPosting) => {
    const claim = await claimIssueWithIntent(
      trx,
      {
        id: row.id,
        changes: {
          status: 'issuing',
          issue_attempt_id: attempt,
          issuing_started_at: at,
          updated_at: at,
          form_of_payment: path.form_of_payment,
          balance_debit: byBalance ? fromMinor(debitMinor) : null,
          balance_currency: paying.balance_currency,
          balance_rate: paying.balance_rate,
        },
        intent: intentRowOf(row, { operation: 'issue', attemptId: attempt, debitMinor, at }),
        history: historyRowOf({
          bookingId: row.id,
          action: 'issue_started',
          actorAccountId: principal.accountId,
          at,
          detail: `Paying ${fromMinor(airlineMinor)} ${currency} by ${path.form_of_payment}.`,
        }),
      },
      alone,
      guarded,
    );
    if (claim === 'debit_refused') return false;
    if (!claim) {
      const now = await findBookingByLocator(trx, row.locator);
      throw notIssuable(now ? effectiveStatus(now, clock.now()) : 'cancelled');
    }
    // No other airline operation of the booking (a cancel) may be in flight: the claim goes back
    // (alone, the statement wrote nothing).
    if (!claim.intentWritten) throw await openIntentRefusal(trx, claim.row ?? row);
    if (claim.row && claim.version) claimed = { row: claim.row, version: claim.version };
    return true;
  };
  // The claim and its debit are one statement, atomic on its own, without a transaction's BEGIN and
  // COMMIT round trips; nothing to debit, the claim alone.
  const claimedAlone = await claimIn(db, true, debit ? guardedPosting(debit) : undefined);
  if (!claimedAlone) {
    // The balance could not take the debit with nothing left to decide (too little of it, its
    // low-balance threshold crossed, its currency changed), and the statement wrote nothing: the
    // claim and the debit are made in a transaction, where the ledger decides (it refuses, or posts
    // and announces the low balance).
    await db.transaction().execute(async (trx) => {
      await claimIn(trx, false);
      await postToLedger(trx, debit!);
    });
  }

  let order: ProviderOrder;
  try {
    order = await timedCall(timing, () => provider.issueOrder(channel, orderRefOf(row), payment));
  } catch (error) {
    const settled = outcomeUnknown(error) ? await retrieveQuietly(provider, channel, orderRefOf(row)) : null;
    if (settled?.status === 'issued') {
      order = settled;
    } else if (outcomeUnknown(error) && !settled) {
      // Neither answer came back: the claim stays, so nothing can pay or ticket twice; the order is
      // reconciled by retrieving it later (GET shows the error meanwhile).
      await updateClaimed(db, row.id, attempt, {
        error: 'The airline did not confirm the issue; checking the order with the airline.',
        updated_at: clock.now(),
      });
      await markIntentUnknown(db, row.id, 'issue', refusalText(error), clock.now());
      throw asDomainError(error);
    } else {
      const refusal = asDomainError(error);
      await giveBackClaim(deps, paying, attempt, debitMinor, principal, refusal);
      throw refusal;
    }
  }

  const finishing = { airlineMinor, feeMinor, feeOriginal: fee.original, actorAccountId: principal.accountId };
  // One statement when the row is still as the claim left it; else the transaction, which reads
  // the row as it is now.
  const issued =
    (claimed && (await finishAtOnce(deps, claimed, attempt, order, finishing))) ??
    (await finishIssue(deps, row, attempt, order, finishing));
  // The row as this issue committed it; read afresh only when another holder settled it first.
  return bookingView(issued ?? (await findBookingByLocator(db, row.locator))!, clock.now());
}

type Finishing = {
  airlineMinor: number;
  feeMinor: number;
  feeOriginal?: AgencyFee['original'];
  actorAccountId: string | null;
};

/** What finishing an issue writes on the booking (with its history entry), and the airline's documents. */
function issueFinish(deps: BookingDeps, row: BookingRow, attempt: string, order: ProviderOrder, input: Finishing) {
  const facts = orderFacts(order);
  const issuedAt = deps.clock.now();
  const finish = {
    id: row.id,
    attemptId: attempt,
    changes: {
      ...facts,
      status: 'issued' as const,
      airline_total: fromMinor(input.airlineMinor),
      error: null,
      issued_at: issuedAt,
      updated_at: issuedAt,
    },
    history: historyRowOf({
      bookingId: row.id,
      action: 'issued',
      actorAccountId: input.actorAccountId,
      at: issuedAt,
      detail: `Tickets ${order.documents
        .filter((d) => d.type === 'ticket')
        .map((d) => d.number)
        .join(', ')}.`,
      airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
    }),
    at: issuedAt,
  };
  return { finish, issuedAt, documents: JSON.parse(facts.documents) as BookingDocument[] };
}

/**
 * The sales documents of an issue (the tickets', then the EMDs' of services added before issue,
 * which were paid with the tickets); the agency's issue fee rides on the first ticket.
 */
function issueSales(issued: BookingRow, documents: readonly BookingDocument[], input: Finishing, at: Date) {
  const agentId = input.actorAccountId ?? issued.agent_id;
  return [
    ...ticketSales({
      booking: issued,
      documents,
      kind: 'ticket',
      feeMinor: input.feeMinor,
      feeOriginal: input.feeOriginal,
      agentId,
      at,
    }),
    ...emdSales({ booking: issued, documents, feeMinor: 0, agentId }),
  ];
}

/**
 * finishIssue in one statement (no BEGIN and COMMIT round trips): the issued row is the claimed
 * row with the finish's changes, as long as nothing else changed the row since the claim, which
 * the statement checks (the row's version), so the event and sales documents worked out from it
 * here are what the row says. Undefined, having written nothing, when the row changed or the claim
 * is no longer this attempt's (the caller then finishes in a transaction), or when there is no
 * sales document to carry the event.
 */
async function finishAtOnce(
  deps: BookingDeps,
  claimed: { row: BookingRow; version: string },
  attempt: string,
  order: ProviderOrder,
  input: Finishing,
): Promise<BookingRow | undefined> {
  const { finish, issuedAt, documents } = issueFinish(deps, claimed.row, attempt, order, input);
  const { segments, documents: stored, ancillaries, ...changes } = finish.changes;
  const issued: BookingRow = {
    ...claimed.row,
    ...changes,
    segments: JSON.parse(segments) as unknown,
    documents: JSON.parse(stored) as unknown,
    ancillaries: JSON.parse(ancillaries) as unknown,
  };
  const sales = issueSales(issued, documents, input, issuedAt);
  if (sales.length === 0) return undefined;
  const event = await bookingEventRow(deps.db, 'booking.issued', issued, issuedAt);
  // Lock order: the booking row, then the sales rollups (salesWrites); no balance moves when an
  // issue finishes; the agency's accounting counter at commit.
  return finishClaimedIssueWithSales(deps.db, { ...finish, version: claimed.version, sales, event });
}

/**
 * Records the airline's tickets on the claimed booking, with its sales documents, in one
 * transaction; answers the issued row, or undefined when the claim was no longer this attempt's.
 */
async function finishIssue(
  deps: BookingDeps,
  row: BookingRow,
  attempt: string,
  order: ProviderOrder,
  input: Finishing,
): Promise<BookingRow | undefined> {
  const { finish, issuedAt, documents } = issueFinish(deps, row, attempt, order, input);
  return deps.db.transaction().execute(async (trx) => {
    // Lock order: the booking row (this update, which closes the intent and writes the history
    // beside it in one statement); no balance moves when an issue finishes.
    const issued = await finishClaimedIssue(trx, finish);
    if (!issued) return undefined;
    // The sales documents' accounting rows take the agency's accounting counter as this
    // transaction commits (the last lock, held only through the commit itself). The event is the
    // booking as this update left it, appended by the first ticket's sales statement: nothing
    // after the update writes to the booking.
    const event = await bookingEventRow(trx, 'booking.issued', issued, issuedAt);
    await recordSales(trx, issueSales(issued, documents, input, issuedAt), event);
    return issued;
  });
}

/**
 * Settles an issue whose process died (or whose airline answer was lost) from the order as the
 * airline has it: ticketed means the issue is finished; still held means the claim and any debit go
 * back. Only the holder of the claim's attempt id can change the booking, so two readers settle it once.
 */
export async function settleStaleIssue(
  deps: BookingDeps,
  row: BookingRow,
  order: ProviderOrder,
  staleAfterMs = staleClaimMs,
): Promise<boolean> {
  if (row.status !== 'issuing' || !row.issue_attempt_id || !row.issuing_started_at) return false;
  if (deps.clock.now().getTime() - row.issuing_started_at.getTime() < staleAfterMs) return false;
  const debitedMinor = row.balance_debit ? toMinor(row.balance_debit) : 0;
  const airlineMinor = toMinor(row.airline_total);
  if (order.status === 'issued') {
    const feeMinor = debitedMinor > 0 ? debitedMinor - airlineMinor : 0;
    await finishIssue(deps, row, row.issue_attempt_id, order, { airlineMinor, feeMinor, actorAccountId: null });
    return true;
  }
  if (order.status === 'held') {
    await giveBackClaim(deps, row, row.issue_attempt_id, debitedMinor, null, new DomainError('airline_timeout'));
    return true;
  }
  return false;
}

/**
 * The booking's way to ticketing (issue, reissue): every gate open (`ticketing_gate_closed` naming the
 * one closed), the channel's form of payment, and the channel to call the airline on.
 */
export async function openTicketingPath(deps: BookingDeps, row: BookingRow) {
  // Two independent reads at once: the path (with the platform's gates) and the channel.
  const [path, opened] = await Promise.all([
    ticketingPathOf(deps.db, row.agency_id, row.company_id, row.channel_id),
    deps.channels.forBooking(row),
  ]);
  return ticketingPathFrom(row, path, opened);
}

/** openTicketingPath's checks on the path and the channel as read (on issue, beside the booking). */
function ticketingPathFrom(
  row: BookingRow,
  path: TicketingPathRow | null | undefined,
  { channel, facts }: { channel: ProviderChannel; facts: ChannelFacts },
) {
  if (!path) throw notFound('booking channel');
  const gate = closedTicketingGate({
    gates: { main: path.main_gate, agency: path.agency_gate, channel: path.channel_gate },
    partnerActive: path.partner_active,
    companyActive: row.company_id ? (path.company_active ?? true) : undefined,
    channel: facts,
  });
  if (gate) throw new DomainError('ticketing_gate_closed', `The ${gateNames[gate]} ticketing gate is closed.`);
  if (path.form_of_payment === 'company_balance' && !row.company_id) throw new DomainError('no_company_balance');
  return { path, channel };
}

async function giveBackClaim(
  deps: BookingDeps,
  row: BookingRow,
  attempt: string,
  debitedMinor: number,
  principal: Principal | null,
  error: unknown,
) {
  const said = refusalText(error);
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row (this update), then the company balance row (the give-back).
    const released = await updateClaimed(trx, row.id, attempt, {
      status: 'new',
      issue_attempt_id: null,
      issuing_started_at: null,
      form_of_payment: null,
      balance_debit: null,
      balance_currency: null,
      balance_rate: null,
      error: `Issue failed: ${said}`,
      updated_at: at,
    });
    if (!released) return;
    await closeIntent(trx, row.id, 'issue', 'failed', said, at);
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'issue_failed',
      actorAccountId: principal?.accountId ?? null,
      at,
      airlineAnswer: said,
    });
    // Last, so the company balance row is held only until COMMIT.
    await refundFailedIssue(trx, row, { debitedMinor, actorAccountId: principal?.accountId ?? row.agent_id, at });
  });
}
