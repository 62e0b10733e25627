// What sign-in needs of an account, found by its email or phone.
import type { Db } from './database.js';

export interface CredentialsRow {
  id: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  auth_method: 'otp' | 'password';
  language: 'en' | 'ua' | 'pl';
}

export function findByIdentity(
  db: Db,
  identity: { email?: string; phone?: string },
): Promise<CredentialsRow | undefined> {
  let query = db.selectFrom('accounts').select(['id', 'email', 'phone', 'password_hash', 'auth_method', 'language']);
  query =
    identity.email !== undefined
      ? query.where('email', '=', identity.email)
      : query.where('phone', '=', identity.phone ?? '');
  return query.executeTakeFirst();
}
