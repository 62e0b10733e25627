// How companies belong to partners (join requests) and agents to companies (relationships).
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './database.js';
import type { JoinAgencyRequestsTable } from './schema.js';

export interface JoinRequestRow {
  id: string;
  company_id: string;
  company_name: string;
  agency_id: string;
  agency_name: string;
  status: 'pending' | 'accepted';
  requested_by: string;
  answered_by: string | null;
  created_at: Date;
  answered_at: Date | null;
}

export async function findJoinRequests(
  db: Db,
  f: { id?: string; status?: 'pending' | 'accepted'; agencyId?: string; companyId?: string },
  page = { page: 1, perPage: 1 },
): Promise<{ rows: JoinRequestRow[]; total: number }> {
  let base = db
    .selectFrom('join_agency_requests as j')
    .innerJoin('companies as c', 'c.id', 'j.company_id')
    .innerJoin('agencies as a', 'a.id', 'j.agency_id');
  if (f.id) base = base.where('j.id', '=', f.id);
  if (f.status) base = base.where('j.status', '=', f.status);
  if (f.agencyId) base = base.where('j.agency_id', '=', f.agencyId);
  if (f.companyId) base = base.where('j.company_id', '=', f.companyId);
  const [rows, count] = await Promise.all([
    base
      .selectAll('j')
      .select(['c.name as company_name', 'a.name as agency_name'])
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Locks a request row, then reads it with its names. */
export async function lockJoinRequest(db: Db, id: string): Promise<JoinRequestRow | undefined> {
  const locked = await db
    .selectFrom('join_agency_requests')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return locked ? (await findJoinRequests(db, { id })).rows[0] : undefined;
}

export async function insertJoinRequest(db: Db, row: Insertable<JoinAgencyRequestsTable>): Promise<void> {
  await db.insertInto('join_agency_requests').values(row).execute();
}

export async function updateJoinRequest(db: Db, id: string, changes: Updateable<JoinAgencyRequestsTable>) {
  await db.updateTable('join_agency_requests').set(changes).where('id', '=', id).execute();
}

export async function deleteJoinRequest(db: Db, id: string): Promise<void> {
  await db.deleteFrom('join_agency_requests').where('id', '=', id).execute();
}

/** Connects a company to a partner (or disconnects it, with null); its agents follow it. */
export async function connectCompany(db: Db, companyId: string, agencyId: string | null): Promise<string[]> {
  await db.updateTable('companies').set({ agency_id: agencyId }).where('id', '=', companyId).execute();
  const agents = await db
    .updateTable('accounts')
    .set({ agency_id: agencyId, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('user_type', '=', 'Agent')
    .returning('id')
    .execute();
  return agents.map((a) => a.id);
}

export interface RelationshipRow {
  id: string;
  company_id: string;
  account_id: string;
  created_at: Date;
  agency_id: string | null;
}

export async function findRelationships(
  db: Db,
  f: { id?: string; companyId?: string; agencyId?: string; accountId?: string },
  page = { page: 1, perPage: 1 },
): Promise<{ rows: RelationshipRow[]; total: number }> {
  let base = db.selectFrom('agent_company_relationships as r').innerJoin('companies as c', 'c.id', 'r.company_id');
  if (f.id) base = base.where('r.id', '=', f.id);
  if (f.companyId) base = base.where('r.company_id', '=', f.companyId);
  if (f.agencyId) base = base.where('c.agency_id', '=', f.agencyId);
  if (f.accountId) base = base.where('r.account_id', '=', f.accountId);
  const [rows, count] = await Promise.all([
    base
      .select(['r.id', 'r.company_id', 'r.account_id', 'r.created_at', 'c.agency_id'])
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertRelationship(
  db: Db,
  row: { id: string; account_id: string; company_id: string; created_at: Date },
) {
  await db.insertInto('agent_company_relationships').values(row).execute();
}

export async function deleteRelationship(db: Db, id: string): Promise<void> {
  await db.deleteFrom('agent_company_relationships').where('id', '=', id).execute();
}
