// A company's markups, as shopping applies them.
import type { Db } from './database.js';

export function listCompanyMarkups(db: Db, companyId: string) {
  return db
    .selectFrom('markups')
    .select(['carrier', 'cabin', 'kind', 'value', 'currency'])
    .where('company_id', '=', companyId)
    .execute();
}
