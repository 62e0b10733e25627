// Retrying a failed EMD request, exactly once. The airline refused the request's services, the
// balance got its debit back and the claims of its items were released (booking-emd-issue.ts). A
// retry puts the same request back in the queue: under the booking's lock it takes the items'
// claims again (one EMD per booking × passenger × service), debits the balance again and moves the
// request failed -> queued in one conditional UPDATE, all in one transaction; only then is its job
// enqueued, with the next check number. Concurrent retries wait on the lock and find the request
// queued (or running, or done): they change nothing and get the request as it stands.
import {
  findEmdClaims,
  findEmdRequest,
  findListedEmdRequest,
  insertEmdClaims,
  lockBooking,
  requeueFailedRequest,
  restoreRequestedAncillaries,
} from '../../db/emd-requests.repository.js';
import { toMinor } from '../../money.js';
import { auditRecorder } from '../back-office/audit.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { AncillaryDeps } from './booking-ancillaries.js';
import { bookingFor } from './booking-access.js';
import { itemKey, type ResolvedItem } from './booking-ancillary-items.js';
import { recordHistory } from './booking-history.js';
import { takeBooking } from './booking-intents.js';
import { notIssuable } from './booking-issue.js';
import { debitForEmds, emdDebit } from './booking-payment.js';
import { emdRequestView, type EmdRequestView } from './booking-emd-requests.js';

export async function retryEmdRequest(
  deps: AncillaryDeps,
  principal: Principal,
  locator: string,
  requestId: string,
): Promise<EmdRequestView> {
  const { db, clock } = deps;
  const audit = auditRecorder(clock);
  const booking = await bookingFor(db, principal, locator);
  const queued = await db.transaction().execute(async (trx) => {
    const at = clock.now();
    // Lock order: the booking row (every change to its EMD requests and claims is made under it),
    // then the company balance row (the debit, last).
    await lockBooking(trx, booking.id);
    const request = await findEmdRequest(trx, requestId);
    if (!request || request.booking_id !== booking.id) throw notFound('EMD request');
    // Retried already (or never failed): the request as it stands is the answer, nothing moves.
    if (request.status === 'queued' || request.status === 'running') return undefined;
    if (request.status === 'done')
      throw new DomainError('emd_request_not_failed', `Request ${request.id} is done: its EMDs were issued.`);
    // EMDs go only on an issued booking, and never while a void, refund or change is with the airline.
    const now = await takeBooking(trx, booking.id, null, null, (row) => {
      if (row.status !== 'issued') throw notIssuable(row.status);
    });
    // The failure released the items' claims: one taken since belongs to a newer request, which
    // is buying that item already.
    const items = request.items as ResolvedItem[];
    const claims = await findEmdClaims(trx, booking.id);
    const taken = items.filter((item) => claims.has(itemKey(item)));
    if (taken.length)
      throw new DomainError(
        'ancillary_already_added',
        `${taken.map((i) => `${i.name} (${i.passengerId})`).join(', ')} asked for again by another request.`,
      );
    // The balance pays again what it paid the first time (the services and the agency's EMD fee).
    const amountMinor = toMinor(request.amount);
    const paid =
      request.balance_debit === null
        ? null
        : { amountMinor, feeMinor: Math.max(0, toMinor(request.balance_debit) - amountMinor) };
    const debit = paid && emdDebit(paid);
    const requeued = await requeueFailedRequest(trx, request.id, { balanceDebit: debit, at });
    if (!requeued) throw new Error('a failed EMD request changed under the booking lock');
    await insertEmdClaims(
      trx,
      booking.id,
      request.id,
      items.map((item) => ({ passengerId: item.passengerId, key: itemKey(item) })),
      at,
    );
    await restoreRequestedAncillaries(trx, booking.id, request.id, at);
    await recordHistory(trx, {
      bookingId: booking.id,
      action: 'emds_retried',
      actorAccountId: principal.accountId,
      at,
      detail: `${items.map((i) => `${i.name} (${i.passengerId})`).join(', ')}: asked of the airline again${debit ? `, ${debit} ${request.currency.trim()} taken from the company balance` : ''}.`,
    });
    await audit(trx, principal, {
      action: 'retryEmdRequest',
      entityType: 'emd_request',
      entityId: request.id,
      agencyId: booking.agency_id,
      before: { status: 'failed', error: request.error },
      after: {
        status: 'queued',
        balance_debit: debit === null ? null : { amount: debit, currency: request.currency.trim() },
      },
    });
    // Last, so the company balance row is held only until COMMIT.
    if (paid) await debitForEmds(trx, now, { ...paid, actorAccountId: principal.accountId, at });
    return requeued.checks;
  });
  // The row is the truth: if Redis is away, the sweeper enqueues it later.
  if (queued !== undefined) await deps.jobs.enqueueEmdIssue(requestId, queued).catch(() => undefined);
  const row = await findListedEmdRequest(db, booking.id, requestId);
  if (!row) throw notFound('EMD request');
  return emdRequestView(row);
}
