// Accepting a cheaper fare for an issued booking: an exchange into it, made as the booking's own
// flight change (booking-exchange-confirm.ts) — the same payment of the change penalty and the
// agency's fee, the same reissue, the same residual given back — never a second exchange path.
//
// Exactly once, however many people and tokens accept at once: the accept is claimed (open ->
// accepting, stage `exchanging`) under the booking's row lock, in the transaction that writes the
// flight change request it confirms; every other accept finds the opportunity decided (409). The
// confirm then claims that request and writes its `change` intent before the airline is called, so
// the flight change's own rules (one confirm per request, one debit, the reconciler settling a lost
// answer) carry the exchange. The opportunity follows its request: confirmed -> accepted,
// failed -> failed, never claimed (a refusal before the airline was asked, such as a balance too
// low) -> open again. No airline call happens between the two claims, so a process that dies there
// leaves nothing at the airline: the reconciler reopens the opportunity once the claim is stale.
//
// Lock order: the booking row, then the opportunity row (the request is new, or claimed under the
// booking's lock by the confirm; the company balance is the confirm's, after the booking row).
import { findRequest, updateQuoted, type BookingRequestRow } from '../../db/booking-requests.repository.js';
import { findBookingById, lockBookingRow } from '../../db/bookings.repository.js';
import {
  findOpportunity,
  opportunityOfRequest,
  staleAccepts,
  updateOpportunity,
  type OpportunityRow,
} from '../../db/fare-watch.repository.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { recordBookingEvent } from '../bookings/booking-events.js';
import { exchangeFee } from '../bookings/booking-exchange.js';
import { confirmChange } from '../bookings/booking-exchange-confirm.js';
import { recordHistory } from '../bookings/booking-history.js';
import { insertNewRequest, quotedRequest, type StoredOffer } from '../bookings/booking-request.js';
import { ticketsKey } from '../bookings/booking-intents.js';
import { DomainError } from '../errors.js';
import { fromMinor } from '../../money.js';
import type { Principal } from '../principal.js';
import { decided, lockOpenOpportunity } from './fare-watch-claim.js';
import { eventDetailOf } from './fare-watch-views.js';

/** What the opportunity stored of an issued booking as it was when the fare was found. */
export interface IssuedOriginalRef {
  airline_locator: string;
  /** The booking's status, tickets and total then (ticketsKey). */
  tickets: string;
}

/**
 * Claims the accept and writes the flight change request it confirms (the airline's offer, with
 * the agency's exchange fee as it is now); answers the request.
 */
async function claimExchange(deps: BookingDeps, opp: OpportunityRow, accountId: string | null) {
  const { db, clock } = deps;
  const row = await findBookingById(db, opp.booking_id);
  if (!row) throw decided();
  const { feeMinor } = await exchangeFee(deps, row);
  const claimed = await db.transaction().execute(async (trx) => {
    const at = clock.now();
    // Lock order: the booking row, then the opportunity row (lockOpenOpportunity). The fare was
    // found for these tickets; an exchange or refund since makes it another booking.
    const open = await lockOpenOpportunity(
      trx,
      opp,
      at,
      (row, status, now) => status === 'issued' && (now.original as IssuedOriginalRef).tickets === ticketsKey(row),
    );
    if (open instanceof DomainError) return open;
    const { row: locked, now } = open;
    if (!now.exchange_offer) throw decided();
    const offer: StoredOffer = { ...(now.exchange_offer as StoredOffer), fee: fromMinor(feeMinor) };
    const request = quotedRequest(
      locked,
      'change',
      { accountId, at },
      { journeys: [], offers: [offer], expires_at: new Date(offer.expires_at) },
    );
    await insertNewRequest(trx, request);
    await updateOpportunity(trx, opp.id, ['open'], {
      status: 'accepting',
      stage: 'exchanging',
      change_request_id: request.id,
      claimed_at: at,
      decided_by: accountId,
      decided_at: at,
      updated_at: at,
    });
    return { request, offer };
  });
  if (claimed instanceof DomainError) throw claimed;
  return claimed;
}

/** Exchanges the issued booking into the cheaper fare; answers the opportunity as it ended. */
export async function acceptExchange(deps: BookingDeps, principal: Principal, opp: OpportunityRow) {
  const { request, offer } = await claimExchange(deps, opp, principal.accountId);
  try {
    await confirmChange(deps, principal, { locator: opp.locator, requestId: request.id, offerId: offer.offer_id });
  } finally {
    // Whatever the confirm answered, the opportunity follows what became of its request.
    await settleExchange(deps, opp.id);
  }
  return (await findOpportunity(deps.db, opp.id))!;
}

/**
 * The opportunity follows its flight change request: confirmed -> accepted (history line and
 * `booking.rebooked_cheaper`, once), failed -> failed, never claimed -> open again (the quoted
 * request is closed, so it cannot be confirmed later). A request still confirming is the
 * reconciler's; this runs again once it settles it.
 */
export async function settleExchange(deps: BookingDeps, oppId: string): Promise<void> {
  const opp = await findOpportunity(deps.db, oppId);
  if (!opp || opp.status !== 'accepting' || !opp.change_request_id) return;
  const request = await findRequest(deps.db, opp.booking_id, opp.change_request_id, 'change');
  if (!request || request.status === 'confirming') return;
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row, then the request (closing a quoted one), then the opportunity row.
    await lockBookingRow(trx, opp.booking_id);
    if (request.status === 'quoted') {
      const closed = await updateQuoted(trx, request.id, {
        status: 'failed',
        error: 'The Fare Watch accept did not reach the airline.',
        updated_at: at,
      });
      // Claimed meanwhile by its confirm: it settles the opportunity when it ends.
      if (!closed) return;
      await updateOpportunity(trx, opp.id, ['accepting'], {
        status: 'open',
        stage: null,
        change_request_id: null,
        claimed_at: null,
        decided_by: null,
        decided_at: null,
        updated_at: at,
      });
      return;
    }
    if (request.status === 'failed') {
      await updateOpportunity(trx, opp.id, ['accepting'], {
        status: 'failed',
        stage: null,
        detail: `The airline refused the exchange: ${request.error ?? 'no reason given'}`,
        updated_at: at,
      });
      return;
    }
    const mine = await updateOpportunity(trx, opp.id, ['accepting'], {
      status: 'accepted',
      stage: null,
      detail: `Exchanged through flight change request ${request.id}.`,
      updated_at: at,
    });
    if (!mine) return;
    await recordHistory(trx, {
      bookingId: opp.booking_id,
      action: 'rebooked_cheaper',
      actorAccountId: opp.decided_by,
      at,
      detail: `Fare Watch: the tickets were exchanged into the cheaper fare (saving ${opp.net_saving} ${opp.currency.trim()} net of the change penalty ${opp.change_penalty} and the residual forfeited ${opp.forfeited_residual}).`,
    });
    await recordBookingEvent(trx, 'booking.rebooked_cheaper', opp.booking_id, at, { fareWatch: eventDetailOf(opp) });
  });
}

/** After the reconciler settled a flight change request: the opportunity it belongs to, if any, follows it. */
export async function settleExchangeOfRequest(deps: BookingDeps, request: BookingRequestRow): Promise<void> {
  const opp = await opportunityOfRequest(deps.db, request.id);
  if (opp) await settleExchange(deps, opp.id);
}

/**
 * The reconciler's part: exchange accepts claimed before `staleBefore` whose process died before
 * (or after) the confirm. Answers how many it settled.
 */
export async function settleStaleExchanges(deps: BookingDeps, staleBefore: Date): Promise<number> {
  let settled = 0;
  for (const opp of await staleAccepts(deps.db, staleBefore, 100, 'issued')) {
    await settleExchange(deps, opp.id);
    if ((await findOpportunity(deps.db, opp.id))?.status !== 'accepting') settled += 1;
  }
  return settled;
}
