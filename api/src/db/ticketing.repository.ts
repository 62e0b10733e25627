// Gates, source channels, agency channels (with their source's surfaces and their card), company
// channels and credit cards, as the back office reads and changes them.
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from './database.js';
import type { AgencyChannelsTable, CreditCardsTable } from './schema.js';

export async function gateStates(db: Db): Promise<{ main: boolean; agency: boolean; channel: boolean }> {
  const rows = await db.selectFrom('ticketing_gates').select(['gate', 'active']).execute();
  const of = (gate: string) => rows.find((r) => r.gate === gate)?.active ?? true;
  return { main: of('main'), agency: of('agency'), channel: of('channel') };
}

export async function setGate(db: Db, gate: 'main' | 'agency' | 'channel', active: boolean, at: Date) {
  await db.updateTable('ticketing_gates').set({ active, updated_at: at }).where('gate', '=', gate).execute();
}

export interface SourceChannelRow {
  id: string;
  carrier: string;
  title: string;
  api: boolean;
  web: boolean;
  extension: boolean;
}

export async function findSourceChannels(db: Db, f: { id?: string }, page = { page: 1, perPage: 1 }) {
  let base = db.selectFrom('source_channels');
  if (f.id) base = base.where('id', '=', f.id);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'carrier', 'title', 'api', 'web', 'extension'])
      .orderBy('carrier')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as SourceChannelRow[], total: Number(count.n) };
}

export async function setSurface(db: Db, id: string, surface: 'api' | 'web' | 'extension', on: boolean) {
  await db
    .updateTable('source_channels')
    .set({ [surface]: on })
    .where('id', '=', id)
    .execute();
}

export interface CardRow {
  id: string;
  agency_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  created_at: Date;
}

const cardColumns = ['id', 'agency_id', 'brand', 'last4', 'exp_month', 'exp_year', 'holder', 'created_at'] as const;

export async function findCards(db: Db, f: { id?: string; agencyId?: string }, page = { page: 1, perPage: 1 }) {
  let base = db.selectFrom('credit_cards');
  if (f.id) base = base.where('id', '=', f.id);
  if (f.agencyId) base = base.where('agency_id', '=', f.agencyId);
  const [rows, count] = await Promise.all([
    // Never the ciphertext: the number stays in the database.
    base
      .select(cardColumns)
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CardRow[], total: Number(count.n) };
}

export async function insertCard(db: Db, row: Insertable<CreditCardsTable>) {
  await db.insertInto('credit_cards').values(row).execute();
}

export async function updateCard(db: Db, id: string, changes: Updateable<CreditCardsTable>) {
  await db.updateTable('credit_cards').set(changes).where('id', '=', id).execute();
}

/** Channels that pay with the card fall back to BSP cash before the card goes. */
export async function deleteCard(db: Db, id: string) {
  await db
    .updateTable('agency_channels')
    .set({ form_of_payment: 'bsp_cash', ticketing_credit_card_id: null })
    .where('ticketing_credit_card_id', '=', id)
    .execute();
  await db.deleteFrom('credit_cards').where('id', '=', id).execute();
}

export interface AgencyChannelRow {
  id: string;
  agency_id: string;
  source_channel_id: string;
  carrier: string;
  title: string;
  on_by_admin: boolean;
  active_by_supervisor: boolean;
  form_of_payment: 'bsp_cash' | 'credit_card' | 'company_balance';
  ticketing_credit_card_id: string | null;
  nego_code: string | null;
  resident_fares_code: string | null;
  credential_active: boolean;
  api: boolean;
  web: boolean;
  extension: boolean;
  updated_at: Date;
}

function agencyChannels(db: Db, f: { id?: string; agencyId?: string }) {
  let base = db.selectFrom('agency_channels as ac').innerJoin('source_channels as s', 's.id', 'ac.source_channel_id');
  if (f.id) base = base.where('ac.id', '=', f.id);
  if (f.agencyId) base = base.where('ac.agency_id', '=', f.agencyId);
  return base;
}

export async function findAgencyChannels(
  db: Db,
  f: { id?: string; agencyId?: string },
  page = { page: 1, perPage: 1 },
) {
  const [rows, count] = await Promise.all([
    agencyChannels(db, f)
      // Never the credential's ciphertext: only whether it is active.
      .select([
        'ac.id',
        'ac.agency_id',
        'ac.source_channel_id',
        's.carrier',
        'ac.title',
        'ac.on_by_admin',
        'ac.active_by_supervisor',
        'ac.form_of_payment',
        'ac.ticketing_credit_card_id',
        'ac.nego_code',
        'ac.resident_fares_code',
        'ac.credential_active',
        's.api',
        's.web',
        's.extension',
        'ac.updated_at',
      ])
      .orderBy('s.carrier')
      .orderBy('ac.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    agencyChannels(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AgencyChannelRow[], total: Number(count.n) };
}

export async function insertAgencyChannel(db: Db, row: Insertable<AgencyChannelsTable>) {
  await db.insertInto('agency_channels').values(row).execute();
}

export async function updateAgencyChannel(db: Db, id: string, changes: Updateable<AgencyChannelsTable>) {
  await db.updateTable('agency_channels').set(changes).where('id', '=', id).execute();
}

export async function deleteAgencyChannel(db: Db, id: string) {
  await db.deleteFrom('agency_channels').where('id', '=', id).execute();
}

/** Copies a partner's channels as settings only: credentials and cards are the source partner's secrets. */
export async function copyAgencyChannels(db: Db, fromAgency: string, toAgency: string, newId: () => string) {
  const channels = await db.selectFrom('agency_channels').selectAll().where('agency_id', '=', fromAgency).execute();
  if (channels.length === 0) return;
  await db
    .insertInto('agency_channels')
    .values(
      channels.map((c) => ({
        id: newId(),
        agency_id: toAgency,
        source_channel_id: c.source_channel_id,
        title: c.title,
        on_by_admin: c.on_by_admin,
        active_by_supervisor: c.active_by_supervisor,
        form_of_payment: c.form_of_payment === 'credit_card' ? 'bsp_cash' : c.form_of_payment,
        ticketing_credit_card_id: null,
        nego_code: c.nego_code,
        resident_fares_code: c.resident_fares_code,
        credential_ciphertext: null,
        credential_active: false,
      })),
    )
    .execute();
}

export interface CompanyChannelRow {
  id: string;
  company_id: string;
  agency_channel_id: string;
  active: boolean;
  agency_id: string | null;
}

/** One row for each channel of the company's partner; missing ones are made (on, as no row means). */
export async function ensureCompanyChannels(db: Db, companyId: string, newId: () => string) {
  const missing = await db
    .selectFrom('agency_channels as ac')
    .innerJoin('companies as c', 'c.agency_id', 'ac.agency_id')
    .leftJoin('company_channels as cc', (j) =>
      j.onRef('cc.agency_channel_id', '=', 'ac.id').on('cc.company_id', '=', companyId),
    )
    .where('c.id', '=', companyId)
    .where('cc.id', 'is', null)
    .select('ac.id')
    .execute();
  if (missing.length === 0) return;
  await db
    .insertInto('company_channels')
    .values(missing.map((m) => ({ id: newId(), company_id: companyId, agency_channel_id: m.id, active: true })))
    .onConflict((oc) => oc.columns(['company_id', 'agency_channel_id']).doNothing())
    .execute();
}

export async function findCompanyChannels(
  db: Db,
  f: { id?: string; companyId?: string },
  page = { page: 1, perPage: 1 },
) {
  let base = db
    .selectFrom('company_channels as cc')
    .innerJoin('companies as c', 'c.id', 'cc.company_id')
    .innerJoin('agency_channels as ac', 'ac.id', 'cc.agency_channel_id')
    // Only channels of the partner the company belongs to now.
    .whereRef('ac.agency_id', '=', sql.ref('c.agency_id'));
  if (f.id) base = base.where('cc.id', '=', f.id);
  if (f.companyId) base = base.where('cc.company_id', '=', f.companyId);
  const [rows, count] = await Promise.all([
    base
      .select(['cc.id', 'cc.company_id', 'cc.agency_channel_id', 'cc.active', 'c.agency_id'])
      .orderBy('cc.agency_channel_id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CompanyChannelRow[], total: Number(count.n) };
}

export async function setCompanyChannel(db: Db, id: string, active: boolean, at: Date) {
  await db.updateTable('company_channels').set({ active, updated_at: at }).where('id', '=', id).execute();
}
