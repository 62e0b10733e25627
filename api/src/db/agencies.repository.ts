// Partners with their derived supervisor count and transaction fees.
import { sql } from 'kysely';
import { callerSuspended } from './agency-users.repository.js';
import { compiledOnce } from './compiled-once.js';
import type { Db } from './database.js';
import type { AgenciesTable, FeeKind } from './schema.js';
import type { Insertable, Updateable } from 'kysely';

export interface AgencyRow {
  id: string;
  name: string;
  status: string;
  production_api_on: boolean;
  corporate_number_on: boolean;
  ghost_segments_remarks_on: boolean;
  ticketing_active: boolean;
  created_at: Date;
  archived_at: Date | null;
  supervisors_count: number;
}

export interface FeeRow {
  id: string;
  agency_id: string;
  kind: FeeKind;
  amount: string;
  currency: string;
  updated_at: Date;
}

export interface AgencyFilter {
  id?: string;
  gate?: 'open' | 'closed';
  status?: string;
  q?: string;
}

function agencies(db: Db, f: AgencyFilter) {
  let base = db.selectFrom('agencies as a');
  if (f.id) base = base.where('a.id', '=', f.id);
  if (f.gate) base = base.where('a.ticketing_active', '=', f.gate === 'open');
  // Archived partners leave the lists unless asked for by status.
  if (f.status) base = base.where('a.status', '=', f.status);
  else if (!f.id) base = base.where('a.status', '<>', 'archived');
  if (f.q) base = base.where('a.name', 'ilike', `%${f.q.replace(/[\\%_]/g, '\\$&')}%`);
  return base;
}

export async function findAgencies(
  db: Db,
  f: AgencyFilter,
  page = { page: 1, perPage: 1 },
): Promise<{ rows: AgencyRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    agencies(db, f)
      .selectAll('a')
      .select(
        sql<number>`(SELECT count(*)::int FROM accounts s WHERE s.agency_id = a.id AND s.user_type = 'Supervisor')`.as(
          'supervisors_count',
        ),
      )
      .orderBy('a.name')
      .orderBy('a.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    agencies(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows, total: Number(count.n) };
}

export async function lockAgency(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('agencies').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined
  );
}

export async function insertAgency(db: Db, row: Insertable<AgenciesTable>): Promise<void> {
  await db.insertInto('agencies').values(row).execute();
}

export async function updateAgency(db: Db, id: string, changes: Updateable<AgenciesTable>): Promise<void> {
  await db.updateTable('agencies').set(changes).where('id', '=', id).execute();
}

export async function feesOf(db: Db, agencyIds: string[]): Promise<FeeRow[]> {
  if (agencyIds.length === 0) return [];
  return db
    .selectFrom('agency_transaction_fees')
    .selectAll()
    .where('agency_id', 'in', agencyIds)
    .orderBy('agency_id')
    .orderBy('kind')
    .execute();
}

export async function findFees(
  db: Db,
  f: { id?: string; agencyId?: string },
  page = { page: 1, perPage: 100 },
): Promise<{ rows: FeeRow[]; total: number }> {
  let base = db.selectFrom('agency_transaction_fees');
  if (f.id) base = base.where('id', '=', f.id);
  if (f.agencyId) base = base.where('agency_id', '=', f.agencyId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('agency_id')
      .orderBy('kind')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows, total: Number(count.n) };
}

export async function setFee(db: Db, id: string, amount: string, currency: string, at: Date): Promise<void> {
  await db
    .updateTable('agency_transaction_fees')
    .set({ amount, currency, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * The few facts other services check before touching a partner: that it exists, whether it is
 * archived, its name, and whether it may have live API tokens. Undefined when there is no such partner.
 */
export function findAgencyFacts(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; status: string; production_api_on: boolean } | undefined> {
  return db
    .selectFrom('agencies')
    .select(['id', 'name', 'status', 'production_api_on'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The agency's switches that add to an airline order (corporate number, ghost segment remarks), and
 * whether the caller `callerId` is suspended (or gone), so a booking's create reads its write's
 * suspension check in the same round trip (null: a caller no suspension applies to, false).
 */
// Read on every booking's create.
const orderSwitches = compiledOnce((db: Db, agencyId: string, callerId: string | null) =>
  db
    .selectFrom('agencies')
    .select(['corporate_number_on', 'ghost_segments_remarks_on', callerSuspended(callerId).as('caller_suspended')])
    .where('id', '=', agencyId),
);

export interface OrderSwitches {
  corporate_number_on: boolean;
  ghost_segments_remarks_on: boolean;
  caller_suspended: boolean;
}

export async function findOrderSwitches(
  db: Db,
  agencyId: string,
  callerId: string | null,
): Promise<OrderSwitches | undefined> {
  const [row] = await orderSwitches(db, agencyId, callerId);
  return row;
}

/** An agency's logo, if it has one. */
export function findAgencyLogo(
  db: Db,
  agencyId: string,
): Promise<{ content_type: string; content: Buffer; updated_at: Date } | undefined> {
  return db
    .selectFrom('agency_logos')
    .select(['content_type', 'content', 'updated_at'])
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
}

export async function upsertAgencyLogo(
  db: Db,
  row: { agency_id: string; content_type: 'image/png' | 'image/jpeg'; content: Buffer; updated_at: Date },
): Promise<void> {
  await db
    .insertInto('agency_logos')
    .values(row)
    .onConflict((oc) =>
      oc.column('agency_id').doUpdateSet({
        content_type: row.content_type,
        content: row.content,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteAgencyLogo(db: Db, agencyId: string): Promise<void> {
  await db.deleteFrom('agency_logos').where('agency_id', '=', agencyId).execute();
}
