// Supervisors, agents and support users: accounts seen from the back office.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './database.js';
import type { AccountsTable } from './schema.js';

export interface PersonRow {
  id: string;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
  agency_id: string | null;
  company_id: string | null;
  created_at: Date;
}

const columns = [
  'id',
  'email',
  'phone',
  'first_name',
  'last_name',
  'user_type',
  'agency_id',
  'company_id',
  'created_at',
] as const;

export interface PeopleFilter {
  id?: string;
  userType: PersonRow['user_type'];
  agencyId?: string;
}

export async function findPeople(
  db: Db,
  f: PeopleFilter,
  page = { page: 1, perPage: 1 },
): Promise<{ rows: PersonRow[]; total: number }> {
  let base = db.selectFrom('accounts').where('user_type', '=', f.userType);
  if (f.id) base = base.where('id', '=', f.id);
  if (f.agencyId) base = base.where('agency_id', '=', f.agencyId);
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy('last_name')
      .orderBy('id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows, total: Number(count.n) };
}

export async function findPerson(db: Db, id: string): Promise<PersonRow | undefined> {
  return await db.selectFrom('accounts').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function insertPerson(db: Db, row: Insertable<AccountsTable>): Promise<void> {
  await db.insertInto('accounts').values(row).execute();
}

export async function updatePerson(db: Db, id: string, changes: Updateable<AccountsTable>): Promise<void> {
  await db.updateTable('accounts').set(changes).where('id', '=', id).execute();
}

/** Removes an account; its tokens, sessions and codes go with it (ON DELETE CASCADE). */
export async function deletePerson(db: Db, id: string): Promise<void> {
  await db.deleteFrom('accounts').where('id', '=', id).execute();
}
