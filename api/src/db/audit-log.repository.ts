// The audit log: appended in the transaction of the change it records, read newest first.
import type { Db } from './database.js';

export interface AuditRow {
  id: string;
  actor_account_id: string;
  actor_user_type: string;
  action: string;
  entity_type: string;
  entity_id: string;
  agency_id: string | null;
  before: unknown;
  after: unknown;
  /** The assistant's plan (and its question) the change was made through, if any. */
  assistant_plan_id?: string | null;
  assistant_question?: string | null;
  created_at: Date;
}

export async function insertAuditEntry(db: Db, row: Omit<AuditRow, 'created_at'> & { created_at: Date }) {
  await db
    .insertInto('audit_log')
    .values({ ...row, before: JSON.stringify(row.before ?? null), after: JSON.stringify(row.after ?? null) })
    .execute();
}

export interface AuditQuery {
  entityType?: string;
  entityId?: string;
  agencyId?: string;
  actorAccountId?: string;
  page: number;
  perPage: number;
}

export async function listAuditEntries(db: Db, q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  let base = db.selectFrom('audit_log');
  if (q.entityType) base = base.where('entity_type', '=', q.entityType);
  if (q.entityId) base = base.where('entity_id', '=', q.entityId);
  if (q.agencyId) base = base.where('agency_id', '=', q.agencyId);
  if (q.actorAccountId) base = base.where('actor_account_id', '=', q.actorAccountId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows, total: Number(count.n) };
}
