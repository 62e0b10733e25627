// Which partner's rows a caller may reach. Staff reach all; a supervisor only their own partner;
// everyone else nothing. Out of reach is `not_found`, never `forbidden`, so ids of other partners leak
// nothing.
import { DomainError, notFound } from '../errors.js';
import { isStaff, type Principal } from '../principal.js';

export function reaches(principal: Principal, agencyId: string | null): boolean {
  if (isStaff(principal)) return true;
  return principal.userType === 'Supervisor' && agencyId !== null && principal.agencyId === agencyId;
}

export function mustReach(principal: Principal, agencyId: string | null, what: string): void {
  if (!reaches(principal, agencyId)) throw notFound(what);
}

/** The partner a list is limited to: what staff asked for, or the supervisor's own. */
export function agencyFilter(principal: Principal, asked: string | undefined): string | undefined {
  if (isStaff(principal)) return asked;
  if (principal.userType !== 'Supervisor' || !principal.agencyId) throw new DomainError('forbidden');
  if (asked !== undefined && asked !== principal.agencyId) throw notFound('partner');
  return principal.agencyId;
}

export function mustBeStaff(principal: Principal, detail: string): void {
  if (!isStaff(principal)) throw new DomainError('forbidden', detail);
}
