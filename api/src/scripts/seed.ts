// `npm run db:seed`: the demo tenancy: one agency, one company, one account per role, each with
// a sandbox API token. Safe to run again: rows are upserted by their fixed ids.
import { postOpeningBalances } from '../db/companies.repository.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { currentLegalVersions } from '../domain/accounts/legal.js';
import { createSecretBox } from '../domain/crypto/secret-box.js';
import { hashToken } from '../domain/auth/api-tokens.js';
import { hashPassword } from '../domain/auth/passwords.js';
import type { UserType } from '../domain/principal.js';
import { createDb, type Db } from '../db/database.js';
import { seedSandboxAgencyChannels, seedSourceChannels } from './seed-channels.js';

export const demoPassword = 'contrail-demo';

export interface DemoAccount {
  id: string;
  email: string;
  userType: UserType;
  /** A sandbox-only token, fixed so the demo can print it each time. Never used outside the demo. */
  token: string;
}

export const demoAgency = { id: 'agy_demo', name: 'Demo Travel' };
export const demoCompany = { id: 'cmp_demo', name: 'Demo Travel Kyiv', agencyId: demoAgency.id };

const roles: { userType: UserType; first: string; last: string; staff: boolean }[] = [
  { userType: 'Admin', first: 'Ada', last: 'Admin', staff: true },
  { userType: 'Support', first: 'Sam', last: 'Support', staff: true },
  { userType: 'Supervisor', first: 'Olena', last: 'Supervisor', staff: false },
  { userType: 'Agent', first: 'Piotr', last: 'Agent', staff: false },
];

export const demoAccounts: DemoAccount[] = roles.map(({ userType }) => ({
  id: `acc_demo_${userType.toLowerCase()}`,
  email: `${userType.toLowerCase()}@contrail.test`,
  userType,
  token: `ctr_test_demo${userType.toLowerCase()}`.padEnd(41, '0'),
}));

/** `secretKey` must be the API's SECRET_KEY: channel credentials are sealed under it. */
export async function seed(db: Db, secretKey: string): Promise<DemoAccount[]> {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('agencies')
      .values({ id: demoAgency.id, name: demoAgency.name, status: 'active', demo: true })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name: demoAgency.name, demo: true }))
      .execute();
    await trx
      .insertInto('companies')
      .values({
        id: demoCompany.id,
        agency_id: demoAgency.id,
        name: demoCompany.name,
        balance_currency: 'EUR',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // The opening 10,000 is a ledger entry like every other balance change (never a set column).
    await postOpeningBalances(trx, {
      companyIds: [demoCompany.id],
      amount: '10000.00',
      actorAccountId: demoAccounts.find((a) => a.userType === 'Admin')!.id,
      at: new Date(),
    });
    await seedSourceChannels(trx);
    await seedSandboxAgencyChannels(trx, demoAgency.id, createSecretBox(secretKey, 'channel-credential'));
    for (const [i, role] of roles.entries()) {
      const account = demoAccounts[i]!;
      await trx
        .insertInto('accounts')
        .values({
          id: account.id,
          email: account.email,
          phone: `+38050000000${i}`,
          first_name: role.first,
          last_name: role.last,
          user_type: role.userType,
          password_hash: passwordHash,
          auth_method: 'password',
          onboarding_state: 'complete',
          terms_version: currentLegalVersions.terms,
          privacy_version: currentLegalVersions.privacy,
          terms_accepted_at: new Date(),
          agency_id: role.staff ? null : demoAgency.id,
          company_id: role.userType === 'Agent' ? demoCompany.id : null,
          demo: true,
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            password_hash: eb.ref('excluded.password_hash'),
            auth_method: eb.ref('excluded.auth_method'),
            onboarding_state: eb.ref('excluded.onboarding_state'),
            terms_version: eb.ref('excluded.terms_version'),
            privacy_version: eb.ref('excluded.privacy_version'),
            terms_accepted_at: eb.ref('excluded.terms_accepted_at'),
            // A run of an older seed left these unset: every demo person belongs where the demo says.
            agency_id: eb.ref('excluded.agency_id'),
            company_id: eb.ref('excluded.company_id'),
            demo: true,
          })),
        )
        .execute();
      await trx
        .insertInto('api_tokens')
        .values({
          id: `tok_demo_${role.userType.toLowerCase()}`,
          account_id: account.id,
          prefix: account.token.slice(0, 13),
          token_hash: hashToken(account.token),
          mode: 'test',
        })
        .onConflict((oc) => oc.column('id').doUpdateSet({ revoked_at: null }))
        .execute();
      // The demo agent works for the demo company: the link the agency screen lists agents by.
      if (role.userType === 'Agent')
        await trx
          .insertInto('agent_company_relationships')
          .values({ id: `acr_demo_${role.userType.toLowerCase()}`, account_id: account.id, company_id: demoCompany.id })
          .onConflict((oc) => oc.columns(['account_id', 'company_id']).doNothing())
          .execute();
    }
  });
  return demoAccounts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const config = loadConfig();
  const db = createDb(config.DATABASE_URL, 1);
  const accounts = await seed(db, config.SECRET_KEY);
  console.log(`seeded ${accounts.length} demo accounts (password: ${demoPassword})`);
  await db.destroy();
}
