// A suspended user of an agency writes nothing, whichever principal was cached for their token or
// session: every write reads the account's suspension as it is now. The HTTP guard reads it before
// the handler, unless the operation's own first read answers it (`checksSuspension` in the
// permission matrix), which then refuses here, before the operation changes anything.
import { DomainError } from '../errors.js';
import type { Principal } from '../principal.js';

/** The account whose suspension a write by `principal` must check; null when none (staff). */
export const suspendableAccount = (principal: Principal): string | null =>
  principal.agencyId ? principal.accountId : null;

export const suspendedRefusal = (): DomainError => new DomainError('unauthenticated', 'This account is suspended.');
