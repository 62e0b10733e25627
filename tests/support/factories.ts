// Small factories for what tests need beyond the demo tenancy: another agency with its company,
// and accounts in any role, state and sign-in method, each with a sandbox API token.
import type { Db } from '../../api/src/db/database.js';
import { generateToken } from '../../api/src/domain/auth/api-tokens.js';
import { hashPassword } from '../../api/src/domain/auth/passwords.js';
import { currentLegalVersions } from '../../api/src/domain/accounts/legal.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { newId } from '../../api/src/domain/ids.js';
import { postOpeningBalances } from '../../api/src/db/companies.repository.js';
import { seedSandboxAgencyChannels } from '../../api/src/scripts/seed-channels.js';
import { testSecretKey } from './services.js';
import type { UserType } from '../../api/src/domain/principal.js';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface TestTenant {
  agencyId: string;
  companyId: string;
}

export async function createTenant(db: Db, name = `Agency ${unique()}`): Promise<TestTenant> {
  const agencyId = newId('agy');
  const companyId = newId('cmp');
  await db.insertInto('agencies').values({ id: agencyId, name, status: 'active' }).execute();
  await db
    .insertInto('companies')
    .values({
      id: companyId,
      agency_id: agencyId,
      name: `${name} branch`,
      balance_currency: 'EUR',
    })
    .execute();
  // The opening balance is a ledger entry, as for every company (balance = sum of its entries).
  await postOpeningBalances(db, {
    companyIds: [companyId],
    amount: '1000.00',
    actorAccountId: 'system',
    at: new Date(),
  });
  // Like the demo agency, a new one gets a sandbox channel per airline so it can search at once.
  await seedSandboxAgencyChannels(db, agencyId, createSecretBox(testSecretKey, 'channel-credential'));
  return { agencyId, companyId };
}

export interface TestAccount {
  id: string;
  email: string;
  phone: string;
  password: string;
  token: string;
  userType: UserType;
}

export async function createAccount(
  db: Db,
  options: {
    userType?: UserType;
    tenant?: TestTenant;
    authMethod?: 'otp' | 'password';
    onboarding?: 'initial' | 'privacy' | 'complete';
    email?: string;
    /** An agent's own permission set (agency-permissions.ts); absent: the role's preset. */
    agencyPermissions?: readonly string[];
    bookingVisibility?: 'own' | 'company' | 'agency';
  } = {},
): Promise<TestAccount> {
  const userType = options.userType ?? 'Agent';
  const staff = userType === 'Admin' || userType === 'Support';
  const id = newId('acc');
  const suffix = unique();
  const email = options.email ?? `${userType.toLowerCase()}-${suffix}@example.com`;
  const phone = `+48${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const password = `secret-${suffix}`;
  const complete = (options.onboarding ?? 'complete') === 'complete';
  await db
    .insertInto('accounts')
    .values({
      id,
      email,
      phone,
      first_name: 'Test',
      last_name: userType,
      user_type: userType,
      password_hash: await hashPassword(password),
      auth_method: options.authMethod ?? 'password',
      onboarding_state: options.onboarding ?? 'complete',
      terms_version: complete ? currentLegalVersions.terms : null,
      privacy_version: complete ? currentLegalVersions.privacy : null,
      terms_accepted_at: complete ? new Date() : null,
      agency_id: staff ? null : (options.tenant?.agencyId ?? null),
      company_id: userType === 'Agent' ? (options.tenant?.companyId ?? null) : null,
      agency_permissions: options.agencyPermissions ? [...options.agencyPermissions] : null,
      booking_visibility: options.bookingVisibility ?? null,
    })
    .execute();
  const token = generateToken('test');
  await db
    .insertInto('api_tokens')
    .values({
      id: newId('tok'),
      account_id: id,
      prefix: token.prefix,
      token_hash: token.hash,
      mode: 'test',
      name: 'test',
    })
    .execute();
  return { id, email, phone, password, token: token.token, userType };
}

/** A live API token for an account (its agency must have the production API on to use it for bookings). */
export async function createLiveToken(db: Db, accountId: string): Promise<string> {
  const token = generateToken('live');
  await db
    .insertInto('api_tokens')
    .values({
      id: newId('tok'),
      account_id: accountId,
      prefix: token.prefix,
      token_hash: token.hash,
      mode: 'live',
      name: 'live',
    })
    .execute();
  return token.token;
}
