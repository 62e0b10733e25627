// Demo requests from the airlines page: stored for the sales team, who are mailed at once through
// the outbox (the page promises contact within the day).
import type { Db } from '../../db/database.js';
import * as repo from '../../db/demo-requests.repository.js';
import { newId } from '../ids.js';
import type { MailService } from '../mail/mail.service.js';

export type MarketingLanguage = 'en' | 'fr' | 'es' | 'ua' | 'pl';

export interface DemoRequest {
  id: string;
  email: string;
  language: MarketingLanguage;
  createdAt: Date;
}

export interface DemoRequestsService {
  create(request: { email: string; language: MarketingLanguage }): Promise<DemoRequest>;
  list(query: { page: number; perPage: number }): Promise<{ items: DemoRequest[]; total: number }>;
}

export function createDemoRequestsService(deps: {
  db: Db;
  mail: MailService;
  salesInbox: string;
}): DemoRequestsService {
  return {
    async create(request) {
      const row = await repo.insertDemoRequest(deps.db, { id: newId('dmr'), ...request });
      await deps.mail.queue({
        channel: 'email',
        to: deps.salesInbox,
        subject: `Demo request from ${row.email}`,
        body: [
          `${row.email} asked for a demo on the airlines page (language: ${row.language}).`,
          'The page promises contact within the day.',
          `Request ${row.id}, received ${row.created_at.toISOString()}.`,
        ].join('\n'),
      });
      return toDemoRequest(row);
    },
    async list(query) {
      const { rows, total } = await repo.listDemoRequests(deps.db, query);
      return { items: rows.map(toDemoRequest), total };
    },
  };
}

function toDemoRequest(row: repo.DemoRequestRow): DemoRequest {
  return { id: row.id, email: row.email, language: row.language, createdAt: row.created_at };
}
