// Heavy fields of partners and companies, fetched for a whole page at once: one query per
// expansion, keyed by the owner's id, never one query per row. No column here holds a secret:
// channel credentials and card numbers are never selected.
import type { Db } from './database.js';
import type { MarkupRow } from './companies.repository.js';

export interface ChannelSummaryRow {
  id: string;
  agency_id: string;
  title: string;
  on_by_admin: boolean;
  active_by_supervisor: boolean;
  credential_active: boolean;
  form_of_payment: 'bsp_cash' | 'credit_card' | 'company_balance';
}

export interface PersonSummaryRow {
  id: string;
  owner_id: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface CompanyChannelSummaryRow {
  company_id: string;
  agency_channel_id: string;
  title: string;
  active: boolean;
}

export async function channelsOfAgencies(db: Db, agencyIds: string[]): Promise<ChannelSummaryRow[]> {
  if (agencyIds.length === 0) return [];
  return db
    .selectFrom('agency_channels')
    .select(['id', 'agency_id', 'title', 'on_by_admin', 'active_by_supervisor', 'credential_active', 'form_of_payment'])
    .where('agency_id', 'in', agencyIds)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

export async function supervisorsOfAgencies(db: Db, agencyIds: string[]): Promise<PersonSummaryRow[]> {
  if (agencyIds.length === 0) return [];
  return db
    .selectFrom('accounts')
    .select(['id', 'agency_id as owner_id', 'first_name', 'last_name', 'email'])
    .where('agency_id', 'in', agencyIds)
    .where('user_type', '=', 'Supervisor')
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute() as Promise<PersonSummaryRow[]>;
}

/** Every channel of each company's partner, with the company's switch (no row yet means on). */
export async function channelsOfCompanies(db: Db, companyIds: string[]): Promise<CompanyChannelSummaryRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('companies as c')
    .innerJoin('agency_channels as ac', 'ac.agency_id', 'c.agency_id')
    .leftJoin('company_channels as cc', (j) =>
      j.onRef('cc.agency_channel_id', '=', 'ac.id').onRef('cc.company_id', '=', 'c.id'),
    )
    .select((eb) => [
      'c.id as company_id',
      'ac.id as agency_channel_id',
      'ac.title',
      eb.fn.coalesce('cc.active', eb.lit(true)).as('active'),
    ])
    .where('c.id', 'in', companyIds)
    .orderBy('ac.title')
    .orderBy('ac.id')
    .execute();
}

/** A company's avia managers are its agents: the accounts related to it (the ones `agents_count` counts). */
export async function aviaManagersOfCompanies(db: Db, companyIds: string[]): Promise<PersonSummaryRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('agent_company_relationships as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .select(['a.id', 'r.company_id as owner_id', 'a.first_name', 'a.last_name', 'a.email'])
    .where('r.company_id', 'in', companyIds)
    .orderBy('a.last_name')
    .orderBy('a.first_name')
    .orderBy('a.id')
    .execute();
}

export async function markupsOfCompanies(db: Db, companyIds: string[]): Promise<MarkupRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('markups')
    .selectAll()
    .where('company_id', 'in', companyIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
