// A company's markups, as shopping applies them.
import { compiledOnce } from './compiled-once.js';
import type { Db } from './database.js';

/** Read on every search and offer's details. */
export const listCompanyMarkups = compiledOnce((db: Db, companyId: string) =>
  db
    .selectFrom('markups')
    .select(['carrier', 'cabin', 'kind', 'value', 'currency'])
    .where('company_id', '=', companyId),
);
