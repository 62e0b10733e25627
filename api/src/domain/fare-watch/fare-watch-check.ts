// One check of one held or issued booking: the airline's order as it is now (its fare and
// conditions), a re-price of the same flights (paced by the channel's shared reshop rate), the
// rules of fare-watch-fares.ts, and one line in the booking's check log. A candidate becomes the
// booking's open opportunity (replacing an older open one) and raises `booking.cheaper_fare_found`;
// a held one is rebooked at once when the agency asked for auto-apply. An issued booking is never
// exchanged on its own: tickets change only on a person's accept.
import { findBookingById, type BookingRow } from '../../db/bookings.repository.js';
import { insertCheck, replaceOpenOpportunity, type FareWatchCheckRow } from '../../db/fare-watch.repository.js';
import type { FareWatchSettingsRow } from '../../db/fare-watch.repository.js';
import { asDomainError, refusalText } from '../bookings/booking-airline-errors.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { recordBookingEvent } from '../bookings/booking-events.js';
import { recordHistory } from '../bookings/booking-history.js';
import { orderRefOf } from '../bookings/booking-order-ref.js';
import { ticketsKey } from '../bookings/booking-intents.js';
import { storedOffer, type StoredOffer } from '../bookings/booking-request.js';
import { effectiveStatus, type BookingAncillary, type BookingDocument } from '../bookings/booking.js';
import { newId } from '../ids.js';
import type { ReshopPacer } from '../limits/reshop-pacing.js';
import { fromMinor, money, toMinor } from '../../money.js';
import { bookingFacts, carriesAncillaries, carryOver } from './fare-watch-ancillaries.js';
import { judgeFare, type NetSaving, type Tier } from './fare-watch-fares.js';
import { acceptOpportunity } from './fare-watch-rebook.js';
import { findOpportunity } from '../../db/fare-watch.repository.js';

export interface CheckDeps extends BookingDeps {
  pacer: ReshopPacer;
}

type Settings = Pick<
  FareWatchSettingsRow,
  'min_saving_amount' | 'min_saving_percent' | 'auto_apply_held' | 'issued_with_ancillaries'
>;

/** The tier a booking is watched in by its status; null when Fare Watch does not watch it. */
function tierOf(row: BookingRow, now: Date): Tier | null {
  const status = effectiveStatus(row, now);
  return status === 'new' ? 'held' : status === 'issued' ? 'issued' : null;
}

/** An issued booking with seats or EMDs: an exchange may not keep them, so it is watched only by opt-in. */
const hasSeatsOrEmds = (row: BookingRow) =>
  (row.ancillaries as BookingAncillary[]).some((a) => a.kind === 'seat' || a.emd_number !== null) ||
  (row.documents as BookingDocument[]).some((d) => d.type === 'emd');

/** Checks one booking; answers the check as its log keeps it (null: the booking is neither held nor issued). */
export async function checkBooking(
  deps: CheckDeps,
  bookingId: string,
  settings: Settings,
): Promise<FareWatchCheckRow | null> {
  const { db, clock, provider } = deps;
  const row = await findBookingById(db, bookingId);
  const tier = row ? tierOf(row, clock.now()) : null;
  if (!row || !tier) return null;
  const currency = row.currency.trim();
  const check: FareWatchCheckRow = {
    id: newId('fwc'),
    booking_id: row.id,
    checked_at: clock.now(),
    outcome: 'error',
    reason: null,
    candidate_total: null,
    saving: null,
    currency,
    opportunity_id: null,
  };
  /** Writes the check's line in the log and answers it. */
  const logged = async (line: FareWatchCheckRow) => {
    await insertCheck(db, line);
    return line;
  };
  if (tier === 'issued' && !settings.issued_with_ancillaries && hasSeatsOrEmds(row)) {
    // Asked of nobody: the agency did not opt in to exchanging bookings with seats or EMDs.
    return logged({
      ...check,
      outcome: 'rejected',
      reason: 'The booking has seats or EMDs; the agency watches such issued bookings only when it opts in.',
    });
  }
  try {
    const { channel } = await deps.channels.forBooking(row);
    // The order is read while the reshop waits for its slot: only the reshop is paced (look-to-book).
    const [order] = await Promise.all([provider.retrieveOrder(channel, orderRefOf(row)), deps.pacer.wait(channel.id)]);
    if (tier === 'issued' && order.conditions && !order.conditions.change.allowed) {
      // An exchange is a change: a fare that allows none has no cheaper fare to move to.
      return logged({ ...check, outcome: 'rejected', reason: 'The fare allows no changes.' });
    }
    const [offer] = await provider.reshopOrder(channel, orderRefOf(row), { type: 'reprice' });
    if (!offer) return logged({ ...check, outcome: 'not_cheaper', reason: 'The airline gave no price.' });
    const markupMinor = toMinor(row.markup_total);
    const verdict = judgeFare({
      tier,
      order,
      offer,
      markupMinor,
      threshold: {
        minSavingMinor: toMinor(settings.min_saving_amount),
        minSavingPercent: Number(settings.min_saving_percent),
      },
    });
    if (verdict.kind !== 'candidate') {
      const done: FareWatchCheckRow = {
        ...check,
        outcome: verdict.kind,
        reason: verdict.reason,
        candidate_total: verdict.candidateMinor === null ? null : fromMinor(verdict.candidateMinor),
        saving: verdict.savingMinor === null ? null : fromMinor(verdict.savingMinor),
      };
      await insertCheck(db, done);
      return done;
    }
    if (tier === 'held' && carriesAncillaries(order)) {
      // A rebook carries the hold's ancillaries: one the cheaper class cannot have disqualifies it.
      const offered = {
        services: await provider.services(channel, offer.offerId),
        seatMaps: await provider.seats(channel, offer.offerId),
      };
      const carried = carryOver(order, bookingFacts(row), offered);
      if ('refusal' in carried) {
        return logged({
          ...check,
          outcome: 'rejected',
          reason: carried.refusal,
          candidate_total: verdict.candidate.price.amount,
          saving: fromMinor(verdict.savingMinor),
        });
      }
    }
    const found: FareWatchCheckRow = {
      ...check,
      outcome: 'found',
      candidate_total: verdict.candidate.price.amount,
      saving: fromMinor(verdict.savingMinor),
      opportunity_id: newId('fwo'),
    };
    const stored = await recordFound(deps, row, found, {
      tier,
      airlineOfferId: offer.offerId,
      expiresAt: new Date(offer.expiresAt),
      original: {
        ...verdict.original,
        airline_locator: row.airline_locator,
        ...(tier === 'issued' ? { tickets: ticketsKey(row) } : {}),
      },
      candidate: verdict.candidate,
      net: verdict.net,
      // What an accept confirms as the booking's flight change (the agency's fee is set then).
      exchangeOffer: tier === 'issued' ? storedOffer(offer, 0) : null,
      percent: verdict.percent,
    });
    // Auto-apply is for holds only: tickets are exchanged on a person's accept, never on their own.
    if (stored && tier === 'held' && settings.auto_apply_held) {
      const opp = await findOpportunity(db, found.opportunity_id!);
      // The agency asked for it: applied as nobody's accept. A refusal leaves the opportunity's
      // status saying why; the booking is as it was.
      if (opp)
        await acceptOpportunity(deps, opp, { accountId: null }, { acceptEarlierTimeLimit: false }).catch(
          () => undefined,
        );
    }
    return stored ? found : { ...found, opportunity_id: null, reason: 'A rebook of the booking is running.' };
  } catch (error) {
    return logged({ ...check, reason: refusalText(asDomainError(error)) });
  }
}

/** The check, the opportunity, its history line and its event, in one transaction. */
async function recordFound(
  deps: BookingDeps,
  row: BookingRow,
  check: FareWatchCheckRow,
  found: {
    tier: Tier;
    airlineOfferId: string;
    expiresAt: Date;
    original: object;
    candidate: object;
    net: NetSaving;
    exchangeOffer: StoredOffer | null;
    percent: number;
  },
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const at = check.checked_at;
    const stored = await replaceOpenOpportunity(
      trx,
      {
        id: check.opportunity_id!,
        booking_id: row.id,
        agency_id: row.agency_id,
        tier: found.tier,
        status: 'open',
        airline_offer_id: found.airlineOfferId,
        original: JSON.stringify(found.original),
        candidate: JSON.stringify(found.candidate),
        saving: check.saving!,
        net_saving: fromMinor(found.net.netMinor),
        change_penalty: fromMinor(found.net.penaltyMinor),
        forfeited_residual: fromMinor(found.net.forfeitedMinor),
        residual_refund: found.net.residualRefund,
        exchange_offer: found.exchangeOffer ? JSON.stringify(found.exchangeOffer) : null,
        currency: check.currency!,
        expires_at: found.expiresAt,
        live_mode: !row.fake_booking,
        created_at: at,
        updated_at: at,
      },
      at,
    );
    await insertCheck(
      trx,
      stored ? check : { ...check, opportunity_id: null, reason: 'A rebook of the booking is running.' },
    );
    if (!stored) return false;
    // Each pass re-finds a fare that is still there: the agency hears of one cheaper price once per
    // booking (the opportunity itself is refreshed with the new offer), and of a different price again.
    const news = await recordBookingEvent(trx, 'booking.cheaper_fare_found', row, at, {
      dedupeKey: `cheaper_fare_found:${row.id}:${check.candidate_total} ${check.currency}`,
      fareWatch: {
        opportunity_id: check.opportunity_id!,
        tier: found.tier,
        net_saving: money(found.net.netMinor, check.currency!),
      },
    });
    if (news)
      await recordHistory(trx, {
        bookingId: row.id,
        action: 'cheaper_fare_found',
        actorAccountId: null,
        at,
        detail:
          `Fare Watch: ${check.candidate_total} ${check.currency} on the same flights (saving ${check.saving} ${check.currency}` +
          (found.tier === 'issued' ? `, ${fromMinor(found.net.netMinor)} net of penalty and forfeited residual` : '') +
          `, ${found.percent}%), until ${found.expiresAt.toISOString()}.`,
      });
    return true;
  });
}
