// The caller's sales scope, which is also the bookings visibility, decided once per request from the
// principal. A user's own visibility (set by the agency's supervisors) wins; without one, a
// supervisor sees the agency's and an agent their own, or the company's when it shares bookings
// (the company's switch is the default). Company visibility for someone without a company is their own.
import { findCompanyFacts } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import { isStaff, type Principal } from '../principal.js';
import type { SalesScope } from './sales-document.js';

export async function salesScopeOf(db: Db, principal: Principal): Promise<SalesScope> {
  if (isStaff(principal)) return { kind: 'all' };
  const own: SalesScope = { kind: 'agent', id: principal.accountId };
  switch (principal.bookingVisibility) {
    case 'agency':
      return principal.agencyId ? { kind: 'agency', id: principal.agencyId } : own;
    case 'company':
      return principal.companyId ? { kind: 'company', id: principal.companyId } : own;
    case 'own':
      return own;
  }
  if (principal.userType === 'Supervisor' && principal.agencyId) return { kind: 'agency', id: principal.agencyId };
  if (principal.userType === 'Agent' && principal.companyId) {
    const company = await findCompanyFacts(db, principal.companyId);
    if (company?.shared_bookings) return { kind: 'company', id: principal.companyId };
  }
  return own;
}
