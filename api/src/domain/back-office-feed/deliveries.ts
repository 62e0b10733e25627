// Exactly once per batch. A batch is cut under the connection's row lock: the documents after
// `delivered_through` up to the agency's last committed number become one range, the range's file
// is measured (bytes, SHA-256) and the delivery row is written with `delivered_through` moved, all
// in one transaction, before anything is sent (the cutting worker spools the bytes; sending copies
// the spool, or rebuilds the file from the range on a worker without it), checks
// its checksum before the rename that publishes it, and writes it under the batch's name; a crash,
// a timeout or a restart sends the same batch again, never a different cut of the same documents.
//
// How a batch travels depends on the connection's kind, never what it is: SFTP writes the file under
// a temporary name and renames it; HTTPS POSTs it signed as webhooks are, with `webhook-id` the
// delivery's id on every attempt (a receiver deduplicates a resend on it), and only a 2xx counts
// (the body streams, never held whole);
// email queues it as an attachment in the mail outbox in the same transaction that marks the
// delivery delivered, so the message and the mark commit together or not at all.
//
// Lock order: the connection row alone (never with a booking, a company or the accounting counter);
// an email send locks its delivery row alone, then writes the mail outbox rows.
import { lastSequence, sequenceRangeOfDays } from '../../db/accounting-documents.repository.js';
import * as repo from '../../db/back-office-connections.repository.js';
import type { Db } from '../../db/database.js';
import type { OutboundGuard } from '../../outbound/outbound-guard.js';
import { createOutboundPoster, type OutboundPoster } from '../../outbound/outbound-http.js';
import { SftpFailure, uploadFile } from '../../outbound/sftp-upload.js';
import type { MailService } from '../mail/mail.service.js';
import { deliverySigner, signDelivery } from '../webhooks/webhook-signing.js';
import { feedContentType } from '../accounting/accounting-formats.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import {
  batchFileName,
  batchStream,
  dropSpool,
  spoolBatch,
  spooledStream,
  spoolPathOf,
  type BatchRange,
} from './batch-file.js';
import { httpsSecretOf, sftpTargetOf, type EmailSettings, type HttpsSettings } from './connection-settings.js';
import { recordEvent } from '../events/record-event.js';
import { connectionView } from './connection-view.js';
import { isDue } from './schedule.js';

/** Waits between attempts of a failed delivery: 1 min, 5 min, 15 min, then hourly. */
const retryDelaysMs = [60_000, 300_000, 900_000, 3_600_000];
/** How long every delivery of a connection fails before people are told (once per failing spell). */
export const alertAfterMs = 24 * 3_600_000;
/** How long a worker holds a delivery it is sending before another may take it over. */
const claimHoldMs = 10 * 60_000;

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  credentials: SecretBox;
  guard: OutboundGuard;
  /** Posts an HTTPS connection's batches (through the guard). */
  poster: OutboundPoster;
  /** The mail outbox an email connection's batches are queued in. */
  mail: Pick<MailService, 'queueIn' | 'trigger'>;
  /** Tests only: runs after the bytes are written and before the rename (a crash point). */
  beforeRename?: () => void;
}

async function fixBatch(
  trx: Db,
  clock: Clock,
  connection: repo.ConnectionRow,
  range: BatchRange,
  reason: 'scheduled' | 'backfill',
) {
  const format = connection.format;
  const id = newId('bod');
  const spool = spoolPathOf(id);
  let measured: { bytes: number; checksum: string };
  try {
    measured = await spoolBatch(trx, range, format, spool);
  } catch (error) {
    dropSpool(spool);
    throw error;
  }
  const { bytes, checksum } = measured;
  const now = clock.now();
  const row = {
    id,
    connection_id: connection.id,
    agency_id: connection.agency_id,
    reason,
    first_sequence: String(range.first),
    last_sequence: String(range.last),
    rows: range.last - range.first + 1,
    file_name: batchFileName(range, format),
    bytes: String(bytes),
    checksum,
    status: 'pending' as const,
    next_attempt_at: now,
    created_at: now,
  };
  await repo.insertDelivery(trx, row);
  return row;
}

/**
 * Raises `back_office_connection.failing` (and so its notification) once per failing spell: the
 * conditional update that marks the spell announced and the event commit together, so of any number
 * of failing sends, by any number of workers, one announces it. A delivery that succeeds clears
 * `failing_since` and the mark, so the next spell is announced again; the event's dedupe key (the
 * connection and the spell's start) is the backstop. Lock order: the connection row alone.
 */
async function announceFailing(deps: Pick<DeliveryDeps, 'db'>, connectionId: string, at: Date): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.markFailingAnnounced(trx, connectionId, at, new Date(at.getTime() - alertAfterMs));
    if (!row) return;
    await recordEvent(trx, {
      type: 'back_office_connection.failing',
      agencyId: row.agency_id,
      liveMode: true,
      object: connectionView(row),
      at,
      fromAirline: true,
      dedupeKey: `back_office_connection.failing:${row.id}:${row.failing_since!.toISOString()}`,
    });
  });
}

/** Cuts the connection's next batch when its schedule says so and there is something new. */
export async function cutBatch(deps: Pick<DeliveryDeps, 'db' | 'clock'>, connectionId: string, force = false) {
  return deps.db.transaction().execute(async (trx) => {
    const connection = await repo.lockConnection(trx, connectionId);
    if (!connection?.enabled) return null;
    const now = deps.clock.now();
    if (!force && !(await isDue(trx, connection, now))) return null;
    const last = await lastSequence(trx, connection.agency_id);
    const from = Number(connection.delivered_through) + 1;
    if (last < from) return null;
    const batch = await fixBatch(
      trx,
      deps.clock,
      connection,
      { agencyId: connection.agency_id, first: from, last },
      'scheduled',
    );
    await repo.updateConnection(trx, connection.id, { delivered_through: String(last), last_cut_at: now });
    return batch;
  });
}

/** A person's backfill: the range (by sequence or by UTC days) as one more batch, apart from the schedule. */
export async function backfill(
  deps: Pick<DeliveryDeps, 'db' | 'clock'>,
  connection: repo.ConnectionRow,
  range: { afterSequence?: number; throughSequence?: number; from?: string; to?: string },
) {
  let first: number;
  let last: number;
  if (range.from || range.to) {
    const found = await sequenceRangeOfDays(deps.db, connection.agency_id, { from: range.from, to: range.to });
    if (!found)
      throw new DomainError('validation_failed', 'No documents were issued on those days.', { pointer: '/date_from' });
    ({ first, last } = found);
  } else {
    first = (range.afterSequence ?? 0) + 1;
    last = Math.min(
      range.throughSequence ?? Number.MAX_SAFE_INTEGER,
      await lastSequence(deps.db, connection.agency_id),
    );
    if (last < first)
      throw new DomainError('validation_failed', 'There are no documents in that range yet.', {
        pointer: '/after_sequence',
      });
  }
  return deps.db.transaction().execute(async (trx) => {
    // One range is one batch: backfills of a connection queue behind its row lock (the lock the
    // cut takes; nothing else is locked with it), and the one that finds the range fixed queues
    // that batch again instead of fixing a second cut of the same documents.
    const locked = await repo.lockConnection(trx, connection.id);
    if (!locked) throw notFound('back-office connection');
    const fixed = await repo.findBackfill(trx, connection.id, { first, last });
    if (fixed) {
      await repo.requeueDelivery(trx, fixed.id, deps.clock.now());
      return (await repo.findDelivery(trx, fixed.id))!;
    }
    const row = await fixBatch(trx, deps.clock, locked, { agencyId: connection.agency_id, first, last }, 'backfill');
    return (await repo.findDelivery(trx, row.id))!;
  });
}

/** Why an HTTPS or email send failed, in words a person can act on; never holds a credential. */
export class DeliveryFailure extends Error {
  constructor(
    readonly reason: 'rejected' | 'connect' | 'write',
    message: string,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

type BatchFile = ReturnType<typeof batchStream>;

/**
 * The batch's bytes in one buffer of the fixed size (read once, never concatenated), checked
 * against the fixed checksum: bytes that differ are never sent under the batch's name. Whole,
 * because the mail outbox keeps an attachment as one value.
 */
async function wholeBatch(file: BatchFile, delivery: repo.DeliveryRow): Promise<Buffer> {
  const expected = Number(delivery.bytes);
  const whole = Buffer.allocUnsafe(expected);
  let at = 0;
  const changed = () => new DeliveryFailure('write', 'The batch no longer reads as it was fixed; it was not sent.');
  for await (const chunk of file.stream as AsyncIterable<Buffer>) {
    if (at + chunk.length > expected) throw changed();
    chunk.copy(whole, at);
    at += chunk.length;
  }
  const made = file.result();
  if (at !== expected || made.checksum !== delivery.checksum) throw changed();
  return whole;
}

/** What a receiver needs to file a batch without opening it: whose, which range, which file, which bytes. */
function batchHeaders(connection: repo.ConnectionRow, delivery: repo.DeliveryRow): Record<string, string> {
  return {
    'content-type': feedContentType[connection.format],
    'user-agent': 'Contrail-Back-Office/1',
    'contrail-agency-id': connection.agency_id,
    'contrail-sequence-range': `${Number(delivery.first_sequence)}-${Number(delivery.last_sequence)}`,
    'contrail-file-name': delivery.file_name,
    'contrail-checksum': `sha256=${delivery.checksum}`,
  };
}

/**
 * POSTs the batch, signed; only a 2xx answer delivers it. `webhook-id` is the delivery's id on every
 * attempt. The body is never held whole: the signature covers the whole body, so a first read of
 * the file signs it (and checks it is the fixed batch), a second streams it to the receiver with
 * its length, checked again as it goes; bytes that differ end the request before its last byte, so
 * a receiver never gets a whole body that is not the batch.
 */
async function postBatch(
  deps: DeliveryDeps,
  connection: repo.ConnectionRow,
  delivery: repo.DeliveryRow,
  open: () => BatchFile,
  opened: (file: BatchFile) => void,
) {
  const expected = Number(delivery.bytes);
  const changed = () => new DeliveryFailure('write', 'The batch no longer reads as it was fixed; it was not sent.');
  const signer = deliverySigner({
    messageId: delivery.id,
    at: deps.clock.now(),
    secrets: [httpsSecretOf(connection, deps.credentials)],
  });
  const first = open();
  opened(first);
  for await (const chunk of first.stream as AsyncIterable<Buffer>) signer.update(chunk);
  const measured = first.result();
  if (measured.bytes !== expected || measured.checksum !== delivery.checksum) throw changed();

  const second = open();
  opened(second);
  let differs = false;
  const body = async function* () {
    let sent = 0;
    for await (const chunk of second.stream as AsyncIterable<Buffer>) {
      sent += chunk.length;
      if (sent > expected) break;
      yield chunk;
    }
    const made = second.result();
    if (made.bytes !== expected || made.checksum !== delivery.checksum) {
      differs = true;
      throw changed();
    }
  };
  const answer = await deps.poster.post((connection.settings as HttpsSettings).url, body(), {
    ...batchHeaders(connection, delivery),
    'content-length': String(expected),
    ...signer.headers(),
  });
  if (differs) throw changed();
  if (answer.status === null) throw new DeliveryFailure('connect', answer.error ?? 'No answer came.');
  if (answer.status < 200 || answer.status > 299)
    throw new DeliveryFailure(
      'rejected',
      `The receiver answered ${answer.status}${answer.excerpt ? `: ${answer.excerpt.slice(0, 200)}` : ''}.`,
    );
}

/**
 * Queues the batch as an attachment and marks the delivery delivered, in one transaction, while
 * this worker's claim holds (a worker whose claim was taken over commits nothing: one message per
 * send). False when the claim was lost. Lock order: the delivery row alone, then the outbox rows.
 */
async function mailBatch(
  deps: DeliveryDeps,
  connection: repo.ConnectionRow,
  delivery: repo.DeliveryRow,
  file: BatchFile,
  started: number,
): Promise<boolean> {
  const content = await wholeBatch(file, delivery);
  const to = (connection.settings as EmailSettings).to.join(', ');
  const range = `${Number(delivery.first_sequence)}–${Number(delivery.last_sequence)}`;
  const messageId = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockOwnClaim(trx, delivery.id, delivery.attempts))) return null;
    const message = await deps.mail.queueIn(
      trx,
      {
        channel: 'email',
        to,
        subject: `Contrail accounting documents ${range} (${connection.name})`,
        body: [
          `Accounting documents ${range} of agency ${connection.agency_id}: ${delivery.rows} rows.`,
          `File: ${delivery.file_name} (${Number(delivery.bytes)} bytes, SHA-256 ${delivery.checksum}).`,
          `Delivery: ${delivery.id} (the same on a resend of this batch).`,
        ].join('\n'),
      },
      [{ filename: delivery.file_name, contentType: feedContentType[connection.format], content }],
    );
    await repo.finishDelivery(trx, delivery.id, {
      status: 'delivered',
      at: deps.clock.now(),
      durationMs: Date.now() - started,
      error: null,
    });
    return message.id;
  });
  if (messageId === null) return false;
  await deps.mail.trigger(messageId);
  return true;
}

/** An HTTPS connection's test: a small signed probe POST (marked as one); null when it answered 2xx. */
export async function probeHttps(
  deps: Pick<DeliveryDeps, 'credentials' | 'guard' | 'clock'>,
  connection: repo.ConnectionRow,
  timeoutMs: number,
): Promise<DeliveryFailure | null> {
  const body = Buffer.from('contrail probe\n');
  const probeId = newId('bop');
  const poster = createOutboundPoster(deps.guard, { timeoutMs, connections: 1 });
  try {
    const answer = await poster.post((connection.settings as HttpsSettings).url, body, {
      'content-type': 'text/plain; charset=utf-8',
      'user-agent': 'Contrail-Back-Office/1',
      'contrail-agency-id': connection.agency_id,
      'contrail-probe': 'true',
      ...signDelivery({
        messageId: probeId,
        at: deps.clock.now(),
        body,
        secrets: [httpsSecretOf(connection, deps.credentials)],
      }),
    });
    if (answer.status === null) return new DeliveryFailure('connect', answer.error ?? 'No answer came.');
    if (answer.status < 200 || answer.status > 299)
      return new DeliveryFailure('rejected', `The receiver answered the probe with ${answer.status}.`);
    return null;
  } finally {
    await poster.close();
  }
}

/** An email connection's test: a short probe message to its addresses through the mail outbox. */
export async function probeEmail(mail: Pick<MailService, 'queue'>, connection: repo.ConnectionRow): Promise<void> {
  await mail.queue({
    channel: 'email',
    to: (connection.settings as EmailSettings).to.join(', '),
    subject: `Contrail back-office connection test (${connection.name})`,
    body: 'This address will receive accounting-document batches from Contrail as attachments.',
  });
}

/** Sends one due delivery (or the named one); answers what it did, or null when none was due. */
export async function sendDueDelivery(deps: DeliveryDeps, onlyId?: string) {
  const now = deps.clock.now();
  const delivery = await repo.claimDueDelivery(deps.db, now, claimHoldMs, onlyId);
  if (!delivery) return null;
  const connection = await repo.findConnection(deps.db, delivery.connection_id);
  if (!connection) return null;
  const started = Date.now();
  const range = {
    agencyId: delivery.agency_id,
    first: Number(delivery.first_sequence),
    last: Number(delivery.last_sequence),
  };
  const spool = spoolPathOf(delivery.id);
  const open = () => spooledStream(spool, Number(delivery.bytes)) ?? batchStream(deps.db, range, connection.format);
  // Every stream this send opens, destroyed when it fails (an HTTPS send reads the file twice).
  const files: BatchFile[] = [];
  try {
    if (connection.kind === 'https') await postBatch(deps, connection, delivery, open, (f) => files.push(f));
    else if (connection.kind === 'email') {
      const file = open();
      files.push(file);
      // Marked delivered with the mail's commit (below); nothing else is left to do on success.
      if (!(await mailBatch(deps, connection, delivery, file, started))) return null;
      dropSpool(spool);
      await repo.updateConnection(deps.db, connection.id, { failing_since: null, failing_alerted_at: null });
      return { id: delivery.id, status: 'delivered' as const };
    } else {
      const file = open();
      files.push(file);
      await uploadFile(deps.guard, sftpTargetOf(connection, deps.credentials), {
        name: delivery.file_name,
        body: file.stream,
        expectBytes: Number(delivery.bytes),
        beforeRename: () => {
          const made = file.result();
          // The batch was fixed by its checksum: bytes that differ are never published under its name.
          if (made.checksum !== delivery.checksum || made.bytes !== Number(delivery.bytes))
            throw new SftpFailure('write', 'The batch no longer reads as it was fixed; it was not published.');
          deps.beforeRename?.();
        },
      });
    }
    dropSpool(spool);
    const at = deps.clock.now();
    await repo.finishDelivery(deps.db, delivery.id, {
      status: 'delivered',
      at,
      durationMs: Date.now() - started,
      error: null,
    });
    await repo.updateConnection(deps.db, connection.id, { failing_since: null, failing_alerted_at: null });
    return { id: delivery.id, status: 'delivered' as const };
  } catch (error) {
    for (const f of files) f.stream.destroy();
    const at = deps.clock.now();
    const message =
      error instanceof SftpFailure || error instanceof DeliveryFailure
        ? error.message
        : 'The delivery failed unexpectedly.';
    const delay = retryDelaysMs[Math.min(delivery.attempts - 1, retryDelaysMs.length - 1)]!;
    await repo.finishDelivery(deps.db, delivery.id, {
      status: 'failed',
      at,
      durationMs: Date.now() - started,
      error: message,
      nextAttemptAt: new Date(at.getTime() + delay),
    });
    if (!connection.failing_since) await repo.updateConnection(deps.db, connection.id, { failing_since: at });
    else if (at.getTime() - connection.failing_since.getTime() >= alertAfterMs)
      await announceFailing(deps, connection.id, at);
    return { id: delivery.id, status: 'failed' as const, error: message };
  }
}

/** The worker's pass: cut what is due on every enabled connection, then send what is due. */
export async function runDeliveries(deps: DeliveryDeps, maxSends = 20): Promise<number> {
  for (const c of await repo.enabledConnections(deps.db)) await cutBatch(deps, c.id);
  let sent = 0;
  while (sent < maxSends && (await sendDueDelivery(deps))) sent += 1;
  return sent;
}
