// Back-office connections over the API: an agency's, managed by its supervisors and by staff (who
// name the agency). Another agency's connection answers 404, never 403: its existence is not the
// caller's business. Invariants kept here:
// - credentials are write-only: sealed on the way in (secret-box, as card numbers are), opened only
//   to connect, never answered, never part of an error or a log line; the one exception is an HTTPS
//   connection's signing secret, which Contrail makes and answers once, at creation (as a webhook
//   endpoint's);
// - a connection holds the settings of its kind only (another kind's are a 400 that changes nothing);
// - an SFTP host or HTTPS URL passes the outbound address guard when saved (a clear 422 now) and
//   again at every connect (the check that counts);
// - bad input is a clear 400 and changes nothing;
// - a resend or a backfill never makes a second cut of documents already fixed in a batch (see
//   deliveries.ts and the repository's requeue).
import * as repo from '../../db/back-office-connections.repository.js';
import { lastSequence, listAccountingDocuments } from '../../db/accounting-documents.repository.js';
import type { Db } from '../../db/database.js';
import { OutboundRefused, type OutboundGuard } from '../../outbound/outbound-guard.js';
import { probe, SftpFailure } from '../../outbound/sftp-upload.js';
import type { MailService } from '../mail/mail.service.js';
import { newWebhookSecret } from '../webhooks/webhook-signing.js';
import type { AccountingDocumentsService } from '../accounting/accounting-documents.service.js';
import { documentOf } from '../accounting/accounting-formats.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, invalidField, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isStaff, type Principal } from '../principal.js';
import {
  checkCredentials,
  checkEmailSettings,
  checkHttpsSettings,
  checkSftpSettings,
  sftpTargetOf,
  type EmailSettings,
  type HttpsSettings,
  type SftpCredentials,
  type SftpSettings,
} from './connection-settings.js';
import { connectionView, deliveryView } from './connection-view.js';
import { backfill, probeEmail, probeHttps } from './deliveries.js';

type Format = 'csv' | 'jsonl';
type Schedule = 'each' | 'hourly' | 'daily';
type Kind = 'sftp' | 'https' | 'email';
type SftpInput = Partial<SftpSettings> & SftpCredentials;
const kinds: readonly Kind[] = ['sftp', 'https', 'email'];

export interface ConnectionInput {
  name: string;
  kind: Kind;
  format: Format;
  schedule: Schedule;
  daily_at?: string | null;
  enabled?: boolean;
  delivered_through?: number;
  sftp?: SftpInput;
  https?: Partial<HttpsSettings>;
  email?: EmailSettings;
}

export interface ConnectionChange {
  name?: string;
  format?: Format;
  schedule?: Schedule;
  daily_at?: string | null;
  enabled?: boolean;
  sftp?: SftpInput;
  https?: Partial<HttpsSettings>;
  email?: EmailSettings;
}

/** The kind's own settings must be there (on create) and no other kind's may be (ever). */
function checkKindFields(kind: Kind, input: Pick<ConnectionInput, Kind>, creating: boolean): void {
  for (const other of kinds)
    if (other !== kind && input[other] !== undefined)
      throw new DomainError('back_office_settings_mismatch', `A ${kind} connection takes no ${other} settings.`, {
        pointer: `/${other}`,
      });
  if (creating && input[kind] === undefined)
    throw new DomainError('back_office_settings_mismatch', `A ${kind} connection needs its ${kind} settings.`, {
      pointer: `/${kind}`,
    });
}

/** How many documents the preview shows of the next batch. */
const previewRows = 10;

export function createBackOfficeConnectionsService(deps: {
  db: Db;
  clock: Clock;
  credentials: SecretBox;
  guard: OutboundGuard;
  accounting: Pick<AccountingDocumentsService, 'agencyOf'>;
  /** The mail outbox, where an email connection's test message goes. */
  mail: Pick<MailService, 'queue'>;
  /** How long an HTTPS connection's test waits for the receiver's answer. */
  httpsTimeoutMs: number;
}) {
  const { db, clock, guard } = deps;

  async function reachable(principal: Principal, id: string): Promise<repo.ConnectionRow> {
    const row = await repo.findConnection(db, id);
    if (!row) throw notFound('back-office connection');
    if (!isStaff(principal) && row.agency_id !== principal.agencyId) throw notFound('back-office connection');
    return row;
  }

  /** The save-time address check: a clear 422 now rather than failed deliveries later. */
  async function checkUrl(url: string, pointer: string): Promise<void> {
    try {
      await guard.checkUrl(url, { requireHttps: false });
    } catch (error) {
      if (error instanceof OutboundRefused)
        throw new DomainError('back_office_host_refused', error.message, { pointer });
      throw error;
    }
  }

  const checkHost = (host: string, port: number) =>
    checkUrl(`https://${host.includes(':') ? `[${host.replace(/^\[|\]$/g, '')}]` : host}:${port}/`, '/sftp/host');

  /** A new connection's settings and credentials by its kind; `secret` only for HTTPS. */
  async function settingsOf(input: ConnectionInput) {
    checkKindFields(input.kind, input, true);
    if (input.kind === 'https') {
      const settings = checkHttpsSettings({ url: input.https?.url ?? '' });
      await checkUrl(settings.url, '/https/url');
      const secret = newWebhookSecret();
      return { settings, credentials: { secret }, secret };
    }
    if (input.kind === 'email') return { settings: checkEmailSettings(input.email!), credentials: {} };
    const sftp = input.sftp!;
    const settings = checkSftpSettings({
      host: sftp.host ?? '',
      port: sftp.port ?? 22,
      username: sftp.username ?? '',
      folder: sftp.folder ?? '',
      host_key_fingerprint: sftp.host_key_fingerprint ?? '',
    });
    const credentials = checkCredentials({ password: sftp.password, private_key: sftp.private_key });
    await checkHost(settings.host, settings.port);
    return { settings, credentials };
  }

  function checkSchedule(schedule: Schedule, dailyAt: string | null): string | null {
    if (schedule !== 'daily') return null;
    if (!dailyAt) throw invalidField('/daily_at', 'A daily schedule needs daily_at (HH:MM on the agency clock).');
    return dailyAt;
  }

  function checkName(name: string): string {
    const trimmed = name.trim();
    if (!trimmed) throw invalidField('/name', 'name must not be blank.');
    return trimmed;
  }

  return {
    async list(principal: Principal, named: string | undefined, page: { page: number; perPage: number }) {
      // Staff may list every agency's; a supervisor lists their own.
      const agencyId = isStaff(principal) && !named ? null : await deps.accounting.agencyOf(principal, named);
      const { rows, total } = await repo.listConnections(db, agencyId, page);
      return { items: rows.map(connectionView), total };
    },

    async create(principal: Principal, named: string | undefined, input: ConnectionInput) {
      const agencyId = await deps.accounting.agencyOf(principal, named);
      const name = checkName(input.name);
      const dailyAt = checkSchedule(input.schedule, input.daily_at ?? null);
      const { settings, credentials, secret } = await settingsOf(input);
      const now = clock.now();
      const id = newId('boc');
      await repo.insertConnection(db, {
        id,
        agency_id: agencyId,
        name,
        kind: input.kind,
        format: input.format,
        schedule: input.schedule,
        daily_at: dailyAt,
        settings: JSON.stringify(settings),
        credentials_sealed: deps.credentials.seal(JSON.stringify(credentials)),
        enabled: input.enabled ?? true,
        delivered_through: String(input.delivered_through ?? 0),
        created_at: now,
        updated_at: now,
      });
      const view = connectionView((await repo.findConnection(db, id))!);
      // The signing secret is answered here only: keep it, it is not shown again.
      return secret ? { ...view, secret } : view;
    },

    async get(principal: Principal, id: string) {
      return connectionView(await reachable(principal, id));
    },

    async update(principal: Principal, id: string, change: ConnectionChange) {
      const row = await reachable(principal, id);
      const kind = row.kind;
      checkKindFields(kind, change, false);
      const schedule = change.schedule ?? row.schedule;
      const dailyAt = checkSchedule(
        schedule,
        change.daily_at !== undefined ? change.daily_at : schedule === 'daily' ? row.daily_at : null,
      );
      const changes: Parameters<typeof repo.updateConnection>[2] = { schedule, daily_at: dailyAt };
      if (change.name !== undefined) changes.name = checkName(change.name);
      if (change.format !== undefined) changes.format = change.format;
      if (change.enabled !== undefined) changes.enabled = change.enabled;
      if (change.https && kind === 'https') {
        const before = row.settings as HttpsSettings;
        const settings = checkHttpsSettings({ url: change.https.url ?? before.url });
        if (settings.url !== before.url) await checkUrl(settings.url, '/https/url');
        changes.settings = JSON.stringify(settings);
      }
      if (change.email && kind === 'email') changes.settings = JSON.stringify(checkEmailSettings(change.email));
      if (change.sftp && kind === 'sftp') {
        const { password, private_key, ...rest } = change.sftp;
        const before = row.settings as SftpSettings;
        const settings = checkSftpSettings({ ...before, ...rest });
        if (settings.host !== before.host || settings.port !== before.port)
          await checkHost(settings.host, settings.port);
        changes.settings = JSON.stringify(settings);
        // A new credential replaces the credentials as a whole (a key does not keep an old password).
        if (password !== undefined || private_key !== undefined)
          changes.credentials_sealed = deps.credentials.seal(
            JSON.stringify(checkCredentials({ password, private_key })),
          );
      }
      changes.updated_at = clock.now();
      const updated = await repo.updateConnection(db, row.id, changes);
      if (!updated) throw notFound('back-office connection');
      return connectionView(updated);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      const row = await reachable(principal, id);
      await repo.deleteConnection(db, row.id);
    },

    /**
     * SFTP: connect, write a probe file, remove it. HTTPS: POST a small signed probe. Email: queue a
     * probe message. A refused step is an answer in words.
     */
    async test(principal: Principal, id: string) {
      const row = await reachable(principal, id);
      const started = Date.now();
      if (row.kind === 'https') {
        const failed = await probeHttps({ credentials: deps.credentials, guard, clock }, row, deps.httpsTimeoutMs);
        return {
          ok: failed === null,
          failure: failed?.reason ?? null,
          error: failed?.message ?? null,
          duration_ms: Date.now() - started,
        };
      }
      if (row.kind === 'email') {
        await probeEmail(deps.mail, row);
        return { ok: true, failure: null, error: null, duration_ms: Date.now() - started };
      }
      try {
        await probe(guard, sftpTargetOf(row, deps.credentials));
        return { ok: true, failure: null, error: null, duration_ms: Date.now() - started };
      } catch (error) {
        if (!(error instanceof SftpFailure)) throw error;
        return { ok: false, failure: error.reason, error: error.message, duration_ms: Date.now() - started };
      }
    },

    async deliveries(principal: Principal, id: string, page: { page: number; perPage: number }) {
      const row = await reachable(principal, id);
      const { rows, total } = await repo.listDeliveries(db, { connectionId: row.id }, page);
      return { items: rows.map(deliveryView), total };
    },

    async resend(principal: Principal, id: string, deliveryId: string) {
      const row = await reachable(principal, id);
      const delivery = await repo.findDelivery(db, deliveryId);
      if (!delivery || delivery.connection_id !== row.id) throw notFound('delivery');
      await repo.requeueDelivery(db, delivery.id, clock.now());
      return deliveryView((await repo.findDelivery(db, delivery.id))!);
    },

    /** Failed batches across the caller's connections (staff: every agency's, or one). */
    async failedDeliveries(
      principal: Principal,
      filter: { agencyId?: string; from?: string; to?: string },
      page: { page: number; perPage: number },
    ) {
      if (!isStaff(principal) && filter.agencyId !== undefined && filter.agencyId !== principal.agencyId)
        return { items: [], total: 0 };
      const agencyId = isStaff(principal) ? filter.agencyId : (principal.agencyId ?? undefined);
      if (!isStaff(principal) && !agencyId) return { items: [], total: 0 };
      const { rows, total } = await repo.listDeliveries(db, { ...filter, agencyId, status: 'failed' }, page);
      return { items: rows.map(deliveryView), total };
    },

    /** `resend` by the delivery's id alone: its connection is the one it belongs to. */
    async resendById(principal: Principal, deliveryId: string) {
      const delivery = await repo.findDelivery(db, deliveryId);
      if (!delivery) throw notFound('delivery');
      await reachable(principal, delivery.connection_id).catch((error: unknown) => {
        throw error instanceof DomainError && error.code === 'not_found' ? notFound('delivery') : error;
      });
      await repo.requeueDelivery(db, delivery.id, clock.now());
      return deliveryView((await repo.findDelivery(db, delivery.id))!);
    },

    async backfill(
      principal: Principal,
      id: string,
      range: { after_sequence?: number; through_sequence?: number; date_from?: string; date_to?: string },
    ) {
      const row = await reachable(principal, id);
      const bySequence = range.after_sequence !== undefined || range.through_sequence !== undefined;
      const byDate = range.date_from !== undefined || range.date_to !== undefined;
      if (bySequence && byDate) throw invalidField('/date_from', 'Give a sequence range or a date range, not both.');
      if (
        range.after_sequence !== undefined &&
        range.through_sequence !== undefined &&
        range.through_sequence <= range.after_sequence
      )
        throw invalidField('/through_sequence', 'through_sequence must be after after_sequence.');
      if (range.date_from && range.date_to && range.date_from > range.date_to)
        throw invalidField('/date_from', 'date_from must not be after date_to.');
      const batch = await backfill({ db, clock }, row, {
        afterSequence: range.after_sequence,
        throughSequence: range.through_sequence,
        from: range.date_from,
        to: range.date_to,
      });
      return deliveryView(batch);
    },

    /** What the next scheduled batch would hold if it were cut now: its range and first documents. */
    async preview(principal: Principal, id: string) {
      const row = await reachable(principal, id);
      const first = Number(row.delivered_through) + 1;
      const last = await lastSequence(db, row.agency_id);
      const documents =
        last >= first
          ? await listAccountingDocuments(
              db,
              { agencyId: row.agency_id, afterSequence: first - 1, throughSequence: last },
              previewRows,
            )
          : [];
      return {
        first_sequence: first,
        last_sequence: last,
        rows: Math.max(0, last - first + 1),
        documents: documents.map(documentOf),
      };
    },
  };
}

export type BackOfficeConnectionsService = ReturnType<typeof createBackOfficeConnectionsService>;
