// Corrections and comments. Contacts go to the airline (held or issued); passengers' title and
// birthdate only before issue, since a ticket's passenger data is fixed. Each change the airline
// accepted is kept and recorded in the history as before → after; a comment is a history entry.
import { orderRefOf } from './booking-order-ref.js';
import { findBookingByLocator, setContacts, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import type { PassengerCorrection, ProviderChannel } from '../../providers/airline-provider.js';
import { DomainError, throwAll } from '../errors.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import { fromAirlineOrder } from './booking-airline-errors.js';
import { historyEntryView, recordHistory, type HistoryEntry } from './booking-history.js';
import type { BookingDeps } from './booking-deps.js';
import { bookingView, effectiveStatus, type Booking, type BookingPassenger } from './booking.js';

export interface BookingModify {
  locator: string;
  contacts?: { email?: string; phone?: string };
  passengers?: { id: string; title?: string; birthdate?: string }[];
}

type Contacts = { email: string; phone: string };

export async function modifyBooking(deps: BookingDeps, principal: Principal, input: BookingModify): Promise<Booking> {
  const { db, clock, provider } = deps;
  const row = await bookingFor(db, principal, input.locator);
  const contacts = input.contacts && Object.keys(input.contacts).length > 0 ? input.contacts : undefined;
  const corrections = input.passengers?.length ? input.passengers : undefined;
  if (!contacts && !corrections)
    throw new DomainError('validation_failed', 'Send contacts or passengers to change.', { pointer: '/' });

  const status = effectiveStatus(row, clock.now());
  if (status === 'issuing') throw new DomainError('booking_being_issued');
  if (status !== 'new' && status !== 'issued') throw new DomainError('booking_closed', `The booking is ${status}.`);
  if (corrections) checkCorrections(row, status, corrections, clock.now());

  const { channel } = await deps.channels.forBooking(row);
  if (corrections) await correctPassengers(deps, principal, row, channel, corrections);
  if (contacts) {
    await fromAirlineOrder(provider.updateContacts(channel, orderRefOf(row), contacts));
    const before = row.contacts as Contacts;
    const after = { ...before, ...contacts };
    const at = clock.now();
    await db.transaction().execute(async (trx) => {
      await setContacts(trx, row.id, after, at);
      await recordHistory(trx, {
        bookingId: row.id,
        action: 'modified',
        actorAccountId: principal.accountId,
        at,
        detail: changes([
          ['email', before.email, after.email],
          ['phone', before.phone, after.phone],
        ]),
      });
    });
  }
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

function checkCorrections(
  row: BookingRow,
  status: string,
  corrections: NonNullable<BookingModify['passengers']>,
  now: Date,
) {
  if (status !== 'new')
    throw new DomainError(
      'booking_already_issued',
      "Passenger data can be corrected only before issue; the tickets' data is fixed.",
    );
  const known = new Set((row.passengers as BookingPassenger[]).map((p) => p.id));
  const problems = corrections.flatMap((c, i) => {
    const out: DomainError[] = [];
    if (!known.has(c.id))
      out.push(
        new DomainError('validation_failed', `The booking has no passenger ${c.id}.`, {
          pointer: `/passengers/${i}/id`,
        }),
      );
    if (c.title === undefined && c.birthdate === undefined)
      out.push(new DomainError('validation_failed', 'Send a title or a birthdate.', { pointer: `/passengers/${i}` }));
    if (c.birthdate !== undefined && !(c.birthdate <= now.toISOString().slice(0, 10)))
      out.push(
        new DomainError('validation_failed', 'The birthdate is in the future.', {
          pointer: `/passengers/${i}/birthdate`,
        }),
      );
    return out;
  });
  if (new Set(corrections.map((c) => c.id)).size !== corrections.length)
    problems.push(new DomainError('validation_failed', 'Each passenger once.', { pointer: '/passengers' }));
  throwAll(problems);
}

async function correctPassengers(
  deps: BookingDeps,
  principal: Principal,
  row: BookingRow,
  channel: ProviderChannel,
  corrections: NonNullable<BookingModify['passengers']>,
) {
  const request: PassengerCorrection[] = corrections.map((c) => ({
    id: c.id,
    ...(c.title !== undefined ? { title: c.title } : {}),
    ...(c.birthdate !== undefined ? { birthdate: c.birthdate } : {}),
  }));
  await fromAirlineOrder(deps.provider.updatePassengers(channel, orderRefOf(row), request));
  const before = row.passengers as BookingPassenger[];
  const after = before.map((p) => {
    const c = corrections.find((x) => x.id === p.id);
    return c ? { ...p, title: c.title ?? p.title, birthdate: c.birthdate ?? p.birthdate } : p;
  });
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updateInStatus(trx, row.id, 'new', { passengers: JSON.stringify(after), updated_at: at })))
      throw new DomainError('booking_closed', 'The booking was issued or ended while its passengers were corrected.');
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'modified',
      actorAccountId: principal.accountId,
      at,
      detail: changes(
        before.flatMap((p, i): [string, string | null, string | null][] => [
          [`${p.id} title`, p.title, after[i]!.title],
          [`${p.id} birthdate`, p.birthdate, after[i]!.birthdate],
        ]),
      ),
    });
  });
}

/** `email a@x → b@x; phone …`: only what changed, or that nothing did. */
function changes(fields: readonly [string, string | null, string | null][]): string {
  const changed = fields.filter(([, a, b]) => a !== b).map(([name, a, b]) => `${name} ${a ?? '—'} → ${b ?? '—'}`);
  return changed.length ? `${changed.join('; ')}.` : 'Sent to the airline unchanged.';
}

/** `POST /bookings/comment`: a note in the booking's history, in any status. */
export async function commentBooking(
  deps: BookingDeps,
  principal: Principal,
  input: { locator: string; text: string },
): Promise<HistoryEntry> {
  const row = await bookingFor(deps.db, principal, input.locator);
  const text = input.text.trim();
  if (!text) throw new DomainError('validation_failed', 'The comment is empty.', { pointer: '/text' });
  const entry = await recordHistory(deps.db, {
    bookingId: row.id,
    action: 'comment',
    actorAccountId: principal.accountId,
    at: deps.clock.now(),
    detail: text,
  });
  return historyEntryView(entry);
}
