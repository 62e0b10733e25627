// The mail outbox as a capability: queue a message (written first, then triggered), let staff read
// and tidy the outbox (who may is the permission matrix's business), and deliver one message
// exactly as far as the transport allows. The outbox protocol is written once, here: a message and
// its attachments are rows (`queueIn`, inside the caller's transaction when the message must commit
// with other work), and the job is only the trigger sent after the commit (`trigger`); a lost
// trigger is re-sent by the worker's sweeper, so a message is never lost nor sent twice.
import type { Db } from '../../db/database.js';
import * as mail from '../../db/mail.repository.js';
import { attachmentsOf, insertAttachment } from '../../db/mail-attachments.repository.js';
import type { JobProducer } from '../job-producer.js';
import type { MailTransport } from '../../mail/transport.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { newId } from '../ids.js';

export interface MailMessage {
  id: string;
  channel: 'email' | 'sms' | 'voice';
  to: string;
  subject: string;
  body: string;
  status: 'queued' | 'delivered' | 'sent' | 'failed';
  read: boolean;
  createdAt: Date;
  sentAt: Date | null;
}

export interface NewMailMessage {
  channel: MailMessage['channel'];
  to: string;
  subject: string;
  body: string;
  /** The language it is written in (en, ua, pl), sent as Content-Language. */
  language?: string;
}

/** A file that travels with a message (the emailed sales report). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailService {
  /** Queues a message; who may ask is the permission matrix's business, not this service's. */
  queue(message: NewMailMessage): Promise<MailMessage>;
  /**
   * Writes a message and its attachments in the caller's transaction, so they commit (or not)
   * with the caller's own work. Call `trigger` with its id once the transaction has committed.
   */
  queueIn(trx: Db, message: NewMailMessage, attachments?: readonly MailAttachment[]): Promise<MailMessage>;
  /** Triggers delivery of a committed message; a failed trigger is logged, the sweeper re-sends it. */
  trigger(id: string): Promise<void>;
  list(query: { to?: string; page: number; perPage: number }): Promise<{ items: MailMessage[]; total: number }>;
  get(id: string): Promise<MailMessage>;
  setRead(id: string, read: boolean): Promise<MailMessage>;
  remove(id: string): Promise<void>;
  /** Delivers a queued message; false when there was nothing to do (already delivered or taken). */
  deliver(id: string, transport: MailTransport): Promise<boolean>;
  /** Ids of queued messages whose trigger was lost, oldest first. */
  staleQueued(olderThanMs: number, limit: number): Promise<string[]>;
}

export function createMailService(deps: {
  db: Db;
  jobs: Pick<JobProducer, 'enqueueEmail'>;
  clock: Clock;
  log?: (msg: string) => void;
}): MailService {
  const { db, jobs, clock } = deps;

  async function queueIn(trx: Db, message: NewMailMessage, attachments: readonly MailAttachment[] = []) {
    const row = await mail.insertMessage(trx, {
      id: newId('msg'),
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      language: message.language ?? null,
    });
    for (const file of attachments) {
      await insertAttachment(trx, {
        id: newId('att'),
        message_id: row.id,
        filename: file.filename,
        content_type: file.contentType,
        content: file.content,
      });
    }
    return toMessage(row);
  }

  async function trigger(id: string) {
    // The row is the truth; if the trigger fails the worker's sweeper enqueues it later.
    await jobs.enqueueEmail(id).catch((error: unknown) => deps.log?.(`email ${id} not enqueued: ${String(error)}`));
  }

  async function queue(message: NewMailMessage) {
    const queued = await queueIn(db, message);
    await trigger(queued.id);
    return queued;
  }

  async function found(id: string) {
    const row = await mail.findMessage(db, id);
    if (!row) throw notFound('message');
    return row;
  }

  return {
    queue,
    queueIn,
    trigger,
    async list(query) {
      const { rows, total } = await mail.listMessages(db, {
        recipient: query.to,
        page: query.page,
        perPage: query.perPage,
      });
      return { items: rows.map(toMessage), total };
    },
    async get(id) {
      return toMessage(await found(id));
    },
    async setRead(id, read) {
      const row = await mail.setMessageRead(db, id, read);
      if (!row) throw notFound('message');
      return toMessage(row);
    },
    async remove(id) {
      if (!(await mail.deleteMessage(db, id))) throw notFound('message');
    },
    async deliver(id, transport) {
      // The row lock makes two workers holding the same job deliver it once: the second one skips.
      return db.transaction().execute(async (trx) => {
        const row = await mail.claimQueued(trx, id);
        if (!row) return false;
        const attachments = await attachmentsOf(trx, id);
        const outcome = await transport.deliver({
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
          language: row.language,
          ...(attachments.length
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.content_type,
                  content: a.content,
                })),
              }
            : {}),
        });
        await mail.markMessage(trx, id, { status: outcome, at: clock.now() });
        return true;
      });
    },
    staleQueued(olderThanMs, limit) {
      return mail.findStaleQueued(db, new Date(clock.now().getTime() - olderThanMs), limit);
    },
  };
}

/** Records a message whose every delivery attempt failed. */
export async function markMailFailed(db: Db, id: string, error: string, at: Date): Promise<void> {
  await mail.markMessage(db, id, { status: 'failed', at, error });
}

function toMessage(row: mail.MailRow): MailMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    read: row.read,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}
