// The caller's sales scope, decided once per request from the principal (and, for an agent, whether
// the company shares bookings).
import { findCompanyFacts } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import { isStaff, type Principal } from '../principal.js';
import type { SalesScope } from './sales-document.js';

export async function salesScopeOf(db: Db, principal: Principal): Promise<SalesScope> {
  if (isStaff(principal)) return { kind: 'all' };
  if (principal.userType === 'Supervisor' && principal.agencyId) return { kind: 'agency', id: principal.agencyId };
  if (principal.userType === 'Agent' && principal.companyId) {
    const company = await findCompanyFacts(db, principal.companyId);
    if (company?.shared_bookings) return { kind: 'company', id: principal.companyId };
  }
  return { kind: 'agent', id: principal.accountId };
}
