// Console sessions: a random token in an HttpOnly cookie, stored only as its hash; a CSRF token the
// console sends back on every call; an idle and an absolute expiry.
import { createHash, randomBytes } from 'node:crypto';
import { insertSession, revokeSession } from '../../db/sessions.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';

export const sessionPolicy = {
  /** A session unused this long ends. */
  idleMs: 8 * 3600_000,
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: 7 * 24 * 3600_000,
};

export function sessionIdOf(cookieToken: string): string {
  return createHash('sha256').update(cookieToken).digest('hex');
}

export interface OpenedSession {
  cookieToken: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function openSession(db: Db, clock: Clock, accountId: string): Promise<OpenedSession> {
  const cookieToken = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + sessionPolicy.absoluteMs);
  await insertSession(db, {
    id: sessionIdOf(cookieToken),
    account_id: accountId,
    csrf_token: csrfToken,
    absolute_expires_at: expiresAt,
    created_at: now,
  });
  return { cookieToken, csrfToken, expiresAt };
}

export async function closeSession(db: Db, clock: Clock, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, clock.now());
}
