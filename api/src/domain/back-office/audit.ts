// Every back-office change goes through here: actor, action, what changed, before and after,
// written with the change in one database transaction so the log cannot miss or invent one.
import type { Db } from '../../db/database.js';
import { insertAuditEntry, listAuditEntries, type AuditQuery } from '../../db/audit-log.repository.js';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';

export interface Change {
  action: string;
  entityType: string;
  entityId: string;
  agencyId: string | null;
  before: object | null;
  after: object | null;
}

export type RecordChange = (trx: Db, principal: Principal, change: Change) => Promise<void>;

export function auditRecorder(clock: Clock): RecordChange {
  return (trx, principal, change) =>
    insertAuditEntry(trx, {
      id: newId('aud'),
      actor_account_id: principal.accountId,
      actor_user_type: principal.userType,
      action: change.action,
      entity_type: change.entityType,
      entity_id: change.entityId,
      agency_id: change.agencyId,
      before: change.before,
      after: change.after,
      assistant_plan_id: principal.assistant?.planId ?? null,
      assistant_question: principal.assistant?.question ?? null,
      created_at: clock.now(),
    });
}

export async function auditEntriesWithPlans(db: Db, query: AuditQuery) {
  return listAuditEntries(db, query);
}

export async function auditEntries(db: Db, query: AuditQuery) {
  const { rows, total } = await listAuditEntries(db, query);
  return {
    total,
    items: rows.map(({ assistant_plan_id: planId, assistant_question: question, ...r }) => ({
      ...r,
      via_assistant: planId ? { plan_id: planId, question: question ?? '' } : null,
      before: (r.before ?? null) as Record<string, unknown> | null,
      after: (r.after ?? null) as Record<string, unknown> | null,
      created_at: r.created_at.toISOString(),
    })),
  };
}
