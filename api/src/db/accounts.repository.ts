// Accounts with their company and agency, read and changed by id.
import { sql, type Insertable, type Updateable } from 'kysely';
import { compiledOnce } from './compiled-once.js';
import type { Db } from './database.js';
import type { AccountsTable, TermsAcceptancesTable } from './schema.js';

export interface AccountDetailsRow {
  id: string;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
  language: 'en' | 'ua' | 'pl';
  auth_method: 'otp' | 'password';
  onboarding_state: 'initial' | 'privacy' | 'complete';
  agency_permissions: string[] | null;
  booking_visibility: 'own' | 'company' | 'agency' | null;
  terms_accepted_at: Date | null;
  company_id: string | null;
  company_name: string | null;
  balance_amount: string | null;
  balance_currency: string | null;
  agency_id: string | null;
  agency_name: string | null;
  /** Its own company and every company it is related to as an agent, by name. */
  companies: { id: string; name: string }[];
  /** Its own agency and the partners of its companies, by name. */
  agencies: { id: string; name: string }[];
  /** Whether it holds an unrevoked API token (never the token itself). */
  has_api_token: boolean;
  agency_corporate_number_on: boolean | null;
  /** The account, or its agency, is a demo one. */
  demo_user: boolean;
  /** Milliseconds of its agency logo's last change; null when the agency has none. */
  logo_version: string | null;
  /** Issued in the last 30 days, and its agency's median over its active agents and supervisors. */
  score: { issued_30_days: number; agency_median_30_days: number } | null;
}

/** Whether account `a` holds an unrevoked API token (extension credentials are not API tokens). */
const hasApiToken = sql<boolean>`EXISTS (SELECT 1 FROM api_tokens t
  WHERE t.account_id = a.id AND t.source = 'api' AND t.revoked_at IS NULL)`.as('has_api_token');

// The companies an account books for: its own and those it is related to as an agent.
const accountCompanyIds = sql`(SELECT a.company_id UNION SELECT r.company_id FROM agent_company_relationships r WHERE r.account_id = a.id)`;

function accountDetailsQuery(db: Db, accountId: string) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('companies as c', 'c.id', 'a.company_id')
    .leftJoin('agencies as g', 'g.id', 'a.agency_id')
    .select([
      'a.id',
      'a.email',
      'a.phone',
      'a.first_name',
      'a.last_name',
      'a.user_type',
      'a.language',
      'a.auth_method',
      'a.onboarding_state',
      'a.terms_accepted_at',
      'a.agency_permissions',
      'a.booking_visibility',
      'a.company_id',
      'c.name as company_name',
      'c.balance_amount',
      'c.balance_currency',
      'a.agency_id',
      'g.name as agency_name',
      sql<
        { id: string; name: string }[]
      >`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name) ORDER BY x.name, x.id), '[]'::jsonb)
        FROM companies x WHERE x.id IN ${accountCompanyIds})`.as('companies'),
      sql<
        { id: string; name: string }[]
      >`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', y.id, 'name', y.name) ORDER BY y.name, y.id), '[]'::jsonb)
        FROM agencies y WHERE y.id = a.agency_id OR y.id IN (SELECT x.agency_id FROM companies x WHERE x.id IN ${accountCompanyIds}))`.as(
        'agencies',
      ),
      hasApiToken,
      'g.corporate_number_on as agency_corporate_number_on',
      sql<boolean>`a.demo OR coalesce(g.demo, false)`.as('demo_user'),
      sql<
        string | null
      >`(SELECT (extract(epoch FROM l.updated_at) * 1000)::bigint::text FROM agency_logos l WHERE l.agency_id = a.agency_id)`.as(
        'logo_version',
      ),
      // One pass over the agency's people, each counted from bookings_agent_issued_idx.
      sql<{ issued_30_days: number; agency_median_30_days: number } | null>`CASE
        WHEN a.agency_id IS NOT NULL AND a.user_type IN ('Agent', 'Supervisor') THEN (
        SELECT jsonb_build_object(
          'issued_30_days', coalesce(max(s.n) FILTER (WHERE s.id = a.id), 0),
          'agency_median_30_days', coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY s.n), 0))
        FROM (SELECT m.id, (SELECT count(*) FROM bookings b
                WHERE b.agent_id = m.id AND b.issued_at >= now() - interval '30 days') AS n
              FROM accounts m
              WHERE m.agency_id = a.agency_id AND m.user_type IN ('Agent', 'Supervisor')
                AND (m.suspended_at IS NULL OR m.id = a.id)) s) END`.as('score'),
    ])
    .where('a.id', '=', accountId);
}

// Read on every "who am I": building the query was most of its cost in `npm run bench`.
const accountDetails = compiledOnce(accountDetailsQuery);

export async function findAccountDetails(db: Db, accountId: string): Promise<AccountDetailsRow | undefined> {
  const [row] = await accountDetails(db, accountId);
  return row;
}

export async function updateAccount(db: Db, accountId: string, changes: Updateable<AccountsTable>): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', accountId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Where and in which language an account is written to. */
export function findMailAddress(db: Db, accountId: string): Promise<{ email: string; language: string }> {
  return db.selectFrom('accounts').select(['email', 'language']).where('id', '=', accountId).executeTakeFirstOrThrow();
}

/** An account's acceptance of the terms and privacy policy, kept as evidence of which versions. */
export async function insertTermsAcceptance(db: Db, row: Insertable<TermsAcceptancesTable>): Promise<void> {
  await db.insertInto('terms_acceptances').values(row).execute();
}

/** What an account's settings are made of: its suspension, its agency's status, its company, its tokens. */
export function findSettingsFacts(
  db: Db,
  accountId: string,
): Promise<
  | {
      user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
      suspended: boolean;
      agency_status: string | null;
      company_id: string | null;
      has_api_token: boolean;
    }
  | undefined
> {
  return db
    .selectFrom('accounts as a')
    .leftJoin('agencies as g', 'g.id', 'a.agency_id')
    .select([
      'a.user_type',
      sql<boolean>`a.suspended_at IS NOT NULL`.as('suspended'),
      'g.status as agency_status',
      'a.company_id',
      hasApiToken,
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}
