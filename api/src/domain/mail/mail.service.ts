// The mail outbox as a capability: queue a message (written first, then triggered), let staff read
// and tidy the outbox (who may is the permission matrix's business), and deliver one message
// exactly as far as the transport allows.
import type { Db } from '../../db/database.js';
import * as mail from '../../db/mail.repository.js';
import { attachmentsOf } from '../../db/mail-attachments.repository.js';
import type { JobProducer } from '../../jobs/queues.js';
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

export interface MailService {
  /** Queues a message; who may ask is the permission matrix's business, not this service's. */
  queue(message: { channel: MailMessage['channel']; to: string; subject: string; body: string }): Promise<MailMessage>;
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
  jobs: JobProducer;
  clock: Clock;
  log?: (msg: string) => void;
}): MailService {
  const { db, jobs, clock } = deps;

  async function queue(message: { channel: MailMessage['channel']; to: string; subject: string; body: string }) {
    const row = await mail.insertMessage(db, {
      id: newId('msg'),
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
    });
    // The row is the truth; if the trigger fails the worker's sweeper enqueues it later.
    await jobs
      .enqueueEmail(row.id)
      .catch((error: unknown) => deps.log?.(`email ${row.id} not enqueued: ${String(error)}`));
    return toMessage(row);
  }

  async function found(id: string) {
    const row = await mail.findMessage(db, id);
    if (!row) throw notFound('message');
    return row;
  }

  return {
    queue,
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
        const row = await trx
          .selectFrom('mail_messages')
          .selectAll()
          .where('id', '=', id)
          .where('status', '=', 'queued')
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        const attachments = await attachmentsOf(trx, id);
        const outcome = await transport.deliver({
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
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
