// The signed-in account: who it is, its company and agency, and the few things it changes itself.
import type { Db } from '../../db/database.js';
import { findAccountDetails, updateAccount, type AccountDetailsRow } from '../../db/accounts.repository.js';
import { notFound } from '../errors.js';
import type { Principal, UserType } from '../principal.js';

export type Locale = 'en' | 'ua' | 'pl';

export interface AccountDetails {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  userType: UserType;
  language: Locale;
  company: { id: string; name: string; balance: { amount: string; currency: string } } | null;
  agency: { id: string; name: string } | null;
}

export interface AccountsService {
  details(principal: Principal): Promise<AccountDetails>;
  updateDetails(principal: Principal, changes: { firstName?: string; lastName?: string }): Promise<AccountDetails>;
  updateLocale(principal: Principal, language: Locale): Promise<AccountDetails>;
}

export function createAccountsService(deps: { db: Db }): AccountsService {
  const { db } = deps;

  async function details(principal: Principal): Promise<AccountDetails> {
    const row = await findAccountDetails(db, principal.accountId);
    if (!row) throw notFound('account');
    return toDetails(row);
  }

  return {
    details,
    async updateDetails(principal, changes) {
      await updateAccount(db, principal.accountId, { first_name: changes.firstName, last_name: changes.lastName });
      return details(principal);
    },
    async updateLocale(principal, language) {
      await updateAccount(db, principal.accountId, { language });
      return details(principal);
    },
  };
}

function toDetails(row: AccountDetailsRow): AccountDetails {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    userType: row.user_type,
    language: row.language,
    company:
      row.company_id && row.company_name
        ? {
            id: row.company_id,
            name: row.company_name,
            balance: { amount: row.balance_amount ?? '0.00', currency: row.balance_currency ?? 'EUR' },
          }
        : null,
    agency: row.agency_id && row.agency_name ? { id: row.agency_id, name: row.agency_name } : null,
  };
}
