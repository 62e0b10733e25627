// Airlines ask for a presentation of the API from the landing page (product spec §3, §5, §7). The
// request is kept exactly as sent — the email unvalidated, even empty — and the sales inbox is
// mailed through the outbox. The form is public, so each client address may send only a few an
// hour: every request writes a row and a mail.
import type { Db } from '../../db/database.js';
import * as requests from '../../db/presentation-requests.repository.js';
import type { LimitStore } from '../auth/sign-in-limiter.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { newId } from '../ids.js';
import type { MailService } from '../mail/mail.service.js';

export type PresentationLanguage = 'en' | 'fr' | 'es' | 'ua' | 'pl';

export interface PresentationRequest {
  id: string;
  language: PresentationLanguage;
  email: string;
  type: 'api';
  createdAt: Date;
}

export interface PresentationRequestsService {
  send(
    request: { language: PresentationLanguage; email: string; type: 'api' },
    clientIp: string,
  ): Promise<PresentationRequest>;
  list(page: { page: number; perPage: number }): Promise<{ items: PresentationRequest[]; total: number }>;
}

export const presentationLimit = { perWindow: 10, windowMs: 60 * 60_000 };

const languageNames: Record<PresentationLanguage, string> = {
  en: 'English',
  fr: 'French',
  es: 'Spanish',
  ua: 'Ukrainian',
  pl: 'Polish',
};

/** The sales mail. An empty email is said plainly in the subject: there is no one to answer. */
export function salesMail(request: PresentationRequest): { subject: string; body: string } {
  const email = request.email.trim() === '' ? null : request.email;
  return {
    subject: email
      ? `API presentation requested by ${email}`
      : 'API presentation requested (no email given: nobody to answer)',
    body: [
      'An airline asked for a presentation of the Contrail API on the neo-flights landing page.',
      '',
      `Email as typed: ${email ?? '(left empty)'}`,
      `Language of the page: ${languageNames[request.language]} (${request.language})`,
      `Request: ${request.id}, received ${request.createdAt.toISOString()}`,
      '',
      email
        ? 'The page promised them contact during the day.'
        : 'The visitor left the email field empty, so there is no address to reply to.',
    ].join('\n'),
  };
}

export function createPresentationRequestsService(deps: {
  db: Db;
  clock: Clock;
  mail: MailService;
  limits: LimitStore;
  salesInbox: string;
}): PresentationRequestsService {
  const { db, clock, mail, limits } = deps;

  return {
    async send(input, clientIp) {
      const now = clock.now();
      const sent = await limits.countFailure(`presentation:ip:${clientIp}`, now, presentationLimit.windowMs);
      if (sent > presentationLimit.perWindow) {
        throw new DomainError(
          'rate_limited',
          'Too many presentation requests from this address; try again later.',
          undefined,
          3600,
        );
      }
      const row = await requests.insertPresentationRequest(db, {
        id: newId('prq'),
        language: input.language,
        email: input.email,
        type: input.type,
        created_at: now,
      });
      const request = toRequest(row);
      const message = await mail.queue({ channel: 'email', to: deps.salesInbox, ...salesMail(request) });
      await requests.linkMailMessage(db, row.id, message.id);
      return request;
    },
    async list(page) {
      const { rows, total } = await requests.listPresentationRequests(db, page);
      return { items: rows.map(toRequest), total };
    },
  };
}

function toRequest(row: requests.PresentationRequestRow): PresentationRequest {
  return { id: row.id, language: row.language, email: row.email, type: row.type, createdAt: row.created_at };
}
