// One check of one held booking: the airline's order as it is now (its fare and conditions), a
// re-price of the same flights (paced by the channel's shared reshop rate), the rules of
// fare-watch-fares.ts, and one line in the booking's check log. A candidate becomes the booking's
// open opportunity (replacing an older open one), raises `booking.cheaper_fare_found`, and is
// rebooked at once when the agency asked for auto-apply.
import { findBookingById, type BookingRow } from '../../db/bookings.repository.js';
import { insertCheck, replaceOpenOpportunity, type FareWatchCheckRow } from '../../db/fare-watch.repository.js';
import type { FareWatchSettingsRow } from '../../db/fare-watch.repository.js';
import { asDomainError, refusalText } from '../bookings/booking-airline-errors.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { recordBookingEvent } from '../bookings/booking-events.js';
import { recordHistory } from '../bookings/booking-history.js';
import { orderRefOf } from '../bookings/booking-order-ref.js';
import { effectiveStatus, type BookingAncillary } from '../bookings/booking.js';
import { newId } from '../ids.js';
import type { ReshopPacer } from '../limits/reshop-pacing.js';
import { fromMinor, toMinor } from '../../money.js';
import { judgeHeld } from './fare-watch-fares.js';
import { acceptOpportunity } from './fare-watch-rebook.js';
import { findOpportunity } from '../../db/fare-watch.repository.js';

export interface CheckDeps extends BookingDeps {
  pacer: ReshopPacer;
}

type Settings = Pick<FareWatchSettingsRow, 'min_saving_amount' | 'min_saving_percent' | 'auto_apply_held'>;

/** Checks one booking; answers the check as its log keeps it (null: the booking is no longer held). */
export async function checkBooking(
  deps: CheckDeps,
  bookingId: string,
  settings: Settings,
): Promise<FareWatchCheckRow | null> {
  const { db, clock, provider } = deps;
  const row = await findBookingById(db, bookingId);
  if (!row || effectiveStatus(row, clock.now()) !== 'new') return null;
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
  try {
    const { channel } = await deps.channels.forBooking(row);
    // The order is read while the reshop waits for its slot: only the reshop is paced (look-to-book).
    const [order] = await Promise.all([provider.retrieveOrder(channel, orderRefOf(row)), deps.pacer.wait(channel.id)]);
    const [offer] = await provider.reshopOrder(channel, orderRefOf(row), { type: 'reprice' });
    if (!offer) {
      await insertCheck(db, { ...check, outcome: 'not_cheaper', reason: 'The airline gave no price.' });
      return { ...check, outcome: 'not_cheaper', reason: 'The airline gave no price.' };
    }
    const markupMinor = toMinor(row.markup_total);
    const verdict = judgeHeld({
      order,
      offer,
      markupMinor,
      carriesAncillaries: (row.ancillaries as BookingAncillary[]).length > 0,
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
    const found: FareWatchCheckRow = {
      ...check,
      outcome: 'found',
      candidate_total: verdict.candidate.price.amount,
      saving: fromMinor(verdict.savingMinor),
      opportunity_id: newId('fwo'),
    };
    const stored = await recordFound(deps, row, found, {
      airlineOfferId: offer.offerId,
      expiresAt: new Date(offer.expiresAt),
      original: { ...verdict.original, airline_locator: row.airline_locator },
      candidate: verdict.candidate,
      percent: verdict.percent,
    });
    if (stored && settings.auto_apply_held) {
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
    const failed = { ...check, reason: refusalText(asDomainError(error)) };
    await insertCheck(db, failed);
    return failed;
  }
}

/** The check, the opportunity, its history line and its event, in one transaction. */
async function recordFound(
  deps: BookingDeps,
  row: BookingRow,
  check: FareWatchCheckRow,
  found: {
    airlineOfferId: string;
    expiresAt: Date;
    original: object;
    candidate: object;
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
        tier: 'held',
        status: 'open',
        airline_offer_id: found.airlineOfferId,
        original: JSON.stringify(found.original),
        candidate: JSON.stringify(found.candidate),
        saving: check.saving!,
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
    });
    if (news)
      await recordHistory(trx, {
        bookingId: row.id,
        action: 'cheaper_fare_found',
        actorAccountId: null,
        at,
        detail: `Fare Watch: ${check.candidate_total} ${check.currency} on the same flights (saving ${check.saving} ${check.currency}, ${found.percent}%), until ${found.expiresAt.toISOString()}.`,
      });
    return true;
  });
}
